import type { Key, ReactNode } from "react";
import { PlaceholderRows } from "./placeholder-rows";

/** A column of a programme's table: its label (the header, and each cell's label in the phone card view) and cell. */
export interface TierColumn<R> {
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  className?: string;
  /** Extra attributes of each cell (e.g. `data-column`, which tests and styles read). */
  attributes?: Record<string, string>;
}

interface TierTableProps<R> {
  caption: string;
  /** The first column's header: what a row is (level, tier, project). */
  rowHeader: string;
  columns: readonly TierColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => Key;
  rowName: (row: R) => ReactNode;
  /** While the figures load, placeholder rows hold the table's height (`placeholderRows` of them). */
  loading: boolean;
  placeholderRows: number;
  className?: string;
  /** `data-testid`, `data-discount` …: the table's own attributes. */
  attributes?: Record<string, string>;
}

/**
 * The programmes' tables (affiliate levels, VIP levels and fees, the fee schedule, broker and maker tiers, incubation
 * cohorts): a caption, a row header per row, one cell per column with its label for the phone card view, and
 * placeholder rows while loading so nothing below moves when the figures arrive.
 */
export function TierTable<R>({
  caption,
  rowHeader,
  columns,
  rows,
  rowKey,
  rowName,
  loading,
  placeholderRows,
  className = "data-table",
  attributes,
}: TierTableProps<R>) {
  const labels = columns.map((column) => column.label);
  return (
    <table className={className} aria-busy={loading} {...attributes}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          {columns.map((column) => (
            <th scope="col" key={column.key}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading && <PlaceholderRows count={placeholderRows} labels={labels} />}
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row">{rowName(row)}</th>
            {columns.map((column) => (
              <td key={column.key} data-label={column.label} className={column.className} {...column.attributes}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
