"use client";
import { useRef, useState } from "react";
import { Button } from "antd";
import { useTranslations } from "next-intl";
import {
  AFFILIATE_MINIMUM_PAYOUT_USDT,
  AffiliateResponseCode,
  type AffiliatePayoutResult,
} from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { api } from "@/lib/api";
import { useApiAction } from "@/lib/use-api";
import { showMessage } from "@/lib/toast";
import { useApiErrorText } from "@/lib/api-error-text";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { useDeskRefresh } from "./desk-refresh";
import { Statement } from "./statement";
import { WithdrawConfirm } from "./withdraw-confirm";
import { MOMENT_WITH_ZONE, STATEMENT_FIRST_PAGE, useStatement } from "./statement-data";
import styles from "./dashboard.module.css";

/** Refusals the section says in place, under the button (not also as a toast). */
const HANDLED_CODES = [AffiliateResponseCode.payoutBelowMinimum] as const;

/**
 * The commission balance (settled commission not yet withdrawn), what was ever earned, what is still pending until the
 * daily settlement, and the withdrawal of the whole balance to the user's spot wallet (from the minimum up), with the
 * statement that sums to the balance (issue 34; a table on wide screens, cards on a phone). Every figure comes from the
 * statement's one answer, shared with the desk's summary: one pending on the screen.
 */
export function PayoutsSection() {
  const t = useTranslations("affiliateDashboard.payouts");
  const format = useFormat();
  const errorText = useApiErrorText();
  const usdt = (value: number) => format.amount(value, "USDT", MONEY_DIGITS);
  const [page, setPage] = useState<{ page: number; pageSize: number }>(STATEMENT_FIRST_PAGE);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The balance the confirmation shows (null: closed). Money moves only from the dialog's OK: one tap on the
  // button asks first, showing what moves and where.
  const [confirming, setConfirming] = useState<number | null>(null);
  // The dialog's OK stays tappable while it fades out: a second tap must not send a second withdrawal.
  const sending = useRef(false);
  const first = useStatement();
  const paged = useStatement(page.page, page.pageSize);
  const data = first.data;
  const { error } = first;
  const desk = useDeskRefresh();
  const refresh = () => (desk ? desk.refresh() : (first.refresh(), paged.refresh()));
  const minimumPayoutUsdt = AFFILIATE_MINIMUM_PAYOUT_USDT;
  // Money moves once per click: no cache, retry or focus refresh (useApiAction), and the device token (requirements.md §7).
  const withdrawal = useApiAction(() => api.payoutWithdraw(undefined, { handledCodes: HANDLED_CODES }));

  const belowMinimum = data ? data.balanceUsdt < minimumPayoutUsdt : true;
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
    // The answer's balance at once (the button turns off), then the whole desk from the API.
    first.mutate((current) => current && { ...current, balanceUsdt: result.balanceUsdt });
    refresh();
  };

  const lifetime = data && Math.round((data.totals.settlementUsdt + data.totals.voidUsdt) * 100) / 100;
  const figures = [
    ["payout-balance", "balance", data?.balanceUsdt],
    ["payout-lifetime", "lifetime", lifetime],
    ["payout-pending", "pending", data?.pendingUsdt],
    ["payout-minimum", "minimum", data ? minimumPayoutUsdt : undefined],
  ] as const;
  const reason =
    refusal ??
    (data && belowMinimum
      ? t("belowMinimum", { minimum: usdt(minimumPayoutUsdt), balance: usdt(data.balanceUsdt) })
      : null);
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
      {data && data.heldUsdt > 0 && (
        <p className="muted" data-testid="payout-held">
          {t("held", { amount: usdt(data.heldUsdt) })}
        </p>
      )}
      {/* The viewer's clock and UTC side by side: settlement runs at 00:00 UTC whatever the reader's zone. */}
      <p className={styles.periodShown} data-testid="payout-next-settlement">
        {data
          ? t("nextSettlementZones", {
              local: format.dateTime(data.nextSettlementAt, MOMENT_WITH_ZONE),
              utc: format.dateTime(data.nextSettlementAt, { ...MOMENT_WITH_ZONE, timeZone: "UTC" }),
            })
          : "\u00a0"}
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
      <WithdrawConfirm amount={confirming} onConfirm={() => void withdraw()} onCancel={() => setConfirming(null)} />
      <Statement
        data={paged.data}
        loading={paged.loading}
        onPage={(next, pageSize) =>
          setPage(pageSize === page.pageSize ? { page: next, pageSize } : { page: 1, pageSize })
        }
      />
    </section>
  );
}
