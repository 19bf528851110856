import { useTranslations } from "next-intl";
import { localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { MAIN_PAGES } from "./main-pages";
import styles from "./error-pages.module.css";

/**
 * The not-found page's body, rendered on the server (its text and links are in the HTML, also without scripts): the
 * status, what happened, and the main pages to go on to.
 */
export function NotFoundView({ locale }: { locale: Locale }) {
  const t = useTranslations("status.notFound");
  const te = useTranslations("error");
  return (
    <section className="section error-view" aria-labelledby="error-title" data-testid="not-found">
      <p className="error-status" aria-label={te("statusLabel")}>
        404
      </p>
      <h1 id="error-title">{t("heading")}</h1>
      <p className={`lead ${styles.intro}`}>{t("body")}</p>
      <nav className={styles.pages} aria-labelledby="not-found-pages">
        <h2 id="not-found-pages">{t("pagesTitle")}</h2>
        <ul className="link-grid">
          {MAIN_PAGES.map((page) => (
            <li key={page}>
              <a className="card link-card" href={localePath(locale, PAGES[page].path)} data-page={page}>
                <strong>{t(`links.${page}`)}</strong>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
