"use client";
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { AffiliateCardClaimRefusal } from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
import { isLocale } from "@affiliates/locales";
import { LoadProblem } from "@/components/status/loaded";
import { useApiErrorText } from "@/lib/api-error-text";
import { MONEY_DIGITS } from "@/lib/format";
import { useFormat } from "@/lib/format-hook";
import { api } from "@/lib/api";
import { goToLogin } from "@/lib/native-app";
import { useApi, useApiAction } from "@/lib/use-api";
import { useSession } from "@/state/session";
import { ClaimNextSteps } from "./claim-next-steps";
import { CARD_CODE_PATTERN, CLAIM_HANDLED_CODES, claimRefusal } from "./network-api";
import styles from "./network.module.css";

/**
 * The invitee's side of an experience card: the card behind a claim link, and the Claim button. A visitor is
 * sent to log in and comes back to the same URL; refusals (already claimed, used, expired, not theirs) are explained
 * in their language, once, next to the card; a card that could not be loaded offers to try again.
 */
export function ClaimCard({ code }: { code: string }) {
  const t = useTranslations("network.claim");
  if (!CARD_CODE_PATTERN.test(code)) {
    return (
      <section className="section" aria-labelledby="claim-title">
        <h2 id="claim-title">{t("title")}</h2>
        <p role="alert" className={styles.alert} data-testid="claim-message">
          {t("refusal.invalidCode")}
        </p>
      </section>
    );
  }
  return <ValidClaimCard code={code} />;
}

function ValidClaimCard({ code }: { code: string }) {
  const t = useTranslations("network.claim");
  const tc = useTranslations("network.cards");
  const format = useFormat();
  const locale = useLocale();
  const { complete, isLogin } = useSession();
  const errorText = useApiErrorText();
  const [refusal, setRefusal] = useState<AffiliateCardClaimRefusal | null>(null);
  /** A refusal of the handled codes this page has no sentence of its own for. */
  const [otherRefusal, setOtherRefusal] = useState<string | null>(null);
  const [claimedNow, setClaimedNow] = useState(false);

  /** A refusal is shown next to the card (the request client leaves the handled codes to it); other failures are not refusals. */
  const explain = (failure: unknown) => {
    const known = claimRefusal(failure);
    const handled = isHttpError(failure) && failure.kind === "business" && CLAIM_HANDLED_CODES.includes(failure.code);
    setRefusal(known);
    setOtherRefusal(!known && handled ? errorText(failure) : null);
  };
  const { data, mutate, error, refresh } = useApi(
    `network-claim-${code}`,
    () => api.cardClaimView({ code }, { handledCodes: CLAIM_HANDLED_CODES }),
    { retryCount: 0, onError: explain },
  );
  const claiming = useApiAction(() => api.cardClaim({ code }, { handledCodes: CLAIM_HANDLED_CODES }));
  const sending = claiming.loading;
  // Not a refusal (no connection, a server error): the card is not known yet, so say so and offer to try again.
  const loadFailed = error !== undefined && !data && !refusal && !otherRefusal;

  const claim = async () => {
    if (!isLogin) {
      if (isLocale(locale)) void goToLogin(locale);
      return;
    }
    setRefusal(null);
    setOtherRefusal(null);
    try {
      mutate(await claiming.runAsync());
      setClaimedNow(true);
    } catch (failure) {
      explain(failure); // anything else: the request client has shown it
    }
  };

  const date = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const status = data?.status;
  const stateText = claimedNow
    ? null
    : status === "claimed"
      ? t("stateClaimed")
      : status === "used"
        ? t("stateUsed")
        : status === "expired"
          ? t("stateExpired")
          : null;
  return (
    <section className="section" aria-labelledby="claim-title" data-testid="claim-card">
      <h2 id="claim-title">{t("title")}</h2>
      {loadFailed ? (
        <LoadProblem result={{ data, error, refresh }} failed={t("loadFailed")} />
      ) : (
        <div className={styles.voucher} aria-busy={!data && !error} data-status={status ?? "loading"}>
          <p className={styles.voucherKind}>{t("kind")}</p>
          <p className={styles.voucherAmount} data-testid="claim-amount">
            {data ? <span data-money="">{format.amount(data.amountUsdt, "USDT")}</span> : "\u00a0"}
          </p>
          <dl className={styles.voucherFacts}>
            <div>
              <dt>{tc("code")}</dt>
              <dd>
                <bdi>{code}</bdi>
              </dd>
            </div>
            <div>
              <dt>{tc("statusCol")}</dt>
              <dd data-testid="claim-status">{status ? tc(`status.${status}`) : "\u00a0"}</dd>
            </div>
            <div>
              <dt>{t("expires")}</dt>
              <dd>{data ? date(data.expiresAt) : "\u00a0"}</dd>
            </div>
          </dl>
          {status === "issued" && (
            <button
              type="button"
              className="button button-primary button-large"
              onClick={() => void claim()}
              disabled={!complete || sending}
              aria-busy={sending}
              data-testid="claim-button"
            >
              {complete && !isLogin ? t("loginToClaim") : t("claim")}
            </button>
          )}
        </div>
      )}
      {refusal && (
        <p role="alert" className={styles.alert} data-testid="claim-message" data-refusal={refusal}>
          {t(`refusal.${refusal}`)}
        </p>
      )}
      {otherRefusal && (
        <p role="alert" className={styles.alert} data-testid="claim-message">
          {otherRefusal}
        </p>
      )}
      {stateText && !refusal && !otherRefusal && (
        <p role="status" className={styles.notice} data-testid="claim-message">
          {stateText}
        </p>
      )}
      {claimedNow && data && (
        <p role="status" className={styles.success} data-testid="claim-success">
          {t("claimed", { amount: format.number(data.amountUsdt, MONEY_DIGITS) })}
        </p>
      )}
      {(claimedNow || status === "claimed") && (
        <>
          <h3 className={styles.subHeading}>{t("useIt")}</h3>
          <ClaimNextSteps />
        </>
      )}
    </section>
  );
}
