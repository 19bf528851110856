import { useTranslations } from "next-intl";
import { useLocaleFormat } from "@/lib/format-hook";
import { FeatureList } from "./feature-list";
import { PartnerFaq } from "./partner-faq";
import { BPS, PPM, type ProgrammeAnswer } from "./partner-units";
import { useIsolate } from "@/lib/use-isolate";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";
import { TierTable } from "@/components/programme/tier-table";

const PLACEHOLDER_ROWS = 3;

/** Maker rebate tiers from the API: negative maker fees, taker fees, API rate limits, the minimum maker ratio. */
export function MarketMakerOverview({ data }: { data: ProgrammeAnswer<"marketMaker"> | undefined }) {
  const t = useTranslations("partners.marketMaker");
  const isolate = useIsolate();
  const tc = useTranslations("partners");
  const format = useLocaleFormat();
  const fee = (ppm: number) =>
    format.number(ppm / PPM, { style: "percent", minimumFractionDigits: 3, maximumFractionDigits: 4 });
  const ratio = (bps: number) => format.number(bps / BPS, { style: "percent", maximumFractionDigits: 2 });
  const compact = (usdt: number) => format.number(usdt, { notation: "compact", maximumFractionDigits: 1 });
  // Column names, also each cell's label in the phone card view.
  const labels = {
    monthlyVolume: t("monthlyVolume"),
    makerFee: t("makerFee"),
    takerFee: t("takerFee"),
    apiLimit: t("apiLimit"),
    makerRatio: t("makerRatio"),
  };
  const tiers = data?.tiers ?? [];
  const best = tiers.reduce<number | null>(
    (min, tier) => (min === null || tier.makerFeePpm < min ? tier.makerFeePpm : min),
    null,
  );
  const minRatio = tiers.reduce<number | null>(
    (min, tier) => (min === null || tier.minMakerRatioBps < min ? tier.minMakerRatioBps : min),
    null,
  );
  return (
    <>
      <p className="headline-rate" data-testid="maker-headline" aria-live="polite">
        {best !== null ? (
          t("headline", { fee: isolate(fee(best)) })
        ) : (
          <Ghost>{t("headline", { fee: GHOST_FIGURE })}</Ghost>
        )}
      </p>
      <section className="section" aria-labelledby="maker-tiers-title">
        <h2 id="maker-tiers-title">{t("tiersTitle")}</h2>
        <div className="table-scroll">
          <TierTable
            className="data-table partner-table"
            attributes={{ "data-testid": "maker-tiers" }}
            caption={t("tiersCaption")}
            rowHeader={t("tier")}
            loading={!data}
            placeholderRows={PLACEHOLDER_ROWS}
            rows={tiers}
            rowKey={(tier) => tier.tier}
            rowName={(tier) => tier.name}
            columns={[
              {
                key: "monthlyVolume",
                label: labels.monthlyVolume,
                cell: (tier) => tc("atLeastUsdt", { value: compact(tier.monthlyVolumeUsdt) }),
              },
              {
                key: "makerFee",
                label: labels.makerFee,
                className: "rebate",
                cell: (tier) => <bdi>{fee(tier.makerFeePpm)}</bdi>,
              },
              { key: "takerFee", label: labels.takerFee, cell: (tier) => <bdi>{fee(tier.takerFeePpm)}</bdi> },
              {
                key: "apiLimit",
                label: labels.apiLimit,
                cell: (tier) =>
                  t("requestsPerSecond", {
                    value: format.number(tier.apiRequestsPerSecond, { maximumFractionDigits: 0 }),
                  }),
              },
              {
                key: "makerRatio",
                label: labels.makerRatio,
                cell: (tier) => tc("atLeast", { value: ratio(tier.minMakerRatioBps) }),
              },
            ]}
          />
        </div>
        <p className="muted" data-testid="maker-rules">
          {data && minRatio !== null ? (
            t("rules", { days: data.reviewDays, ratio: ratio(minRatio) })
          ) : (
            <Ghost>{t("rules", { days: 30, ratio: GHOST_FIGURE })}</Ghost>
          )}
        </p>
      </section>
      <section className="section" aria-labelledby="maker-benefits-title">
        <h2 id="maker-benefits-title">{t("benefitsTitle")}</h2>
        <FeatureList group="marketMaker" features={data?.benefits} testId="maker-benefits" />
      </section>
      <PartnerFaq items={data?.faq ?? []} id="maker" />
    </>
  );
}
