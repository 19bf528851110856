import { useTranslations } from "next-intl";
import type { Locale } from "@affiliates/locales";
import { Shell } from "@/components/shell/shell";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";
import { HomeCallToAction } from "@/components/home/home-call-to-action";
import { ExchangeLinks } from "@/components/deep-links/exchange-links";
import { ProgrammeOverview } from "@/components/programme/programme-overview";
import { SafeImage } from "@/components/safe/safe-image";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "home");
}

export default async function HomePage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.home.path}>
      <Home locale={locale} />
    </Shell>
  );
}

const STEPS = ["step1", "step2", "step3"] as const;

function Home({ locale }: { locale: Locale }) {
  const t = useTranslations("home");
  const tp = useTranslations("programme");
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">{t("eyebrow")}</p>
        <h1 id="hero-title">{t("headline")}</h1>
        <p className="lead">{t("subhead")}</p>
        <HomeCallToAction locale={locale} />
      </section>
      <ProgrammeOverview locale={locale} />
      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">{t("howTitle")}</h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step} className="card">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`${step}Title`)}</h3>
              <p>{t(`${step}Body`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <SafeImage
        src="/affiliates/static/images/network.png"
        alt={tp("imageAlt")}
        width={1200}
        height={800}
        sizes="(max-width: 1200px) 100vw, 1168px"
        className="programme-art"
      />
      <ExchangeLinks locale={locale} />
    </>
  );
}
