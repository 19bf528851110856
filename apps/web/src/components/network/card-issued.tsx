"use client";
import { Button } from "antd";
import { useTranslations } from "next-intl";
import type { ExperienceCard } from "@affiliates/contracts";
import { MONEY_DIGITS } from "@/lib/format";
import { useFormat } from "@/lib/format-hook";
import { useClaimLink } from "./card-claim-link";
import styles from "./network.module.css";

/** The card just issued: its amount, until when it can be claimed, and its claim link to copy and pass on. */
export function CardIssued({ card }: { card: ExperienceCard }) {
  const t = useTranslations("network.cards");
  const format = useFormat();
  const { claimUrl, copy } = useClaimLink();
  return (
    <div className={`card ${styles.issuedCard}`} role="status" data-testid="card-issued">
      <p>
        {t("issuedBody", {
          amount: format.number(card.amountUsdt, MONEY_DIGITS),
          date: format.dateTime(new Date(card.expiresAt), { dateStyle: "medium", timeZone: "UTC" }),
        })}
      </p>
      <p className={styles.claimUrl}>
        <bdi>{claimUrl(card.code)}</bdi>
      </p>
      <Button onClick={() => void copy(card.code)} className={styles.submit}>
        {t("copyLink")}
      </Button>
    </div>
  );
}
