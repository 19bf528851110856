import { useTranslations } from "next-intl";
import { localePath, type Locale } from "@affiliates/locales";
import { Shell } from "@/components/shell/shell";
import { ExchangeLinks } from "@/components/deep-links/exchange-links";
import { VipProgramme } from "@/components/vip/vip-programme";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "vipIntroduce");
}

export default async function VipIntroducePage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.vipIntroduce.path}>
      <VipIntroduction locale={locale} />
      <VipProgramme locale={locale} />
      <ExchangeLinks locale={locale} />
    </Shell>
  );
}

function VipIntroduction({ locale }: { locale: Locale }) {
  const t = useTranslations("vipPages");
  return (
    <>
      <section className="hero" aria-labelledby="vip-title">
        <p className="eyebrow">{t("introEyebrow")}</p>
        <h1 id="vip-title">{t("introHeading")}</h1>
        <p className="lead">{t("introLead")}</p>
        <div className="cta">
          <a className="button button-primary button-large" href={localePath(locale, PAGES.vipDetail.path)}>
            {t("myLevel")}
          </a>
          <a className="button button-ghost button-large" href={localePath(locale, PAGES.vipGuide.path)}>
            {t("readGuide")}
          </a>
        </div>
      </section>
      <section className="section" aria-labelledby="vip-how-title">
        <h2 id="vip-how-title">{t("howTitle")}</h2>
        <p className="lead">{t("howBody")}</p>
      </section>
    </>
  );
}
