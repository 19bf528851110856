"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { FeatureList } from "./feature-list";
import { PartnerFaq } from "./partner-faq";
import { BPS, usePartnerProgramme } from "./partner-data";
import { useIsolate } from "@/lib/use-isolate";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";

const PLACEHOLDER_ROWS = 4;
/** The order size of the markup example (an illustration, not a programme figure). */
const EXAMPLE_ORDER_USDT = 10_000;

/** The broker programme's figures from the API: tiers by volume with commission rates, the markup, benefits, FAQ. */
export function BrokerOverview() {
  const t = useTranslations("partners.broker");
  const isolate = useIsolate();
  const tc = useTranslations("partners");
  const format = useFormat();
  const { data, error } = usePartnerProgramme("broker");
  const percent = (bps: number) => format.number(bps / BPS, { style: "percent", maximumFractionDigits: 2 });
  const markup = (bps: number) => format.number(bps / BPS, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const compact = (usdt: number) => format.number(usdt, { notation: "compact", maximumFractionDigits: 1 });
  if (error && !data) return <p className="section" role="alert">{tc("loadFailed")}</p>;
  const tiers = data?.tiers ?? [];
  const top = tiers.at(-1);
  return (
    <>
      <p className="headline-rate" data-testid="broker-headline" aria-live="polite">
        {top ? t("headline", { rate: isolate(percent(top.ownRateBps)) }) : <Ghost>{t("headline", { rate: GHOST_FIGURE })}</Ghost>}
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
                <th scope="col">{t("spotVolume")}</th>
                <th scope="col">{t("futuresVolume")}</th>
                <th scope="col">{t("activeTraders")}</th>
                <th scope="col">{t("ownRate")}</th>
                <th scope="col">{t("affiliatedRate")}</th>
              </tr>
            </thead>
            <tbody>
              {data
                ? tiers.map((tier) => (
                    <tr key={tier.tier}>
                      <th scope="row">{tier.name}</th>
                      <td>{tc("atLeastUsdt", { value: compact(tier.spotVolumeUsdt) })}</td>
                      <td>{tc("atLeastUsdt", { value: compact(tier.futuresVolumeUsdt) })}</td>
                      <td>{tc("atLeast", { value: format.number(tier.activeTraders) })}</td>
                      <td>{percent(tier.ownRateBps)}</td>
                      <td>{percent(tier.affiliatedRateBps)}</td>
                    </tr>
                  ))
                : Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
                    <tr key={i} aria-hidden="true" className="placeholder-row">
                      <td colSpan={6}>{"\u00a0"}</td>
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="section" aria-labelledby="broker-markup-title">
        <h2 id="broker-markup-title">{t("markupTitle")}</h2>
        <div className="card" data-testid="broker-markup">
          <p>{data ? t("markupBody", { markup: markup(data.maxMarkupBps) }) : <Ghost>{t("markupBody", { markup: GHOST_FIGURE })}</Ghost>}</p>
          <p className="muted">
            {data ? (
              t("markupExample", { markup: markup(data.maxMarkupBps / 2), order: format.number(EXAMPLE_ORDER_USDT), earned: format.number(EXAMPLE_ORDER_USDT * (data.maxMarkupBps / 2 / BPS)) })
            ) : (
              <Ghost>{t("markupExample", { markup: GHOST_FIGURE, order: format.number(EXAMPLE_ORDER_USDT), earned: GHOST_FIGURE })}</Ghost>
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
