import { useTranslations } from "next-intl";
import { localePath, type Locale } from "@affiliates/locales";
import { Shell } from "@/components/shell/shell";
import { VipGuide } from "@/components/vip/vip-guide";
import { VipLinks } from "@/components/vip/vip-links";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "vipGuide");
}

export default async function VipGuidePage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.vipGuide.path}>
      <GuideIntro locale={locale} />
      <VipGuide locale={locale} />
    </Shell>
  );
}

const STEPS = ["trade", "hold", "highest"] as const;

function GuideIntro({ locale }: { locale: Locale }) {
  const t = useTranslations("vipPages");
  return (
    <>
      <section className="section" aria-labelledby="vip-guide-title">
        <h1 id="vip-guide-title">{t("guideHeading")}</h1>
        <p className="lead">{t("guideLead")}</p>
      </section>
      <section className="section" aria-labelledby="vip-qualify-steps">
        <h2 id="vip-qualify-steps">{t("qualifyTitle")}</h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step} className="card">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <p>{t(`qualifySteps.${step}`)}</p>
            </li>
          ))}
        </ol>
        <VipLinks names={["spot", "futures", "deposit"]} />
        <p>
          <a href={localePath(locale, PAGES.vipIntroduce.path)}>{t("introHeading")}</a>
        </p>
      </section>
    </>
  );
}
