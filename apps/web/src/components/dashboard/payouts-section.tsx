"use client";
import { useRef, useState, type HTMLAttributes } from "react";
import { Button, Modal } from "antd";
import { useMessages, useTranslations } from "next-intl";
import { isKeyOf } from "@/lib/message-keys";
import { AffiliateResponseCode, type AffiliateLedgerEntry, type AffiliatePayoutResult } from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { api } from "@/lib/api";
import { useApiAction } from "@/lib/use-api";
import { useEndpoint } from "@/lib/use-endpoint";
import { LIVE_REFRESH } from "@/lib/live-refresh";
import { showMessage } from "@/lib/toast";
import { useApiErrorText } from "@/lib/api-error-text";
import { ResponsiveTable, type ResponsiveColumn } from "@/components/data/responsive-table";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import styles from "./dashboard.module.css";

/** Withdrawals listed before "Show all" (the API answers the latest 50). */
const HISTORY_ROWS = 5;
/** The next settlement as a moment with its zone: settlements run at 00:00 UTC, the page shows the reader's clock. */
const SETTLEMENT_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};
/** Refusals the section says in place, under the button (not also as a toast). */
const HANDLED_CODES = [AffiliateResponseCode.payoutBelowMinimum] as const;

const historyRow = (payout: AffiliateLedgerEntry) =>
  ({ "data-testid": "payout-row", "data-id": payout.id }) as HTMLAttributes<HTMLElement>;

/**
 * The commission balance (settled commission not yet withdrawn), what was ever earned, what is still pending until the
 * daily settlement, and the withdrawal of the whole balance to the user's spot wallet (from the minimum up), with the
 * withdrawals so far (a table on wide screens, cards on a phone).
 */
export function PayoutsSection() {
  const t = useTranslations("affiliateDashboard.payouts");
  const destinations = useMessages().affiliateDashboard.payouts.destinations;
  const format = useFormat();
  const errorText = useApiErrorText();
  const usdt = (value: number) => format.amount(value, "USDT", MONEY_DIGITS);
  const [showAll, setShowAll] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The balance the confirmation shows (null: closed). Money moves only from the dialog's OK: one tap on the
  // button asks first, showing what moves and where.
  const [confirming, setConfirming] = useState<number | null>(null);
  // The dialog's OK stays tappable while it fades out: a second tap must not send a second withdrawal.
  const sending = useRef(false);
  const { data, error, refresh, mutate } = useEndpoint("payouts", {}, LIVE_REFRESH);
  // Money moves once per click: no cache, retry or focus refresh (useApiAction), and the device token (spec §7).
  const withdrawal = useApiAction(() => api.payoutWithdraw(undefined, { handledCodes: HANDLED_CODES }));

  const belowMinimum = data ? data.balanceUsdt < data.minimumPayoutUsdt : true;
  const withdraw = async () => {
    setConfirming(null);
    if (sending.current) return;
    sending.current = true;
    setRefusal(null);
    let result: AffiliatePayoutResult;
    try {
      result = await withdrawal.runAsync();
    } catch (failure) {
      // Below the minimum (the balance changed since the page showed it): said once, in place, with the fresh balance.
      if (isHttpError(failure) && failure.kind === "business" && HANDLED_CODES.some((code) => code === failure.code)) {
        setRefusal(errorText(failure));
        refresh();
      }
      return; // anything else: the request client has shown the error toast
    } finally {
      sending.current = false;
    }
    void showMessage("success", t("withdrawn", { amount: usdt(Math.abs(result.payout.amountUsdt)) }), "payout");
    // The answer's balance at once (the button turns off), then the whole section from the API.
    mutate(
      (current) =>
        current && { ...current, balanceUsdt: result.balanceUsdt, payouts: [result.payout, ...current.payouts] },
    );
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
  const reason =
    refusal ??
    (data && belowMinimum
      ? t("belowMinimum", { minimum: usdt(data.minimumPayoutUsdt), balance: usdt(data.balanceUsdt) })
      : null);
  const columns: ResponsiveColumn<AffiliateLedgerEntry>[] = [
    {
      key: "date",
      title: t("date"),
      dataIndex: "createdAt",
      cardTitle: true,
      render: (at: string) => format.dateTime(at, { dateStyle: "medium", timeStyle: "short" }),
    },
    {
      key: "amount",
      title: t("amount"),
      dataIndex: "amountUsdt",
      align: "end",
      render: (amount: number) => usdt(Math.abs(amount)),
    },
    {
      key: "destination",
      title: t("destination"),
      dataIndex: "destination",
      render: (destination: AffiliateLedgerEntry["destination"]) =>
        isKeyOf(destinations, destination) ? t(`destinations.${destination}`) : (destination ?? "—"),
    },
  ];

  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <section className="section" aria-labelledby="payouts-title" data-testid="payouts-section">
        <h2 id="payouts-title">{t("title")}</h2>
        <LoadProblem result={{ data, error, refresh }} />
      </section>
    );
  }

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
          // Until the balance arrives the button keeps its place but is not shown (nor tappable): a greyed-out or
          // half-transparent loading button would be unreadable text on the page.
          style={data === undefined ? { visibility: "hidden" } : undefined}
          disabled={data !== undefined && belowMinimum}
          loading={withdrawal.loading}
          onClick={() => data && setConfirming(data.balanceUsdt)}
          aria-describedby={reason ? "payout-below-minimum" : undefined}
          data-testid="withdraw-button"
        >
          {t("withdraw")}
        </Button>
        <p
          id="payout-below-minimum"
          className={refusal ? styles.refusal : "muted"}
          role={refusal ? "alert" : undefined}
          data-testid="withdraw-reason"
        >
          {reason}
        </p>
      </div>
      <Modal
        open={confirming !== null}
        title={t("confirmTitle")}
        okText={t("confirmOk")}
        cancelText={t("confirmCancel")}
        // OK closes the dialog before the request starts, so a second tap finds nothing to press.
        onOk={() => {
          if (confirming !== null) void withdraw();
        }}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        <dl className={styles.withdrawConfirm} data-testid="withdraw-confirmation">
          <div>
            <dt>{t("amount")}</dt>
            <dd data-testid="withdraw-confirm-amount">{confirming === null ? null : usdt(confirming)}</dd>
          </div>
          <div>
            <dt>{t("destination")}</dt>
            <dd data-testid="withdraw-confirm-destination">{t("destinations.spot")}</dd>
          </div>
        </dl>
        <p className="muted">{t("confirmNote")}</p>
      </Modal>
      <h3 id="payout-history-title">{t("historyTitle")}</h3>
      <div data-testid="payout-history" aria-busy={!data}>
        {data && payouts.length === 0 ? (
          <p className="muted">{t("noPayouts")}</p>
        ) : (
          <ResponsiveTable<AffiliateLedgerEntry>
            rowKey="id"
            size="middle"
            label={t("historyTitle")}
            columns={columns}
            dataSource={shown}
            loading={!data}
            pagination={false}
            onRow={historyRow}
          />
        )}
      </div>
      {payouts.length > HISTORY_ROWS && (
        <Button
          type="link"
          className={`${styles.textButton} ${styles.showAll}`}
          aria-expanded={showAll}
          onClick={() => setShowAll(!showAll)}
          data-testid="payout-show-all"
        >
          {showAll ? t("showFewer") : t("showAll", { count: payouts.length })}
        </Button>
      )}
    </section>
  );
}
