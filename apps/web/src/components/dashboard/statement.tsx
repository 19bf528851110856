"use client";
import type { HTMLAttributes } from "react";
import { useMessages, useTranslations } from "next-intl";
import type { AffiliateStatement, AffiliateStatementEntry } from "@affiliates/contracts";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { isKeyOf } from "@/lib/message-keys";
import { pagerItemWithoutAnchor, TABLE_PAGE_SIZES } from "@/lib/table-pagination";
import { ResponsiveTable, type ResponsiveColumn } from "@/components/data/responsive-table";
import { MOMENT_WITH_ZONE, STATEMENT_FIRST_PAGE, ZoneNote } from "./statement-data";
import styles from "./dashboard.module.css";

const rowProps = (entry: AffiliateStatementEntry) =>
  ({ "data-testid": "statement-row", "data-kind": entry.kind, "data-ref": entry.ref }) as HTMLAttributes<HTMLElement>;

/**
 * The statement (issue 34): every credit (each settlement day, split by market and link), void, withdrawal and
 * operator's adjustment (with its reason), newest first, with the balance after each; above it the sum that makes the
 * balance (credits − voids − withdrawals ± adjustments), so the balance is visibly the sum of the statement.
 */
export function Statement({
  data,
  loading,
  onPage,
}: {
  data: AffiliateStatement | undefined;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
}) {
  const t = useTranslations("affiliateDashboard.statement");
  const tl = useTranslations("affiliateDashboard.commissions");
  const tp = useTranslations("affiliateDashboard.payouts");
  const destinations = useMessages().affiliateDashboard.payouts.destinations;
  const format = useFormat();
  const money = (value: number) => format.number(value, MONEY_DIGITS);
  const signed = (value: number) => format.number(value, { ...MONEY_DIGITS, signDisplay: "exceptZero" });

  const detail = (entry: AffiliateStatementEntry) => {
    if (entry.kind === "payout")
      return isKeyOf(destinations, entry.destination)
        ? tp(`destinations.${entry.destination}`)
        : (entry.destination ?? "");
    // The operator's reason, as written (a data field, like a link's label).
    if (entry.kind === "adjustment") return <span data-testid="statement-note">{entry.note}</span>;
    const day = entry.tradeDay ? t("tradeDay", { day: format.day(entry.tradeDay) }) : "";
    if (entry.kind === "void") return day;
    return (
      <>
        <span>{day}</span>
        <ul className={styles.statementParts} data-testid="statement-parts">
          {entry.parts.map((part) => (
            <li key={`${part.market}:${part.linkCode ?? ""}:${part.source}`}>
              {tl(`lines.${part.market}`)} ·{" "}
              <bdi>{part.linkCode ?? t(part.source === "override" ? "override" : "noLink")}</bdi>{" "}
              <span className={styles.partAmount}>{money(part.amountUsdt)}</span>
            </li>
          ))}
        </ul>
      </>
    );
  };

  const columns: ResponsiveColumn<AffiliateStatementEntry>[] = [
    {
      key: "date",
      title: t("date"),
      dataIndex: "createdAt",
      cardTitle: true,
      render: (at: string) => format.dateTime(at, MOMENT_WITH_ZONE),
    },
    {
      key: "kind",
      title: t("kind"),
      dataIndex: "kind",
      render: (kind: AffiliateStatementEntry["kind"]) => t(`kinds.${kind}`),
    },
    { key: "detail", title: t("detail"), dataIndex: "parts", render: (_parts: unknown, entry) => detail(entry) },
    { key: "amount", title: t("amount"), dataIndex: "amountUsdt", align: "end", render: signed },
    { key: "balance", title: t("balanceAfter"), dataIndex: "balanceUsdt", align: "end", render: money },
  ];

  return (
    <div data-testid="statement" aria-busy={!data}>
      <h3 id="statement-title">{t("title")}</h3>
      {data && (
        <p className={styles.statementSum} data-testid="statement-sum">
          {/* Adjustments named only when there are any: most statements have none. */}
          {t(data.totals.adjustmentUsdt === 0 ? "sum" : "sumWithAdjustments", {
            credits: money(data.totals.settlementUsdt),
            voids: money(Math.abs(data.totals.voidUsdt)),
            payouts: money(Math.abs(data.totals.payoutUsdt)),
            adjustments: signed(data.totals.adjustmentUsdt),
            balance: money(data.balanceUsdt),
          })}
        </p>
      )}
      <ZoneNote />
      {data && data.total === 0 ? (
        <p className="muted">{t("empty")}</p>
      ) : (
        <ResponsiveTable<AffiliateStatementEntry>
          rowKey="ref"
          size="middle"
          label={t("title")}
          columns={columns}
          dataSource={data?.entries ?? []}
          loading={loading && !data}
          onRow={rowProps}
          pagination={{
            current: data?.page ?? 1,
            pageSize: data?.pageSize ?? STATEMENT_FIRST_PAGE.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: TABLE_PAGE_SIZES,
            itemRender: pagerItemWithoutAnchor,
            onChange: onPage,
          }}
        />
      )}
    </div>
  );
}
