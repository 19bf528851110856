"use client";
import { useState, type ReactNode } from "react";
import { Button, Popconfirm } from "antd";
import { useTranslations } from "next-intl";
import type { SubInviter } from "@affiliates/contracts";
import { NUM_TAG } from "@/lib/bidi";
import { useFormat } from "@/lib/format-hook";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { SUB_OFFER_HANDLED_CODES, subOfferRefusal, type SubOfferRefusal } from "./sub-affiliate-rules";
import styles from "./network.module.css";

type Decision = "accept" | "decline";
const NAME_TAG = { name: (chunks: ReactNode) => <bdi className={styles.offerName}>{chunks}</bdi> };

/**
 * A sub-affiliate's own inviter: the rate in force, a new rate the inviter offered (to accept or decline; until then
 * the agreed rate stays), and leaving the inviter (after a confirmation that says what changes).
 */
export function MyInviter({ inviter, onChanged }: { inviter: SubInviter; onChanged: () => Promise<void> }) {
  const t = useTranslations("network.inviter");
  const format = useFormat();
  const percent = useBpsPercent();
  const [refusal, setRefusal] = useState<SubOfferRefusal | null>(null);
  const offer = inviter.pendingOffer;
  // An acceptance names the offered rate: if the inviter changed it meanwhile, the API refuses (termsChanged).
  const decide = useApiAction((id: number, rateBps: number, decision: Decision) =>
    decision === "accept"
      ? api.subRateOfferAccept({ id, rateBps }, { handledCodes: SUB_OFFER_HANDLED_CODES })
      : api.subRateOfferDecline({ id }, { handledCodes: SUB_OFFER_HANDLED_CODES }),
  );
  const leave = useApiAction(() => api.subAffiliateLeave());
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" });

  const answer = async (decision: Decision) => {
    if (!offer) return;
    setRefusal(null);
    let rateBps: number;
    try {
      ({ rateBps } = await decide.runAsync(offer.id, offer.rateBps, decision));
    } catch (error) {
      const refused = subOfferRefusal(error);
      if (refused) setRefusal(refused);
      // The offer changed or closed: show what holds now.
      await onChanged();
      return;
    }
    void showMessage(
      "success",
      t(decision === "accept" ? "accepted" : "declined", { rate: percent(rateBps) }),
      "sub-rate-offer",
    );
    await onChanged();
  };

  const leaveInviter = async () => {
    let rateBps: number;
    try {
      ({ rateBps } = await leave.runAsync());
    } catch {
      return; // the request client has shown the error
    }
    void showMessage("success", t("left", { rate: percent(rateBps) }), "sub-left");
    await onChanged();
  };

  const pressed = (decision: Decision) => decide.loading && decide.params[2] === decision;
  return (
    <div className={`card ${styles.inviter}`} data-testid="my-inviter" aria-labelledby="my-inviter-title" role="group">
      <h3 id="my-inviter-title">{t("title")}</h3>
      <p>
        {t.rich("summary", {
          inviterName: inviter.inviterName,
          rate: percent(inviter.rateBps),
          date: day(inviter.since),
          ...NUM_TAG,
          ...NAME_TAG,
        })}
      </p>
      {offer && (
        <div className={styles.offer} data-testid="my-inviter-offer">
          <p id="my-inviter-offer-text" className={styles.offerText}>
            {t.rich("offer", {
              inviterName: inviter.inviterName,
              rate: percent(offer.rateBps),
              current: percent(inviter.rateBps),
              ...NUM_TAG,
              ...NAME_TAG,
            })}
          </p>
          <p className="muted">{t("offerBody", { current: percent(inviter.rateBps) })}</p>
          <p className="muted">{t("offered", { date: day(offer.createdAt) })}</p>
          <div className={styles.offerActions}>
            <Button
              type="primary"
              className={styles.touch}
              loading={pressed("accept")}
              disabled={decide.loading && !pressed("accept")}
              onClick={() => void answer("accept")}
              aria-describedby="my-inviter-offer-text"
              data-testid="my-inviter-accept"
            >
              {t("accept")}
            </Button>
            <Button
              className={styles.touch}
              loading={pressed("decline")}
              disabled={decide.loading && !pressed("decline")}
              onClick={() => void answer("decline")}
              aria-describedby="my-inviter-offer-text"
              data-testid="my-inviter-decline"
            >
              {t("decline")}
            </Button>
          </div>
        </div>
      )}
      {refusal && (
        <p role="alert" className={styles.alert}>
          {t(refusal === "termsChanged" ? "termsChanged" : "closed")}
        </p>
      )}
      <div className={styles.offerActions}>
        <Popconfirm
          title={t("leaveTitle")}
          description={
            <p className={styles.confirmBody}>
              {t("leaveBody", { inviterName: inviter.inviterName, rate: percent(inviter.ownLevelRateBps) })}
            </p>
          }
          okText={t("leaveConfirm")}
          cancelText={t("cancel")}
          okButtonProps={{ danger: true, loading: leave.loading }}
          onConfirm={() => leaveInviter()}
          styles={{ root: { maxInlineSize: "min(360px, calc(100vw - 24px))" } }}
        >
          {/* The theme's error text colour, not antd's danger red, which is too light on white (WCAG 1.4.3). */}
          <Button className={styles.touch} style={{ color: "var(--error-text)" }} data-testid="my-inviter-leave">
            {t("leave")}
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}
