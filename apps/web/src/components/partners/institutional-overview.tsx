import { useLocale, useTranslations } from "next-intl";
import { useLocaleFormat } from "@/lib/format-hook";
import { isLocale, localePath } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { FeatureList } from "./feature-list";
import { PartnerFaq } from "./partner-faq";
import type { ProgrammeAnswer } from "./partner-units";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";

/** Services for institutions (sub-accounts, OTC, custody, API, support) from the API, with a pointer to the pro offer. */
export function InstitutionalOverview({ data }: { data: ProgrammeAnswer<"institutional"> | undefined }) {
  const t = useTranslations("partners.institutional");
  const tc = useTranslations("partners");
  const format = useLocaleFormat();
  const locale = useLocale();
  const usdt = (value: number) => tc("usdt", { value: format.number(value) });
  return (
    <>
      <section className="section" aria-labelledby="institutional-services-title">
        <h2 id="institutional-services-title">{t("servicesTitle")}</h2>
        <FeatureList
          group="institutional"
          features={data?.services}
          testId="institutional-services"
          formatValue={{ otc: usdt, custody: (v) => format.number(v / 100, { style: "percent" }) }}
        />
      </section>
      <section className="section" aria-labelledby="institutional-pro-title">
        <div className="card" data-testid="institutional-pro-teaser">
          <h2 id="institutional-pro-title">{t("proTitle")}</h2>
          <p>
            {data ? (
              t("proBody", { volume: usdt(data.pro.minMonthlyVolumeUsdt), assets: usdt(data.pro.minAssetsUsdt) })
            ) : (
              <Ghost>
                {t("proBody", {
                  volume: tc("usdt", { value: GHOST_FIGURE }),
                  assets: tc("usdt", { value: GHOST_FIGURE }),
                })}
              </Ghost>
            )}
          </p>
          {isLocale(locale) && (
            <a className="button button-ghost partner-thumb" href={localePath(locale, PAGES.institutionalPro.path)}>
              {t("proLink")}
            </a>
          )}
        </div>
      </section>
      <PartnerFaq items={data?.faq ?? []} id="institutional" />
    </>
  );
}

/** The pro offer: who qualifies (volume or assets) and what it includes, from the API. */
export function InstitutionalProOverview({ data }: { data: ProgrammeAnswer<"institutional"> | undefined }) {
  const t = useTranslations("partners.pro");
  const tc = useTranslations("partners");
  const format = useLocaleFormat();
  const locale = useLocale();
  const usdt = (value: number) => tc("usdt", { value: format.number(value) });
  return (
    <>
      <section className="section" aria-labelledby="pro-requirement-title">
        <h2 id="pro-requirement-title">{t("requirementTitle")}</h2>
        <dl className="figures" data-testid="pro-requirement">
          <div className="figure card">
            <dt>{t("minVolume")}</dt>
            <dd>{data ? usdt(data.pro.minMonthlyVolumeUsdt) : "\u00a0"}</dd>
          </div>
          <div className="figure card">
            <dt>{t("minAssets")}</dt>
            <dd>{data ? usdt(data.pro.minAssetsUsdt) : "\u00a0"}</dd>
          </div>
        </dl>
        <p className="muted">{t("requirementNote")}</p>
      </section>
      <section className="section" aria-labelledby="pro-offers-title">
        <h2 id="pro-offers-title">{t("offersTitle")}</h2>
        <FeatureList
          group="pro"
          features={data?.pro.offers}
          testId="pro-offers"
          formatValue={{ vipLevel: (v) => `VIP${v}`, otcDesk: usdt }}
        />
        {isLocale(locale) && (
          <p>
            <a href={localePath(locale, PAGES.institutional.path)}>{t("backToServices")}</a>
          </p>
        )}
      </section>
    </>
  );
}
