"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import type { FeeLevel } from "@affiliates/contracts";
import { useEndpointOnDemand } from "@/lib/endpoint-demand";
import { TierTable } from "@/components/programme/tier-table";

/** The seeded schedule's length (VIP0–VIP7): the rows reserved before the answer arrives. */
const PLACEHOLDER_ROWS = 8;
export const FEE_COLUMNS = ["spotMaker", "spotTaker", "futuresMaker", "futuresTaker"] as const;
export type FeeColumn = (typeof FEE_COLUMNS)[number];

export function useFeeSchedule() {
  return useEndpointOnDemand("vipFeeSchedule", {});
}

/** A level's rate with the platform-token discount applied when it is on (the one formula the table and calculator share). */
export const effectiveRate = (level: FeeLevel, column: FeeColumn, discount: number): number =>
  level[column] * (1 - discount);

/**
 * The fee schedule by VIP level for spot and futures, from the exchange API; `discount` (a fraction) is the
 * platform-token discount when the visitor has switched it on, else 0.
 */
export function FeeSchedule({ discount = 0 }: { discount?: number }) {
  const t = useTranslations("fee");
  const format = useFormat();
  const { data } = useFeeSchedule();
  const percent = (rate: number) =>
    format.number(rate, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const rows: FeeLevel[] = data?.levels ?? [];
  // Column names, also each cell's label in the phone card view.
  const labels = FEE_COLUMNS.map((column) => t(column));
  return (
    <div className="table-scroll">
      <TierTable
        attributes={{ "data-testid": "fee-table", "data-discount": discount > 0 ? "on" : "off" }}
        caption={t("tableCaption")}
        rowHeader={t("level")}
        loading={!data}
        placeholderRows={PLACEHOLDER_ROWS}
        rows={rows}
        rowKey={(row) => row.level}
        rowName={(row) => row.name}
        columns={FEE_COLUMNS.map((column, index) => ({
          key: column,
          label: labels[index]!,
          attributes: { "data-column": column },
          cell: (row: FeeLevel) => percent(effectiveRate(row, column, discount)),
        }))}
      />
    </div>
  );
}
