"use client";
import { useState } from "react";
import { useMessages, useTranslations } from "next-intl";
import { isKeyOf } from "@/lib/message-keys";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import type { AffiliateCommissionRecord } from "@affiliates/contracts";
import { useEndpoint } from "@/lib/use-endpoint";
import { serverTablePagination, TABLE_PAGE_SIZE } from "@/lib/table-pagination";
import { ResponsiveTable, type ResponsiveColumn } from "@/components/data/responsive-table";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { RiskHoldNote } from "./risk-hold";
import { useDeskLive } from "./desk-refresh";
import styles from "./dashboard.module.css";

/**
 * Commission records of the period: each settlement line with what makes its commission — fill volume, fee, the
 * affiliate's rate, the invitee's share, the link — and its status, or the reason when a trade earned none (issue 34:
 * "3.50 of 10.00" can be checked). A table on wide screens, a card per record on a phone; 10 to 100 a page.
 */
export function CommissionRecords({ from, to }: { from: string; to: string }) {
  const t = useTranslations("affiliateDashboard.commissions");
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  const { data, loading, error, refresh } = useEndpoint("commissions", { from, to, page, pageSize }, useDeskLive([]));
  const money = (value: number) => format.number(value, MONEY_DIGITS);
  const reasons = useMessages().affiliateDashboard.commissions.reasons;
  const reason = (value: string) => (isKeyOf(reasons, value) ? t(`reasons.${value}`) : value);

  const columns: ResponsiveColumn<AffiliateCommissionRecord>[] = [
    { key: "day", title: t("day"), dataIndex: "tradeDay", cardTitle: true, render: (day: string) => format.day(day) },
    { key: "invitee", title: t("invitee"), dataIndex: "inviteeUid", render: (id: string) => <bdi>{id}</bdi> },
    {
      key: "line",
      title: t("line"),
      dataIndex: "businessLine",
      render: (line: AffiliateCommissionRecord["businessLine"]) => t(`lines.${line}`),
    },
    {
      key: "link",
      title: t("link"),
      dataIndex: "linkCode",
      render: (code: string | null) => (code ? <bdi>{code}</bdi> : "—"),
    },
    { key: "volume", title: t("volume"), dataIndex: "volumeUsdt", render: money, align: "end" },
    { key: "fee", title: t("fee"), dataIndex: "feeUsdt", render: money, align: "end" },
    { key: "rate", title: t("rate"), dataIndex: "rateBps", render: (bps: number) => format.bps(bps), align: "end" },
    { key: "share", title: t("share"), dataIndex: "shareBps", render: (bps: number) => format.bps(bps), align: "end" },
    {
      key: "commission",
      title: t("commission"),
      dataIndex: "commissionUsdt",
      align: "end",
      render: (value: number, record) =>
        record.reasonNone ? (
          <span className="muted" data-testid="no-commission-reason">
            {reason(record.reasonNone)}
          </span>
        ) : (
          money(value)
        ),
    },
    {
      key: "status",
      title: t("status"),
      dataIndex: "status",
      // A held invitee's line says why it waits instead of just "Pending" (README "Risk checks").
      render: (status: AffiliateCommissionRecord["status"], record: AffiliateCommissionRecord) =>
        record.hold ? <RiskHoldNote hold={record.hold} /> : t(`statuses.${status}`),
    },
  ];

  return (
    <section className="section" aria-labelledby="commissions-title">
      <h2 id="commissions-title">{t("title")}</h2>
      <p className={`muted ${styles.caption}`}>{t("caption")}</p>
      {hasLoadProblem({ data, error, refresh }) ? (
        <LoadProblem result={{ data, error, refresh }} />
      ) : (
        <div data-testid="commissions-table">
          <ResponsiveTable<AffiliateCommissionRecord>
            rowKey="id"
            size="middle"
            label={t("title")}
            columns={columns}
            dataSource={data?.items ?? []}
            loading={loading}
            scroll={{ x: "max-content" }}
            pagination={serverTablePagination(page, data?.total ?? 0, setPage, {
              pageSize,
              onSize: (size) => {
                setPage(1);
                setPageSize(size);
              },
            })}
          />
        </div>
      )}
    </section>
  );
}
