"use client";
import { useLocale, useMessages, useTranslations } from "next-intl";
import { isKeyOf } from "@/lib/message-keys";
import { useFormat } from "@/lib/format-hook";
import { FaqList } from "@/components/safe/faq-list";
import { useEndpointOnDemand } from "@/lib/endpoint-demand";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { NUM_TAG } from "@/lib/bidi";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { TierTable } from "./tier-table";

/** Counts are whole numbers; volumes are compact ("1.5M"), the space of a table cell is short. */
const COUNT = { maximumFractionDigits: 0 } as const;
const COMPACT = { notation: "compact", maximumFractionDigits: 1 } as const;
/** The seeded programme's levels: the rows held while the answer is on its way. */
const PLACEHOLDER_ROWS = 3;

/** The programme's figures from the exchange API: the headline rate, the commission levels, benefits and FAQ. */
export function ProgrammeOverview() {
  const t = useTranslations("programme");
  const benefits = useMessages().programme.benefits;
  const format = useFormat();
  const locale = useLocale();
  // The FAQ's language follows the `Locale` header (src/lib/http.ts sends the page's locale); one cache entry per locale.
  const { data, error, refresh } = useEndpointOnDemand("affiliateProgramme", {}, { varies: { locale } });
  const percent = useBpsPercent();
  // Column names, also each cell's label in the phone card view.
  const columns = {
    newTraders: t("newTraders"),
    volume: t("volume"),
    spotRate: t("spotRate"),
    futuresRate: t("futuresRate"),
  };

  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <div className="section">
        <LoadProblem result={{ data, error, refresh }} failed={t("loadFailed")} />
      </div>
    );
  }
  return (
    <>
      <p className="headline-rate" data-testid="headline-rate" aria-live="polite">
        {data ? (
          t.rich("headlineRate", { rate: percent(data.headlineMaxRateBps), ...NUM_TAG })
        ) : (
          <Ghost>{t.rich("headlineRate", { rate: GHOST_FIGURE, ...NUM_TAG })}</Ghost>
        )}
      </p>
      <section className="section" aria-labelledby="levels-title">
        <h2 id="levels-title">{t("levelsTitle")}</h2>
        <div className="table-scroll">
          <TierTable
            className="data-table levels-table"
            attributes={{ "data-testid": "levels-table" }}
            caption={t("levelsCaption")}
            rowHeader={t("level")}
            loading={!data}
            placeholderRows={PLACEHOLDER_ROWS}
            rows={data?.levels ?? []}
            rowKey={(level) => level.level}
            rowName={(level) => level.name}
            columns={[
              {
                key: "newTraders",
                label: columns.newTraders,
                cell: (level) => t("atLeast", { value: format.number(level.monthlyNewTraders, COUNT) }),
              },
              {
                key: "volume",
                label: columns.volume,
                cell: (level) => t("atLeast", { value: format.number(level.monthlyVolumeUsdt, COMPACT) }),
              },
              { key: "spotRate", label: columns.spotRate, cell: (level) => percent(level.spotRateBps) },
              { key: "futuresRate", label: columns.futuresRate, cell: (level) => percent(level.futuresRateBps) },
            ]}
          />
        </div>
      </section>
      <section className="section" aria-labelledby="benefits-title">
        <h2 id="benefits-title">{t("benefitsTitle")}</h2>
        <ul className="benefits">
          {(data?.benefits ?? []).map((key) => (
            <li key={key} className="card">
              {isKeyOf(benefits, key) ? t(`benefits.${key}`) : key}
            </li>
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
