"use client";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import type { AffiliateProgramme } from "@affiliates/contracts";
import { FaqList } from "@/components/safe/faq-list";
import { http } from "@/lib/http";
import { useApi } from "@/lib/use-api";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { NUM_TAG } from "@/lib/bidi";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";

export const PROGRAMME_PATH = "v1/affiliate/programme";

/** The programme's figures from the exchange API: the headline rate, the commission levels, benefits and FAQ. */
export function ProgrammeOverview() {
  const t = useTranslations("programme");
  const format = useFormat();
  const locale = useLocale();
  // The FAQ's language follows the `Locale` header (src/lib/http.ts sends the page's locale); one cache entry per locale.
  const { data, error } = useApi(`${PROGRAMME_PATH}?locale=${locale}`, () => http.get<AffiliateProgramme>(PROGRAMME_PATH));
  const percent = useBpsPercent();

  if (error && !data) return <p className="section" role="alert">{t("loadFailed")}</p>;
  return (
    <>
      <p className="headline-rate" data-testid="headline-rate" aria-live="polite">
        {data ? t.rich("headlineRate", { rate: percent(data.headlineMaxRateBps), ...NUM_TAG }) : <Ghost>{t.rich("headlineRate", { rate: GHOST_FIGURE, ...NUM_TAG })}</Ghost>}
      </p>
      <section className="section" aria-labelledby="levels-title">
        <h2 id="levels-title">{t("levelsTitle")}</h2>
        <div className="table-scroll">
          <table className="data-table levels-table" aria-busy={!data}>
            <caption>{t("levelsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("level")}</th>
                <th scope="col">{t("newTraders")}</th>
                <th scope="col">{t("volume")}</th>
                <th scope="col">{t("spotRate")}</th>
                <th scope="col">{t("futuresRate")}</th>
              </tr>
            </thead>
            <tbody>
              {(data?.levels ?? []).map((level) => (
                <tr key={level.level}>
                  <th scope="row">{level.name}</th>
                  <td>{t("atLeast", { value: format.number(level.monthlyNewTraders) })}</td>
                  <td>{t("atLeast", { value: format.number(level.monthlyVolumeUsdt, { notation: "compact" }) })}</td>
                  <td>{percent(level.spotRateBps)}</td>
                  <td>{percent(level.futuresRateBps)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="section" aria-labelledby="benefits-title">
        <h2 id="benefits-title">{t("benefitsTitle")}</h2>
        <ul className="benefits">
          {(data?.benefits ?? []).map((key) => (
            <li key={key} className="card">{t.has(`benefits.${key}`) ? t(`benefits.${key}`) : key}</li>
          ))}
        </ul>
      </section>
      <section className="section" id="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">{t("faqTitle")}</h2>
        <FaqList items={data?.faq ?? []} testId="faq" />
      </section>
    </>
  );
}
