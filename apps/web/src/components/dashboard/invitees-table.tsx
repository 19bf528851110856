"use client";
import { useState } from "react";
import { Button, Grid, Input, Select } from "antd";
import type { InviteeListQuery } from "@affiliates/contracts";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { AFFILIATE_INVITEE_SORTS, type Invitee } from "@affiliates/contracts";
import { useEndpoint } from "@/lib/use-endpoint";
import { inviteeSearchTerm } from "@/lib/invitee-search";
import { useCsvExport } from "@/lib/use-csv-export";
import { serverTablePagination, TABLE_PAGE_SIZE } from "@/lib/table-pagination";
import { useDeskLive } from "./desk-refresh";
import { ZoneNote } from "./statement-data";
import { ResponsiveTable } from "@/components/data/responsive-table";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { useInviteeColumns } from "./invitee-columns";
import { InviteeFilters, NO_FILTERS, type InviteeFilterValues } from "./invitee-filters";
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
 * Invitees: paginated (10, 20, 50 or 100 a page), searchable, filterable (link, traded, KYC, sign-up days) and sortable
 * on the server, exported as CSV with the same search, filters and sort. Invitees are named by their UID everywhere
 * (table, search, commission records, cards, CSV): unique in the book, searched whole or in part (issue 34). A table on
 * wide screens; on a phone a card per invitee, sorted from a menu.
 */
export function InviteesTable() {
  const t = useTranslations("affiliateDashboard.invitees");
  const format = useFormat();
  const screens = Grid.useBreakpoint();
  const [query, setQuery] = useState({
    page: 1,
    pageSize: TABLE_PAGE_SIZE,
    search: "",
    sort: "registeredAt" as Sort,
    order: "desc" as Order,
    filters: NO_FILTERS,
  });
  const [invalid, setInvalid] = useState(false);
  const selection: Omit<InviteeListQuery, "page" | "pageSize"> = {
    sort: query.sort,
    order: query.order,
    search: query.search || undefined,
    ...query.filters,
  };
  const { data, loading, error, refresh } = useEndpoint(
    "invitees",
    { page: query.page, pageSize: query.pageSize, ...selection },
    useDeskLive([]),
  );
  const links = useEndpoint("links", {});
  const filter = (change: InviteeFilterValues) =>
    setQuery((q) => ({ ...q, page: 1, filters: { ...q.filters, ...change } }));
  const csv = useCsvExport("invitees");
  const cardSort =
    CARD_SORT_NAMES.find((name) => CARD_SORTS[name][0] === query.sort && CARD_SORTS[name][1] === query.order) ??
    "newest";

  const search = (value: string) => {
    const term = inviteeSearchTerm(value);
    setInvalid(term === null);
    if (term !== null) setQuery((q) => ({ ...q, page: 1, search: term }));
  };

  const columns = useInviteeColumns(query.sort, query.order, data?.items.some((i) => i.hold !== null) ?? false);

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
            onClick={() => csv.download("inviteesCsv", { ...selection }, "invitees.csv")}
            data-testid="export-invitees-csv"
          >
            {t("export")}
          </Button>
        </div>
      </div>
      <InviteeFilters
        filters={query.filters}
        links={links.data?.links ?? []}
        onFilter={filter}
        onClear={() => setQuery((q) => ({ ...q, page: 1, filters: NO_FILTERS }))}
      />
      <p className="muted" data-testid="invitee-count" aria-live="polite">
        {data ? t("count", { count: format.number(data.total, { maximumFractionDigits: 0 }) }) : "\u00a0"}
      </p>
      <ZoneNote />
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
            pagination={serverTablePagination(
              query.page,
              data?.total ?? 0,
              (page) => setQuery((q) => ({ ...q, page })),
              {
                pageSize: query.pageSize,
                onSize: (pageSize) => setQuery((q) => ({ ...q, page: 1, pageSize })),
              },
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
                pageSize: pagination.pageSize ?? q.pageSize,
                page:
                  sort === q.sort && order === q.order && (pagination.pageSize ?? q.pageSize) === q.pageSize
                    ? (pagination.current ?? 1)
                    : 1,
              }));
            }}
          />
        </div>
      )}
    </section>
  );
}
