import { useTranslations } from "next-intl";

/** A partner page's heading (server-rendered, so title and intro are in the pre-rendered HTML) and its call to apply. */
export function PartnerHero({
  page,
}: {
  page: "broker" | "marketMaker" | "institutional" | "institutionalPro" | "incubation";
}) {
  const t = useTranslations(`partnerPages.${page}`);
  return (
    <section className="hero" aria-labelledby="partner-title">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1 id="partner-title">{t("heading")}</h1>
      <p className="lead">{t("intro")}</p>
      <div className="partner-hero-actions">
        <a className="button button-primary button-large" href="#apply">
          {t("cta")}
        </a>
      </div>
    </section>
  );
}
