"use client";
import type { Key, ReactNode } from "react";
import { Grid, List, Table, type TableProps } from "antd";
import type { PaginationConfig } from "antd/es/pagination";
import type { ColumnType } from "antd/es/table";
import styles from "./responsive-table.module.css";

/** A column of a responsive table: antd's column, with a plain string key the card view can name and order by. */
export interface ResponsiveColumn<T> extends ColumnType<T> {
  key: string;
  /** Shown in the card view as its heading line rather than as a label: value pair (e.g. a link's label). */
  cardTitle?: boolean;
  /** The row's buttons: in the card view they sit under the pairs, full width, in reach of the thumb. */
  actions?: boolean;
  /** Left out of the card view (a detail a phone does without). */
  wideOnly?: boolean;
}

interface Props<T> extends Omit<TableProps<T>, "columns" | "rowKey"> {
  columns: ResponsiveColumn<T>[];
  rowKey: keyof T & string;
  /** The table's name for assistive technology, given to the card list too. */
  label?: string;
}

function cellOf<T>(column: ResponsiveColumn<T>, record: T, index: number): ReactNode {
  const field = column.dataIndex as keyof T | undefined;
  const value = field === undefined ? undefined : record[field];
  if (column.render) return column.render(value, record, index) as ReactNode;
  return value === undefined || value === null ? "" : String(value);
}

/** The `data-*` and `aria-*` attributes of a row (from `onRow`), to carry over to its card. */
function rowAttributes(attributes: object | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(attributes ?? {}).filter(([name]) => name.startsWith("data-") || name.startsWith("aria-")),
  );
}

/** The table's pagination for the card list: the same page state, in antd List's shape, compact for a phone. */
function cardPagination(pagination: TableProps<unknown>["pagination"]): PaginationConfig | false {
  if (!pagination) return false;
  const { position: _position, placement: _placement, ...shared } = pagination;
  return { ...shared, align: "center", simple: true };
}

/**
 * A data table on wide screens and a list of cards on phones (below antd's `md`, 768 px): each card is the row's
 * label: value pairs and its actions as full-width buttons. Phone first: until the width is known (server render,
 * first paint) the cards show.
 */
export function ResponsiveTable<T extends object>({
  columns,
  rowKey,
  label,
  dataSource,
  loading,
  pagination,
  onRow,
  locale,
  ...tableProps
}: Props<T>) {
  const screens = Grid.useBreakpoint();
  if (screens.md) {
    return (
      <Table<T>
        {...tableProps}
        aria-label={label}
        columns={columns}
        rowKey={rowKey}
        dataSource={dataSource}
        loading={loading}
        pagination={pagination}
        onRow={onRow}
        locale={locale}
      />
    );
  }
  const title = columns.find((column) => column.cardTitle);
  const actions = columns.find((column) => column.actions);
  const pairs = columns.filter((column) => column !== title && column !== actions && !column.wideOnly);
  return (
    <List<T>
      className={styles.cards}
      aria-label={label}
      dataSource={dataSource ? [...dataSource] : []}
      loading={typeof loading === "boolean" ? loading : undefined}
      rowKey={(record) => record[rowKey] as Key}
      locale={locale?.emptyText === undefined ? undefined : { emptyText: locale.emptyText as ReactNode }}
      pagination={cardPagination(pagination)}
      renderItem={(record, index) => (
        // A row's own attributes (test ids, data-*) go on its card; its handlers stay with the table rows.
        <List.Item className={styles.card} {...rowAttributes(onRow?.(record, index))}>
          {title && <div className={styles.cardTitle}>{cellOf(title, record, index)}</div>}
          <dl className={styles.pairs}>
            {pairs.map((column) => (
              <div key={column.key} className={styles.pair}>
                <dt>{column.title as ReactNode}</dt>
                <dd>{cellOf(column, record, index)}</dd>
              </div>
            ))}
          </dl>
          {actions && <div className={styles.actions}>{cellOf(actions, record, index)}</div>}
        </List.Item>
      )}
    />
  );
}
