import { useTranslations } from "next-intl";
import { isDarkOnlyPath, localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { LanguagePicker } from "./language-picker";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

const NAV = [
  { key: "affiliates", path: PAGES.home.path },
  { key: "dashboard", path: PAGES.dashboard.path },
  { key: "vip", path: PAGES.vipIntroduce.path },
  { key: "fee", path: PAGES.fee.path },
  { key: "broker", path: PAGES.broker.path },
  { key: "marketMaker", path: PAGES.marketMaker.path },
  { key: "institutional", path: PAGES.institutional.path },
] as const;

/** Site header (spec §2): receives the locale, theme (via context), the page path and, through the session, user info. */
export function Header({ locale, page }: { locale: Locale; page: string }) {
  const t = useTranslations();
  const switchable = !isDarkOnlyPath(localePath(locale, page));
  return (
    <header className="site-header">
      <div className="header-inner">
        <a className="brand" href={localePath(locale)} aria-label={t("header.home")}>
          <svg aria-hidden="true" viewBox="0 0 32 32" width="26" height="26">
            <path d="M4 16 16 4l12 12-12 12z" fill="var(--color-primary)" />
            <path d="M11 16 16 11l5 5-5 5z" fill="var(--surface)" />
          </svg>
          <span>{t("brand.programme")}</span>
        </a>
        <nav className="main-nav" aria-label={t("nav.label")}>
          <ul>
            {NAV.map((item) => (
              <li key={item.key}>
                <a href={localePath(locale, item.path)} aria-current={item.path === page ? "page" : undefined}>
                  {t(`nav.${item.key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <LanguagePicker locale={locale} page={page} />
          {switchable && <ThemeToggle />}
          <UserMenu locale={locale} page={page} />
        </div>
      </div>
    </header>
  );
}
