import { useTranslations } from "next-intl";
import { localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { LegalDialog } from "./legal-dialog";
import { CopyrightYear } from "./copyright-year";

export function Footer({ locale }: { locale: Locale }) {
  const t = useTranslations("footer");
  const tn = useTranslations("nav");
  return (
    <footer className="site-footer" aria-label={t("label")}>
      <div className="footer-inner">
        <section>
          <h2>{t("products")}</h2>
          <ul>
            <li>
              <a href={localePath(locale, PAGES.home.path)}>{tn("affiliates")}</a>
            </li>
            <li>
              <a href={localePath(locale, PAGES.dashboard.path)}>{tn("dashboard")}</a>
            </li>
            <li>
              <a href={localePath(locale, PAGES.fee.path)}>{t("fees")}</a>
            </li>
            <li>
              <a href={localePath(locale, PAGES.experienceCard.path)}>{t("experienceCard")}</a>
            </li>
          </ul>
        </section>
        <section>
          <h2>{tn("vip")}</h2>
          <ul>
            <li>
              <a href={localePath(locale, PAGES.vipIntroduce.path)}>{tn("vip")}</a>
            </li>
            <li>
              <a href={localePath(locale, PAGES.vipGuide.path)}>{t("vipGuide")}</a>
            </li>
            <li>
              <a href={localePath(locale, PAGES.vipAirdrop.path)}>{t("airdrop")}</a>
            </li>
          </ul>
        </section>
        <section>
          <h2>{tn("more")}</h2>
          <ul>
            <li>
              <a href={localePath(locale, PAGES.broker.path)}>{tn("broker")}</a>
            </li>
            <li>
              <a href={localePath(locale, PAGES.marketMaker.path)}>{tn("marketMaker")}</a>
            </li>
            <li>
              <a href={localePath(locale, PAGES.institutional.path)}>{tn("institutional")}</a>
            </li>
            <li>
              <a href={localePath(locale, PAGES.incubation.path)}>{t("incubation")}</a>
            </li>
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
        <p className="footer-risk">{t("riskShort")}</p>
        <p className="footer-copyright">
          <CopyrightYear />
        </p>
      </div>
    </footer>
  );
}
