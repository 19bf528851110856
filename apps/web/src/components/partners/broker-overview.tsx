"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { FeatureList } from "./feature-list";
import { PartnerFaq } from "./partner-faq";
import { BPS, usePartnerProgramme } from "./partner-data";
import { useIsolate } from "@/lib/use-isolate";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { PlaceholderRows } from "@/components/programme/placeholder-rows";

const PLACEHOLDER_ROWS = 4;
/** Counts (traders) are whole numbers. */
const COUNT = { maximumFractionDigits: 0 } as const;
/** The order size of the markup example (an illustration, not a programme figure). */
const EXAMPLE_ORDER_USDT = 10_000;

/** The broker programme's figures from the API: tiers by volume with commission rates, the markup, benefits, FAQ. */
export function BrokerOverview() {
  const t = useTranslations("partners.broker");
  const isolate = useIsolate();
  const tc = useTranslations("partners");
  const format = useFormat();
  const { data, error, refresh } = usePartnerProgramme("broker");
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
  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <div className="section">
        <LoadProblem result={{ data, error, refresh }} failed={tc("loadFailed")} />
      </div>
    );
  }
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
          <table className="data-table partner-table" aria-busy={!data} data-testid="broker-tiers">
            <caption>{t("tiersCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("tier")}</th>
                {Object.values(labels).map((label) => (
                  <th scope="col" key={label}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data ? (
                tiers.map((tier) => (
                  <tr key={tier.tier}>
                    <th scope="row">{tier.name}</th>
                    <td data-label={labels.spotVolume}>{tc("atLeastUsdt", { value: compact(tier.spotVolumeUsdt) })}</td>
                    <td data-label={labels.futuresVolume}>
                      {tc("atLeastUsdt", { value: compact(tier.futuresVolumeUsdt) })}
                    </td>
                    <td data-label={labels.activeTraders}>
                      {tc("atLeast", { value: format.number(tier.activeTraders, COUNT) })}
                    </td>
                    <td data-label={labels.ownRate}>{percent(tier.ownRateBps)}</td>
                    <td data-label={labels.affiliatedRate}>{percent(tier.affiliatedRateBps)}</td>
                  </tr>
                ))
              ) : (
                <PlaceholderRows count={PLACEHOLDER_ROWS} labels={Object.values(labels)} />
              )}
            </tbody>
          </table>
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
