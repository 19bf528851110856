import { useTranslations } from "next-intl";
import { useLocaleFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { FeatureList } from "./feature-list";
import { PartnerFaq } from "./partner-faq";
import { BPS, type ProgrammeAnswer } from "./partner-units";
import { useIsolate } from "@/lib/use-isolate";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";
import { TierTable } from "@/components/programme/tier-table";

const PLACEHOLDER_ROWS = 4;
/** Counts (traders) are whole numbers. */
const COUNT = { maximumFractionDigits: 0 } as const;
/** The order size of the markup example (an illustration, not a programme figure). */
const EXAMPLE_ORDER_USDT = 10_000;

/** The broker programme's figures from the API: tiers by volume with commission rates, the markup, benefits, FAQ. */
export function BrokerOverview({ data }: { data: ProgrammeAnswer<"broker"> | undefined }) {
  const t = useTranslations("partners.broker");
  const isolate = useIsolate();
  const tc = useTranslations("partners");
  const format = useLocaleFormat();
  const percent = (bps: number) => format.number(bps / BPS, { style: "percent", maximumFractionDigits: 2 });
  const markup = (bps: number) =>
    format.number(bps / BPS, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const compact = (usdt: number) => format.number(usdt, { notation: "compact", maximumFractionDigits: 1 });
  const money = (usdt: number) => format.number(usdt, MONEY_DIGITS);
  // Column names, also each cell's label in the phone card view.
  const labels = {
    spotVolume: t("spotVolume"),
    futuresVolume: t("futuresVolume"),
    activeTraders: t("activeTraders"),
    ownRate: t("ownRate"),
    affiliatedRate: t("affiliatedRate"),
  };
  const tiers = data?.tiers ?? [];
  const top = tiers.at(-1);
  return (
    <>
      <p className="headline-rate" data-testid="broker-headline" aria-live="polite">
        {top ? (
          t("headline", { rate: isolate(percent(top.ownRateBps)) })
        ) : (
          <Ghost>{t("headline", { rate: GHOST_FIGURE })}</Ghost>
        )}
      </p>
      <section className="section" aria-labelledby="broker-tiers-title">
        <h2 id="broker-tiers-title">{t("tiersTitle")}</h2>
        <p className="muted">{t("tiersIntro")}</p>
        <div className="table-scroll">
          <TierTable
            className="data-table partner-table"
            attributes={{ "data-testid": "broker-tiers" }}
            caption={t("tiersCaption")}
            rowHeader={t("tier")}
            loading={!data}
            placeholderRows={PLACEHOLDER_ROWS}
            rows={tiers}
            rowKey={(tier) => tier.tier}
            rowName={(tier) => tier.name}
            columns={[
              {
                key: "spotVolume",
                label: labels.spotVolume,
                cell: (tier) => tc("atLeastUsdt", { value: compact(tier.spotVolumeUsdt) }),
              },
              {
                key: "futuresVolume",
                label: labels.futuresVolume,
                cell: (tier) => tc("atLeastUsdt", { value: compact(tier.futuresVolumeUsdt) }),
              },
              {
                key: "activeTraders",
                label: labels.activeTraders,
                cell: (tier) => tc("atLeast", { value: format.number(tier.activeTraders, COUNT) }),
              },
              { key: "ownRate", label: labels.ownRate, cell: (tier) => percent(tier.ownRateBps) },
              { key: "affiliatedRate", label: labels.affiliatedRate, cell: (tier) => percent(tier.affiliatedRateBps) },
            ]}
          />
        </div>
      </section>
      <section className="section" aria-labelledby="broker-markup-title">
        <h2 id="broker-markup-title">{t("markupTitle")}</h2>
        <div className="card" data-testid="broker-markup">
          <p>
            {data ? (
              t("markupBody", { markup: markup(data.maxMarkupBps) })
            ) : (
              <Ghost>{t("markupBody", { markup: GHOST_FIGURE })}</Ghost>
            )}
          </p>
          <p className="muted">
            {data ? (
              t("markupExample", {
                markup: markup(data.maxMarkupBps / 2),
                order: money(EXAMPLE_ORDER_USDT),
                earned: money(EXAMPLE_ORDER_USDT * (data.maxMarkupBps / 2 / BPS)),
              })
            ) : (
              <Ghost>
                {t("markupExample", { markup: GHOST_FIGURE, order: money(EXAMPLE_ORDER_USDT), earned: GHOST_FIGURE })}
              </Ghost>
            )}
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="broker-benefits-title">
        <h2 id="broker-benefits-title">{t("benefitsTitle")}</h2>
        <FeatureList
          group="broker"
          features={data?.benefits}
          testId="broker-benefits"
          formatValue={{ commission: (v) => format.number(v / 100, { style: "percent" }), markup }}
        />
      </section>
      <PartnerFaq items={data?.faq ?? []} id="broker" />
    </>
  );
}
