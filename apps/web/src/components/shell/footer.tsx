import { useTranslations } from "next-intl";
import { isDarkOnlyPath, localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { LegalDialog } from "./legal-dialog";
import { CopyrightYear } from "./copyright-year";
import { FooterAccount } from "./footer-account";
import { LanguagePicker } from "./language-picker";
import { ThemeToggle } from "./theme-toggle";

/**
 * Site footer (requirements.md §2): receives the locale, the page path (its link is marked current; the language links keep the
 * page), the theme (its switch, through the theme context; none on the always-dark pages) and, through the session,
 * the user info when a userId exists.
 */
export function Footer({ locale, page }: { locale: Locale; page: string }) {
  const t = useTranslations("footer");
  const tn = useTranslations("nav");
  const switchable = !isDarkOnlyPath(localePath(locale, page));
  const link = (path: string, label: string) => (
    <a href={localePath(locale, path)} aria-current={path === page ? "page" : undefined}>
      {label}
    </a>
  );
  return (
    <footer className="site-footer" aria-label={t("label")}>
      <div className="footer-inner">
        <section>
          <h2>{t("products")}</h2>
          <ul>
            <li>{link(PAGES.home.path, tn("affiliates"))}</li>
            <li>{link(PAGES.dashboard.path, tn("dashboard"))}</li>
            <li>{link(PAGES.fee.path, t("fees"))}</li>
            <li>{link(PAGES.experienceCard.path, t("experienceCard"))}</li>
          </ul>
        </section>
        <section>
          <h2>{tn("vip")}</h2>
          <ul>
            <li>{link(PAGES.vipIntroduce.path, tn("vip"))}</li>
            <li>{link(PAGES.vipGuide.path, t("vipGuide"))}</li>
            <li>{link(PAGES.vipAirdrop.path, t("airdrop"))}</li>
          </ul>
        </section>
        <section>
          <h2>{tn("more")}</h2>
          <ul>
            <li>{link(PAGES.broker.path, tn("broker"))}</li>
            <li>{link(PAGES.marketMaker.path, tn("marketMaker"))}</li>
            <li>{link(PAGES.institutional.path, tn("institutional"))}</li>
            <li>{link(PAGES.incubation.path, t("incubation"))}</li>
          </ul>
        </section>
        <section>
          <h2>{t("support")}</h2>
          <ul>
            <li>
              <a href={localePath(locale, PAGES.home.path) + "#faq"}>{t("help")}</a>
            </li>
            <li>
              <LegalDialog locale={locale} />
            </li>
          </ul>
        </section>
        <div className="footer-bar">
          <FooterAccount />
          <div className="footer-settings" role="group" aria-label={t("settings")}>
            <LanguagePicker locale={locale} page={page} variant="footer" />
            {switchable && <ThemeToggle footer />}
          </div>
        </div>
        <p className="footer-risk">{t("riskShort")}</p>
        <p className="footer-copyright">
          <CopyrightYear />
        </p>
      </div>
    </footer>
  );
}
