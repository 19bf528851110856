"use client";
import { Button, Popconfirm } from "antd";
import { useTranslations } from "next-intl";
import type { SentSubInvitation, SubAffiliateWithOffer as SubAffiliate } from "@affiliates/contracts";
import type { ResponsiveColumn } from "@/components/data/responsive-table";
import { useFormat } from "@/lib/format-hook";
import { useBpsPercent } from "@/lib/use-bps-percent";
import styles from "./network.module.css";

/** The cells both tables share: a day in UTC (the API's days), a whole count, an amount in USDT. */
function useCells() {
  const format = useFormat();
  return {
    day: (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" }),
    count: (value: number) => format.number(value, { maximumFractionDigits: 0 }),
    money: (usdt: number) => (
      <span className={styles.money} data-money="">
        {format.amount(usdt, "USDT")}
      </span>
    ),
  };
}

/** The partners' columns: who, their rate (and an offer awaiting them), the last 30 days, the note, edit and end. */
export function useSubAffiliateColumns(on: {
  edit: (sub: SubAffiliate) => void;
  end: (sub: SubAffiliate) => Promise<void>;
}): ResponsiveColumn<SubAffiliate>[] {
  const t = useTranslations("network.subAffiliates");
  const percent = useBpsPercent();
  const { day, count, money } = useCells();
  return [
    {
      key: "name",
      title: t("name"),
      cardTitle: true,
      render: (_value: unknown, sub) => (
        <>
          <span className={styles.subName} id={`sub-name-${sub.userId}`}>
            {sub.name}
          </span>
          <bdi className={styles.subEmail}>{sub.email}</bdi>
        </>
      ),
    },
    {
      key: "rate",
      title: t("rate"),
      render: (_value: unknown, sub) => (
        <>
          <span data-cell="rate">{percent(sub.rateBps)}</span>
          {sub.pendingOffer && (
            <span className={styles.rateOffer} data-testid="sub-rate-offer">
              {t("offerAwaiting", { rate: percent(sub.pendingOffer.rateBps) })}
            </span>
          )}
        </>
      ),
    },
    { key: "joined", title: t("joined"), render: (_value: unknown, sub) => day(sub.joinedAt) },
    { key: "invitees", title: t("invitees"), render: (_value: unknown, sub) => count(sub.inviteesTotal) },
    { key: "newInvitees", title: t("newInvitees"), render: (_value: unknown, sub) => count(sub.last30d.newInvitees) },
    { key: "volume", title: t("volume"), render: (_value: unknown, sub) => money(sub.last30d.volumeUsdt) },
    { key: "commission", title: t("commission"), render: (_value: unknown, sub) => money(sub.last30d.commissionUsdt) },
    {
      key: "note",
      title: t("note"),
      render: (_value: unknown, sub) => (
        <span data-cell="note" className={styles.note}>
          {sub.note}
        </span>
      ),
    },
    {
      key: "actions",
      title: t("actions"),
      actions: true,
      render: (_value: unknown, sub) => (
        <div className={styles.rowActions}>
          <Button
            className={styles.action}
            onClick={() => on.edit(sub)}
            aria-label={t("editFor", { name: sub.name })}
            data-testid="sub-edit"
          >
            {t("edit")}
          </Button>
          <Popconfirm
            title={t("endTitle", { name: sub.name })}
            description={<p className={styles.confirmBody}>{t("endBody", { name: sub.name })}</p>}
            okText={t("endConfirm")}
            cancelText={t("cancel")}
            okButtonProps={{ danger: true }}
            onConfirm={() => on.end(sub)}
            styles={{ root: { maxInlineSize: "min(360px, calc(100vw - 24px))" } }}
          >
            {/* The theme's error text colour, not antd's danger red, which is too light on white (WCAG 1.4.3). */}
            <Button
              className={styles.action}
              style={{ color: "var(--error-text)" }}
              data-testid="sub-end"
              aria-describedby={`sub-name-${sub.userId}`}
            >
              {t("end")}
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ];
}

/**
 * The open invitations' columns: the address, the rate, when sent and until when valid, and cancelling. `withdrawing`:
 * a cancellation under way and the invitation it is for (the others' buttons wait for it).
 */
export function usePendingInvitationColumns(
  withdraw: (invitation: SentSubInvitation) => void,
  withdrawing: { loading: boolean; id: number | undefined },
): ResponsiveColumn<SentSubInvitation>[] {
  const t = useTranslations("network.subAffiliates");
  const percent = useBpsPercent();
  const { day } = useCells();
  return [
    {
      key: "email",
      title: t("email"),
      cardTitle: true,
      render: (_value: unknown, invitation) => (
        <bdi className={styles.pendingEmail} id={`sub-pending-${invitation.id}`}>
          {invitation.email}
        </bdi>
      ),
    },
    {
      key: "rate",
      title: t("rate"),
      render: (_value: unknown, invitation) => <bdi>{percent(invitation.rateBps)}</bdi>,
    },
    { key: "sentOn", title: t("sentOn"), render: (_value: unknown, invitation) => day(invitation.createdAt) },
    {
      key: "validUntil",
      title: t("validUntil"),
      render: (_value: unknown, invitation) =>
        invitation.expired ? (
          <span className={styles.badge} data-status="expired" data-testid="sub-pending-expired">
            {t("expired")}
          </span>
        ) : (
          day(invitation.expiresAt)
        ),
    },
    {
      key: "actions",
      title: t("actions"),
      actions: true,
      render: (_value: unknown, invitation) => (
        <Button
          className={styles.action}
          onClick={() => withdraw(invitation)}
          loading={withdrawing.loading && withdrawing.id === invitation.id}
          disabled={withdrawing.loading && withdrawing.id !== invitation.id}
          data-testid="sub-pending-withdraw"
          aria-describedby={`sub-pending-${invitation.id}`}
        >
          {t("cancelInvitation")}
        </Button>
      ),
    },
  ];
}
