import { createElement, isValidElement, type ReactNode } from "react";
import type { TablePaginationConfig } from "antd";

/** Rows per page of the dashboard's server-paginated tables (invitees, commission records). */
export const TABLE_PAGE_SIZE = 10;

/**
 * antd renders page numbers and the jump items as `<a>` without `href`, which crawlers and Lighthouse's
 * "crawlable anchors" audit reject. The `<li>` around them already is the focusable, clickable control, so the
 * anchor becomes a `<span>` with the same class and content.
 */
export function pagerItemWithoutAnchor(_page: number, _type: string, element: ReactNode): ReactNode {
  if (isValidElement<Record<string, unknown>>(element) && element.type === "a") {
    const { rel: _rel, ...props } = element.props;
    return createElement("span", props);
  }
  return element;
}

/** The pagination of a server-paginated dashboard table: fixed page size, no size changer, no anchors. */
export function serverTablePagination(
  current: number,
  total: number,
  onChange?: (page: number) => void,
): TablePaginationConfig {
  return {
    current,
    pageSize: TABLE_PAGE_SIZE,
    total,
    showSizeChanger: false,
    itemRender: pagerItemWithoutAnchor,
    ...(onChange ? { onChange: (page: number) => onChange(page) } : {}),
  };
}
