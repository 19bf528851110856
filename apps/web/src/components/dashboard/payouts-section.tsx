"use client";
import { useState } from "react";
import { Button } from "antd";
import { useTranslations } from "next-intl";
import type { AffiliatePayoutResult, AffiliatePayouts } from "@affiliates/contracts";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { useApi, useApiAction } from "@/lib/use-api";
import { LIVE_REFRESH } from "@/lib/live-refresh";
import { showMessage } from "@/lib/toast";
import styles from "./dashboard.module.css";

export const PAYOUTS_PATH = "v1/affiliate/payouts";
/** Withdrawals listed before "Show all" (the API answers the latest 50). */
const HISTORY_ROWS = 5;
/** The next settlement as a moment with its zone: settlements run at 00:00 UTC, the page shows the reader's clock. */
const SETTLEMENT_TIME: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" };

/**
 * The commission balance (settled commission not yet withdrawn), what was ever earned, what is still pending until the
 * daily settlement, and the withdrawal of the whole balance to the user's spot wallet (from the minimum up), with the
 * withdrawals so far.
 */
export function PayoutsSection() {
  const t = useTranslations("affiliateDashboard.payouts");
  const format = useFormat();
  const usdt = (value: number) => format.amount(value, "USDT", MONEY_DIGITS);
  const [showAll, setShowAll] = useState(false);
  const { data, refresh, mutate } = useApi(PAYOUTS_PATH, () => http.get<AffiliatePayouts>(PAYOUTS_PATH), LIVE_REFRESH);
  // Money moves once per click: no cache, retry or focus refresh (useApiAction), and the device token (spec §7).
  const withdrawal = useApiAction(async () => http.post<AffiliatePayoutResult>(PAYOUTS_PATH, undefined, { headers: await sensitiveCallHeaders() }));

  const belowMinimum = data ? data.balanceUsdt < data.minimumPayoutUsdt : true;
  const withdraw = async () => {
    let result: AffiliatePayoutResult;
    try {
      result = await withdrawal.runAsync();
    } catch {
      return; // the request client has shown the error toast (e.g. 10009: below the minimum)
    }
    void showMessage("success", t("withdrawn", { amount: usdt(Math.abs(result.payout.amountUsdt)) }), "payout");
    // The answer's balance at once (the button turns off), then the whole section from the API.
    mutate((current) => current && { ...current, balanceUsdt: result.balanceUsdt, payouts: [result.payout, ...current.payouts] });
    refresh();
  };

  const figures = [
    ["payout-balance", "balance", data?.balanceUsdt],
    ["payout-lifetime", "lifetime", data?.lifetimeEarnedUsdt],
    ["payout-pending", "pending", data?.pendingUsdt],
    ["payout-minimum", "minimum", data?.minimumPayoutUsdt],
  ] as const;
  const payouts = data?.payouts ?? [];
  const shown = showAll ? payouts : payouts.slice(0, HISTORY_ROWS);

  return (
    <section className="section" aria-labelledby="payouts-title" data-testid="payouts-section" aria-busy={!data}>
      <h2 id="payouts-title">{t("title")}</h2>
      <p className="muted">{t("caption")}</p>
      <dl className={styles.payoutFigures}>
        {figures.map(([testId, name, value]) => (
          <div key={name} className="card figure" data-testid={testId}>
            <dt>{t(name)}</dt>
            <dd>
              {value === undefined ? (
                "\u00a0"
              ) : (
                <>
                  {format.number(value, MONEY_DIGITS)} <span className={styles.unit}>USDT</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.periodShown} data-testid="payout-next-settlement">
        {data ? t("nextSettlement", { date: format.dateTime(data.nextSettlementAt, SETTLEMENT_TIME) }) : "\u00a0"}
      </p>
      <div className={styles.withdraw}>
        <Button
          type="primary"
          size="large"
          className={styles.withdrawButton}
          disabled={belowMinimum}
          loading={withdrawal.loading}
          onClick={() => void withdraw()}
          aria-describedby={data && belowMinimum ? "payout-below-minimum" : undefined}
          data-testid="withdraw-button"
        >
          {t("withdraw")}
        </Button>
        <p id="payout-below-minimum" className="muted" data-testid="withdraw-reason">
          {data && belowMinimum ? t("belowMinimum", { minimum: usdt(data.minimumPayoutUsdt), balance: usdt(data.balanceUsdt) }) : null}
        </p>
      </div>
      <h3>{t("historyTitle")}</h3>
      <table className="data-table" data-testid="payout-history" aria-busy={!data}>
        <thead>
          <tr>
            <th scope="col">{t("date")}</th>
            <th scope="col" className={styles.numberCell}>{t("amount")}</th>
            <th scope="col">{t("destination")}</th>
          </tr>
        </thead>
        <tbody>
          {data && payouts.length === 0 && (
            <tr>
              <td colSpan={3} className="muted">{t("noPayouts")}</td>
            </tr>
          )}
          {shown.map((payout) => (
            <tr key={payout.id} data-testid="payout-row">
              <td>{format.dateTime(payout.createdAt, { dateStyle: "medium", timeStyle: "short" })}</td>
              <td className={styles.numberCell}>{usdt(Math.abs(payout.amountUsdt))}</td>
              <td>{payout.destination && t.has(`destinations.${payout.destination}`) ? t(`destinations.${payout.destination}`) : (payout.destination ?? "—")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {payouts.length > HISTORY_ROWS && (
        <button type="button" className={`link-button ${styles.showAll}`} aria-expanded={showAll} onClick={() => setShowAll(!showAll)} data-testid="payout-show-all">
          {showAll ? t("showFewer") : t("showAll", { count: payouts.length })}
        </button>
      )}
    </section>
  );
}
