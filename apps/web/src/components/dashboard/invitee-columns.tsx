"use client";
import { useTranslations } from "next-intl";
import type { AFFILIATE_INVITEE_SORTS, Invitee } from "@affiliates/contracts";
import type { ResponsiveColumn } from "@/components/data/responsive-table";
import { MONEY_DIGITS } from "@/lib/format";
import { useFormat } from "@/lib/format-hook";
import { RiskHoldNote } from "./risk-hold";

type Sort = (typeof AFFILIATE_INVITEE_SORTS)[number];

/**
 * The invitees table's columns, the sortable ones marked with the current order (`sort`, `order`). The hold column is
 * there only when an invitee of the page is held (`anyHeld`).
 */
export function useInviteeColumns(sort: Sort, order: "asc" | "desc", anyHeld: boolean): ResponsiveColumn<Invitee>[] {
  const t = useTranslations("affiliateDashboard.invitees");
  const format = useFormat();
  const date = (iso: string | null) => (iso ? format.dateTime(iso, { dateStyle: "medium" }) : t("none"));
  const money = (value: number) => format.number(value, MONEY_DIGITS);
  const sortOrder = (column: Sort) => (sort === column ? (`${order}end` as const) : null);
  return [
    {
      key: "user",
      title: t("user"),
      dataIndex: "uid",
      cardTitle: true,
      render: (value: string) => <bdi>{value}</bdi>,
    },
    {
      key: "registeredAt",
      title: t("registeredAt"),
      dataIndex: "registeredAt",
      sorter: true,
      sortOrder: sortOrder("registeredAt"),
      render: date,
    },
    { key: "kyc", title: t("kyc"), dataIndex: "kyc", render: (kyc: boolean) => (kyc ? t("yes") : t("no")) },
    { key: "firstDeposit", title: t("firstDeposit"), dataIndex: "firstDepositAt", render: date },
    {
      key: "volume",
      title: t("volume"),
      dataIndex: "volumeUsdt",
      sorter: true,
      sortOrder: sortOrder("volume"),
      render: money,
      align: "end",
    },
    {
      key: "commission",
      title: t("commission"),
      dataIndex: "commissionUsdt",
      sorter: true,
      sortOrder: sortOrder("commission"),
      render: money,
      align: "end",
    },
    {
      key: "link",
      title: t("link"),
      dataIndex: "linkCode",
      render: (code: string | null) => (code ? <bdi>{code}</bdi> : t("none")),
    },
    // Shown only when an invitee of the page is held (README "Risk checks"): most affiliates never see it.
    ...(anyHeld
      ? [
          {
            key: "hold",
            title: t("hold"),
            dataIndex: "hold",
            render: (hold: Invitee["hold"]) => (hold ? <RiskHoldNote hold={hold} /> : t("none")),
          },
        ]
      : []),
  ];
}
