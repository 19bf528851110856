"use client";
import { useState } from "react";
import { Table, type TableProps } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { LIVE_REFRESH } from "@/lib/live-refresh";
import type { AffiliateCommissionPage, AffiliateCommissionRecord } from "@affiliates/contracts";
import { http } from "@/lib/http";
import { useApi } from "@/lib/use-api";
import { serverTablePagination, TABLE_PAGE_SIZE } from "@/lib/table-pagination";

export const COMMISSIONS_PATH = "v1/affiliate/commissions";

/** Commission records of the period (issue 9): each settlement line, with the reason when a trade earned none. */
export function CommissionRecords({ from, to }: { from: string; to: string }) {
  const t = useTranslations("affiliateDashboard.commissions");
  const format = useFormat();
  const [page, setPage] = useState(1);
  const key = `${COMMISSIONS_PATH}?${from}:${to}:${page}`;
  const { data, loading } = useApi(key, () => http.get<AffiliateCommissionPage>(COMMISSIONS_PATH, { from, to, page, pageSize: TABLE_PAGE_SIZE }), { ...LIVE_REFRESH, refreshDeps: [key] });
  const money = (value: number) => format.number(value, MONEY_DIGITS);
  const reason = (value: string) => (t.has(`reasons.${value}`) ? t(`reasons.${value}`) : value);

  const columns: TableProps<AffiliateCommissionRecord>["columns"] = [
    { title: t("day"), dataIndex: "tradeDay", render: (day: string) => format.dateTime(new Date(`${day}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }) },
    { title: t("invitee"), dataIndex: "inviteeMaskedId", render: (id: string) => <bdi>{id}</bdi> },
    { title: t("line"), dataIndex: "businessLine", render: (line: AffiliateCommissionRecord["businessLine"]) => t(`lines.${line}`) },
    { title: t("volume"), dataIndex: "volumeUsdt", render: money, align: "end" },
    { title: t("fee"), dataIndex: "feeUsdt", render: money, align: "end" },
    {
      title: t("commission"),
      dataIndex: "commissionUsdt",
      align: "end",
      render: (value: number, record) => (record.reasonNone ? <span className="muted" data-testid="no-commission-reason">{reason(record.reasonNone)}</span> : money(value)),
    },
    { title: t("status"), dataIndex: "status", render: (status: AffiliateCommissionRecord["status"]) => t(`statuses.${status}`) },
  ];

  return (
    <section className="section" aria-labelledby="commissions-title">
      <h2 id="commissions-title">{t("title")}</h2>
      <p className="muted">{t("caption")}</p>
      <Table<AffiliateCommissionRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={loading}
        scroll={{ x: true }}
        pagination={serverTablePagination(page, data?.total ?? 0, setPage)}
      />
    </section>
  );
}
