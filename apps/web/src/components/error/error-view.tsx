"use client";
import { useTranslations } from "next-intl";
import { localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import styles from "./error-pages.module.css";

interface Props {
  locale: Locale;
  /** The status code; "Error" is shown when there is none (requirements.md §2). */
  status?: number | string;
  /** The message; the generic unknown-error text when there is none. */
  message?: string;
}

/** The error page body: status, message, a retry link that reloads the page, and a way back to the programme. */
export function ErrorView({ locale, status, message }: Props) {
  const t = useTranslations("error");
  const ts = useTranslations("status.errorPage");
  return (
    <section className="section error-view" aria-labelledby="error-title">
      <p className="error-status" aria-label={t("statusLabel")}>
        {status ?? t("heading")}
      </p>
      <h1 id="error-title">{message ?? t("unknown")}</h1>
      <div className={styles.actions}>
        <a
          className="button button-primary"
          href=""
          data-testid="retry"
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
        >
          {t("retry")}
        </a>
        <a className="button button-ghost" href={localePath(locale, PAGES.home.path)} data-testid="error-home">
          {ts("home")}
        </a>
      </div>
    </section>
  );
}
