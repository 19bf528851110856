import { useMessages, useTranslations } from "next-intl";
import type { EndpointAnswer } from "@affiliates/contracts/endpoint-schemas";
import { isKeyOf } from "@/lib/message-keys";
import { useLocaleFormat } from "@/lib/format-hook";
import { formatBps } from "@/lib/bps";
import { FaqList } from "@/components/safe/faq-list";
import { NUM_TAG } from "@/lib/bidi";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";
import { TierTable } from "./tier-table";

/** Counts are whole numbers; volumes are compact ("1.5M"), the space of a table cell is short. */
const COUNT = { maximumFractionDigits: 0 } as const;
const COMPACT = { notation: "compact", maximumFractionDigits: 1 } as const;
/** The seeded programme's levels: the rows held while the answer is on its way. */
const PLACEHOLDER_ROWS = 3;

export type AffiliateProgramme = EndpointAnswer<"affiliateProgramme">;

/**
 * The programme's figures: the headline rate, the commission levels, benefits and FAQ (none yet: ghosts). It renders
 * on the server (programme-overview.tsx) as in the browser, so it formats with the page's locale alone.
 */
export function ProgrammeOverviewView({ data }: { data: AffiliateProgramme | undefined }) {
  const t = useTranslations("programme");
  const benefits = useMessages().programme.benefits;
  const format = useLocaleFormat();
  const percent = (bps: number) => formatBps(format, bps);
  // Column names, also each cell's label in the phone card view.
  const columns = {
    newTraders: t("newTraders"),
    volume: t("volume"),
    spotRate: t("spotRate"),
    futuresRate: t("futuresRate"),
  };
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
