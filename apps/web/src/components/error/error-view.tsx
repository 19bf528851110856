"use client";
import { useTranslations } from "next-intl";

interface Props {
  /** The status code; "Error" is shown when there is none (spec §2). */
  status?: number | string;
  /** The message; the generic unknown-error text when there is none. */
  message?: string;
}

/** The error page body: status, message, and a retry link that reloads the page. */
export function ErrorView({ status, message }: Props) {
  const t = useTranslations("error");
  return (
    <section className="section error-view" aria-labelledby="error-title">
      <p className="error-status" aria-label={t("statusLabel")}>{status ?? t("heading")}</p>
      <h1 id="error-title">{message ?? t("unknown")}</h1>
      <a className="button button-primary" href="" data-testid="retry" onClick={(event) => {
        event.preventDefault();
        window.location.reload();
      }}>
        {t("retry")}
      </a>
    </section>
  );
}
