import { useTranslations } from "next-intl";
import { Shell } from "@/components/shell/shell";
import { ExperienceCardClient } from "@/components/network/experience-card-client";
import { loadAntdLocale } from "@/lib/antd-locale";
import { pageMetadata } from "@/lib/metadata";
import { PAGES } from "@/lib/pages";
import { routeContext, routeLocale, type RouteParams } from "@/lib/route-params";
import styles from "@/components/network/network.module.css";

export async function generateMetadata({ params }: { params: RouteParams }) {
  return pageMetadata(await routeLocale(params), "experienceCard");
}

/**
 * /affiliates/experience-card (always dark, requirements.md §2): what experience cards are, for everyone; the claim card, the
 * affiliate's cards or an invitation, per user on the client.
 */
export default async function ExperienceCardPage({ params }: { params: RouteParams }) {
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page={PAGES.experienceCard.path}>
      <Intro />
      <ExperienceCardClient antdLocale={await loadAntdLocale(locale)} />
      <HowItWorks />
    </Shell>
  );
}

function Intro() {
  const t = useTranslations("experienceCardPage");
  return (
    <section className={styles.hero} aria-labelledby="cards-hero-title">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1 id="cards-hero-title">{t("title")}</h1>
      <p className="lead">{t("lead")}</p>
    </section>
  );
}

const STEPS = ["step1", "step2", "step3"] as const;
const RULES = ["rule1", "rule2", "rule3", "rule4"] as const;

function HowItWorks() {
  const t = useTranslations("experienceCardPage");
  return (
    <>
      <section className="section" aria-labelledby="cards-how-title">
        <h2 id="cards-how-title">{t("howTitle")}</h2>
        <ol className={styles.steps}>
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
      <section className="section" aria-labelledby="cards-rules-title">
        <h2 id="cards-rules-title">{t("rulesTitle")}</h2>
        <ul className={styles.rules}>
          {RULES.map((rule) => (
            <li key={rule}>{t(rule)}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
