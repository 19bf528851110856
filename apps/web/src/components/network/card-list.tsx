"use client";
import { useMemo, useState } from "react";
import { Button, Radio } from "antd";
import { useTranslations } from "next-intl";
import { AFFILIATE_CARD_STATUSES, type ExperienceCard, type ReferralLink } from "@affiliates/contracts";
import { ResponsiveTable, type ResponsiveColumn } from "@/components/data/responsive-table";
import { useFormat } from "@/lib/format-hook";
import { pagerItemWithoutAnchor } from "@/lib/table-pagination";
import { useClaimLink } from "./card-claim-link";
import type { ListedCard } from "./network-api";
import { rowAttributes } from "./row-attributes";
import styles from "./network.module.css";

export type CardTarget = "open" | "link" | "invitee";
type StatusFilter = "all" | ExperienceCard["status"];
type TargetFilter = "all" | CardTarget;

/** Cards a page shows: a month's quota fits a few pages; a phone scrolls through 20 cards at most. */
const CARDS_PAGE_SIZE = 20;

export const targetOf = (card: ExperienceCard): CardTarget =>
  card.linkId !== null ? "link" : card.inviteeId !== null ? "invitee" : "open";

interface Props {
  /** Undefined while the list loads. */
  cards: ListedCard[] | undefined;
  links: readonly ReferralLink[] | undefined;
  /** UIDs of invitees seen in searches, for cards the list sends without one. */
  uids: ReadonlyMap<number, string>;
}

/** The affiliate's cards with their status, filtered by status and recipient: a table on wide screens, cards on phones. */
export function CardList({ cards, links, uids }: Props) {
  const t = useTranslations("network.cards");
  const format = useFormat();
  const { copy } = useClaimLink();
  const [statusFilter, setStatusFilter] = useState<StatusFilter>("all");
  const [targetFilter, setTargetFilter] = useState<TargetFilter>("all");

  const day = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" }) : "";
  const linkCode = (id: number | null) => links?.find((l) => l.id === id)?.code ?? String(id);
  // An invitee is shown by the UID the invitees table shows, never by the internal numeric id.
  const inviteeLabel = (card: ListedCard): string => {
    const uid = card.inviteeUid ?? (card.inviteeId !== null ? uids.get(card.inviteeId) : undefined);
    return uid ? t("toInvitee", { user: uid }) : t("targetInvitee");
  };
  const given = (card: ListedCard) =>
    card.linkId !== null
      ? t("toLink", { code: linkCode(card.linkId) })
      : card.inviteeId !== null
        ? inviteeLabel(card)
        : t("toAnyone");

  const shown = useMemo(
    () =>
      (cards ?? []).filter(
        (c) =>
          (statusFilter === "all" || c.status === statusFilter) &&
          (targetFilter === "all" || targetOf(c) === targetFilter),
      ),
    [cards, statusFilter, targetFilter],
  );

  const columns: ResponsiveColumn<ListedCard>[] = [
    {
      key: "code",
      title: t("code"),
      cardTitle: true,
      render: (_value: unknown, card) => <bdi className={styles.cardCode}>{card.code}</bdi>,
    },
    {
      key: "amount",
      title: t("amount"),
      render: (_value: unknown, card) => (
        <span className={styles.money} data-money="">
          {format.amount(card.amountUsdt, "USDT")}
        </span>
      ),
    },
    {
      key: "status",
      title: t("statusCol"),
      render: (_value: unknown, card) => (
        <span className={styles.badge} data-status={card.status}>
          {t(`status.${card.status}`)}
        </span>
      ),
    },
    { key: "givenTo", title: t("givenTo"), render: (_value: unknown, card) => given(card) },
    { key: "issuedAt", title: t("issuedAt"), render: (_value: unknown, card) => day(card.issuedAt) },
    { key: "expiresAt", title: t("expiresAt"), render: (_value: unknown, card) => day(card.expiresAt) },
    { key: "claimedAt", title: t("claimedAt"), wideOnly: true, render: (_value: unknown, card) => day(card.claimedAt) },
    {
      key: "actions",
      title: t("actions"),
      actions: true,
      render: (_value: unknown, card) =>
        card.status === "issued" ? (
          <Button className={styles.action} onClick={() => void copy(card.code)} data-testid="card-copy">
            {t("copyLink")}
          </Button>
        ) : null,
    },
  ];

  return (
    <section className="section" aria-labelledby="cards-title">
      <h2 id="cards-title">{t("listTitle")}</h2>
      <div className={styles.filters}>
        <div className={styles.filter}>
          <span id="card-status-filter-label" className={styles.filterLabel}>
            {t("filterStatus")}
          </span>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={statusFilter}
            onChange={(event) => setStatusFilter(event.target.value as StatusFilter)}
            options={(["all", ...AFFILIATE_CARD_STATUSES] as const).map((s) => ({
              value: s,
              label: s === "all" ? t("all") : t(`status.${s}`),
            }))}
            aria-labelledby="card-status-filter-label"
            data-testid="card-status-filter"
            className={styles.choices}
          />
        </div>
        <label className={styles.filter}>
          <span className={styles.filterLabel}>{t("filterTarget")}</span>
          <select
            className={styles.nativeSelect}
            value={targetFilter}
            onChange={(event) => setTargetFilter(event.target.value as TargetFilter)}
            data-testid="card-target-filter"
          >
            <option value="all">{t("all")}</option>
            <option value="open">{t("toAnyone")}</option>
            <option value="link">{t("targetLink")}</option>
            <option value="invitee">{t("targetInvitee")}</option>
          </select>
        </label>
      </div>
      <p className={styles.caption} data-testid="table-caption">
        {t("listCaption")}
      </p>
      <div aria-busy={!cards} data-testid="cards-table" className={styles.tableSlot}>
        {cards && shown.length === 0 ? (
          <p className="muted">{t("noCards")}</p>
        ) : (
          <ResponsiveTable<ListedCard>
            columns={columns}
            rowKey="id"
            label={t("listCaption")}
            dataSource={shown}
            loading={!cards}
            pagination={{
              pageSize: CARDS_PAGE_SIZE,
              hideOnSinglePage: true,
              showSizeChanger: false,
              itemRender: pagerItemWithoutAnchor,
            }}
            scroll={{ x: "max-content" }}
            onRow={(card) => rowAttributes({ "data-code": card.code, "data-status": card.status })}
          />
        )}
      </div>
    </section>
  );
}
