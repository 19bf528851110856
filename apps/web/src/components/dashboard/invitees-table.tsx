"use client";
import { useState } from "react";
import { Button, Input, Table, type TableProps } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { AFFILIATE_INVITEE_SORTS, type Invitee, type InviteePage } from "@affiliates/contracts";
import { http } from "@/lib/http";
import { useApi } from "@/lib/use-api";
import { LIVE_REFRESH } from "@/lib/live-refresh";
import { inviteeSearchTerm } from "@/lib/invitee-search";
import { useCsvExport } from "@/lib/use-csv-export";
import { serverTablePagination, TABLE_PAGE_SIZE } from "@/lib/table-pagination";
import styles from "./dashboard.module.css";

export const INVITEES_PATH = "v1/affiliate/invitees";
export const INVITEES_CSV_PATH = "/v1/affiliate/invitees/export.csv";
type Sort = (typeof AFFILIATE_INVITEE_SORTS)[number];
/** Table column → the API's sort key. */
const SORT_OF_COLUMN: Record<string, Sort> = { registeredAt: "registeredAt", volumeUsdt: "volume", commissionUsdt: "commission" };

/**
 * Invitees (issue 9): paginated, searchable and sortable on the server, exported as CSV with the same search and sort.
 * Invitees are named by their masked user id everywhere (table, search, commission records, CSV): searching for what
 * the table shows finds that invitee.
 */
export function InviteesTable() {
  const t = useTranslations("affiliateDashboard.invitees");
  const format = useFormat();
  const [query, setQuery] = useState({ page: 1, search: "", sort: "registeredAt" as Sort, order: "desc" as "asc" | "desc" });
  const [invalid, setInvalid] = useState(false);
  const key = `${INVITEES_PATH}?${JSON.stringify(query)}`;
  const { data, loading } = useApi(
    key,
    () => http.get<InviteePage>(INVITEES_PATH, { page: query.page, pageSize: TABLE_PAGE_SIZE, sort: query.sort, order: query.order, search: query.search || undefined }),
    { ...LIVE_REFRESH, refreshDeps: [key] },
  );
  const csv = useCsvExport("invitees");
  const date = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium" }) : t("none"));
  const money = (value: number) => format.number(value, MONEY_DIGITS);

  const search = (value: string) => {
    const term = inviteeSearchTerm(value);
    setInvalid(term === null);
    if (term !== null) setQuery((q) => ({ ...q, page: 1, search: term }));
  };

  const columns: TableProps<Invitee>["columns"] = [
    { title: t("user"), dataIndex: "maskedUserId", render: (value: string) => <bdi>{value}</bdi> },
    { title: t("registeredAt"), dataIndex: "registeredAt", sorter: true, sortOrder: query.sort === "registeredAt" ? `${query.order}end` : null, render: date },
    { title: t("kyc"), dataIndex: "kyc", render: (kyc: boolean) => (kyc ? t("yes") : t("no")) },
    { title: t("firstDeposit"), dataIndex: "firstDepositAt", render: date },
    { title: t("volume"), dataIndex: "volumeUsdt", sorter: true, sortOrder: query.sort === "volume" ? `${query.order}end` : null, render: money, align: "end" },
    { title: t("commission"), dataIndex: "commissionUsdt", sorter: true, sortOrder: query.sort === "commission" ? `${query.order}end` : null, render: money, align: "end" },
    { title: t("link"), dataIndex: "linkCode", render: (code: string | null) => (code ? <bdi>{code}</bdi> : t("none")) },
  ];

  return (
    <section className="section" aria-labelledby="invitees-title">
      <div className="section-head">
        <h2 id="invitees-title">{t("title")}</h2>
        <div className={styles.tableTools}>
          <div className={styles.searchBox}>
            <Input.Search
              allowClear
              placeholder={t("search")}
              aria-label={t("search")}
              aria-invalid={invalid}
              aria-describedby={invalid ? "invitee-search-problem" : undefined}
              status={invalid ? "error" : undefined}
              onChange={() => invalid && setInvalid(false)}
              onSearch={search}
              data-testid="invitee-search"
            />
            {invalid && (
              <p id="invitee-search-problem" className={styles.searchProblem} role="alert" data-testid="invitee-search-problem">
                {t("searchInvalid")}
              </p>
            )}
          </div>
          <Button
            loading={csv.loading}
            onClick={() => csv.download(INVITEES_CSV_PATH, { search: query.search || undefined, sort: query.sort, order: query.order }, "invitees.csv")}
            data-testid="export-invitees-csv"
          >
            {t("export")}
          </Button>
        </div>
      </div>
      <Table<Invitee>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={loading}
        scroll={{ x: true }}
        data-testid="invitees-table"
        pagination={serverTablePagination(query.page, data?.total ?? 0)}
        onChange={(pagination, _filters, sorter) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = typeof single?.field === "string" ? SORT_OF_COLUMN[single.field] : undefined;
          const sort: Sort = single?.order && column ? column : "registeredAt";
          const order = single?.order === "ascend" ? "asc" : "desc";
          // A new sort starts again from the first page.
          setQuery((q) => ({ ...q, sort, order, page: sort === q.sort && order === q.order ? (pagination.current ?? 1) : 1 }));
        }}
      />
    </section>
  );
}
