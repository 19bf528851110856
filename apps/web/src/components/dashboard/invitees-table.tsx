"use client";
import { useState } from "react";
import { Button, Grid, Input, Select } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { AFFILIATE_INVITEE_SORTS, type Invitee } from "@affiliates/contracts";
import { useEndpoint } from "@/lib/use-endpoint";
import { LIVE_REFRESH } from "@/lib/live-refresh";
import { inviteeSearchTerm } from "@/lib/invitee-search";
import { useCsvExport } from "@/lib/use-csv-export";
import { serverTablePagination, TABLE_PAGE_SIZE } from "@/lib/table-pagination";
import { ResponsiveTable, type ResponsiveColumn } from "@/components/data/responsive-table";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { RiskHoldNote } from "./risk-hold";
import styles from "./dashboard.module.css";

type Sort = (typeof AFFILIATE_INVITEE_SORTS)[number];
/** Table column → the API's sort key. */
const SORT_OF_COLUMN: Record<string, Sort> = {
  registeredAt: "registeredAt",
  volumeUsdt: "volume",
  commissionUsdt: "commission",
};
type Order = "asc" | "desc";
/** The orders a phone offers in a menu (its cards have no column headers to click). */
const CARD_SORTS = {
  newest: ["registeredAt", "desc"],
  oldest: ["registeredAt", "asc"],
  volume: ["volume", "desc"],
  commission: ["commission", "desc"],
} as const satisfies Record<string, readonly [Sort, Order]>;
type CardSort = keyof typeof CARD_SORTS;
const CARD_SORT_NAMES: readonly CardSort[] = ["newest", "oldest", "volume", "commission"];

/**
 * Invitees: paginated, searchable and sortable on the server, exported as CSV with the same search and sort.
 * Invitees are named by their masked user id everywhere (table, search, commission records, CSV): searching for what
 * the table shows finds that invitee. A table on wide screens; on a phone a card per invitee, sorted from a menu.
 */
export function InviteesTable() {
  const t = useTranslations("affiliateDashboard.invitees");
  const format = useFormat();
  const screens = Grid.useBreakpoint();
  const [query, setQuery] = useState({ page: 1, search: "", sort: "registeredAt" as Sort, order: "desc" as Order });
  const [invalid, setInvalid] = useState(false);
  const { data, loading, error, refresh } = useEndpoint(
    "invitees",
    {
      page: query.page,
      pageSize: TABLE_PAGE_SIZE,
      sort: query.sort,
      order: query.order,
      search: query.search || undefined,
    },
    LIVE_REFRESH,
  );
  const csv = useCsvExport("invitees");
  const date = (iso: string | null) => (iso ? format.dateTime(iso, { dateStyle: "medium" }) : t("none"));
  const cardSort =
    CARD_SORT_NAMES.find((name) => CARD_SORTS[name][0] === query.sort && CARD_SORTS[name][1] === query.order) ??
    "newest";
  const money = (value: number) => format.number(value, MONEY_DIGITS);

  const search = (value: string) => {
    const term = inviteeSearchTerm(value);
    setInvalid(term === null);
    if (term !== null) setQuery((q) => ({ ...q, page: 1, search: term }));
  };

  const columns: ResponsiveColumn<Invitee>[] = [
    {
      key: "user",
      title: t("user"),
      dataIndex: "maskedUserId",
      cardTitle: true,
      render: (value: string) => <bdi>{value}</bdi>,
    },
    {
      key: "registeredAt",
      title: t("registeredAt"),
      dataIndex: "registeredAt",
      sorter: true,
      sortOrder: query.sort === "registeredAt" ? `${query.order}end` : null,
      render: date,
    },
    { key: "kyc", title: t("kyc"), dataIndex: "kyc", render: (kyc: boolean) => (kyc ? t("yes") : t("no")) },
    { key: "firstDeposit", title: t("firstDeposit"), dataIndex: "firstDepositAt", render: date },
    {
      key: "volume",
      title: t("volume"),
      dataIndex: "volumeUsdt",
      sorter: true,
      sortOrder: query.sort === "volume" ? `${query.order}end` : null,
      render: money,
      align: "end",
    },
    {
      key: "commission",
      title: t("commission"),
      dataIndex: "commissionUsdt",
      sorter: true,
      sortOrder: query.sort === "commission" ? `${query.order}end` : null,
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
    ...(data?.items.some((i) => i.hold !== null)
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
              <p
                id="invitee-search-problem"
                className={styles.searchProblem}
                role="alert"
                data-testid="invitee-search-problem"
              >
                {t("searchInvalid")}
              </p>
            )}
          </div>
          {!screens.md && (
            <Select<CardSort>
              className={styles.sortSelect}
              value={cardSort}
              aria-label={t("sortLabel")}
              options={CARD_SORT_NAMES.map((name) => ({ value: name, label: t(`sort.${name}`) }))}
              onChange={(name) =>
                setQuery((q) => ({ ...q, sort: CARD_SORTS[name][0], order: CARD_SORTS[name][1], page: 1 }))
              }
              data-testid="invitee-sort"
            />
          )}
          <Button
            loading={csv.loading}
            onClick={() =>
              csv.download(
                "inviteesCsv",
                { search: query.search || undefined, sort: query.sort, order: query.order },
                "invitees.csv",
              )
            }
            data-testid="export-invitees-csv"
          >
            {t("export")}
          </Button>
        </div>
      </div>
      {hasLoadProblem({ data, error, refresh }) ? (
        <LoadProblem result={{ data, error, refresh }} />
      ) : (
        <div data-testid="invitees-table">
          <ResponsiveTable<Invitee>
            rowKey="id"
            size="middle"
            label={t("title")}
            columns={columns}
            dataSource={data?.items ?? []}
            loading={loading}
            scroll={{ x: "max-content" }}
            // The card list has no onChange of its own: its pages come through the pagination's.
            pagination={serverTablePagination(query.page, data?.total ?? 0, (page) =>
              setQuery((q) => ({ ...q, page })),
            )}
            onChange={(pagination, _filters, sorter) => {
              const single = Array.isArray(sorter) ? sorter[0] : sorter;
              const column = typeof single?.field === "string" ? SORT_OF_COLUMN[single.field] : undefined;
              const sort: Sort = single?.order && column ? column : "registeredAt";
              const order = single?.order === "ascend" ? "asc" : "desc";
              // A new sort starts again from the first page.
              setQuery((q) => ({
                ...q,
                sort,
                order,
                page: sort === q.sort && order === q.order ? (pagination.current ?? 1) : 1,
              }));
            }}
          />
        </div>
      )}
    </section>
  );
}
