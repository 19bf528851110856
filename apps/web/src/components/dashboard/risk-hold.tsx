"use client";
import { useTranslations } from "next-intl";
import type { RiskHold } from "@affiliates/contracts";
import styles from "./dashboard.module.css";

/**
 * A held invitee's state as the affiliate sees it (README "Risk checks"): "On hold: under review" (or "Not paid")
 * and the plain-language reason. The operators' exact signals are not shown.
 */
export function RiskHoldNote({ hold }: { hold: NonNullable<RiskHold> }) {
  const t = useTranslations("affiliateDashboard.hold");
  return (
    <span className={styles.hold} data-testid="risk-hold" data-status={hold.status}>
      <strong>{t(hold.status === "under_review" ? "underReview" : "voided")}</strong>
      <span className="muted">{t(`reasons.${hold.reason}`)}</span>
    </span>
  );
}
