import { createElement, isValidElement, startTransition, type ReactNode } from "react";
import type { TablePaginationConfig } from "antd";

/** Rows per page of the dashboard's server-paginated tables (invitees, commission records), until the reader picks another. */
export const TABLE_PAGE_SIZE = 10;
/** The page sizes a reader can pick (issue 34); the API takes 10 to 100. */
export const TABLE_PAGE_SIZES = [10, 20, 50, 100];

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

/**
 * The pagination of a server-paginated dashboard table, no anchors. Given `onSize`, the reader picks 10, 20, 50 or
 * 100 rows (a new size starts again from the first page); without it the size is fixed.
 */
export function serverTablePagination(
  current: number,
  total: number,
  onChange?: (page: number) => void,
  size?: { pageSize: number; onSize: (pageSize: number) => void },
): TablePaginationConfig {
  return {
    current,
    pageSize: size?.pageSize ?? TABLE_PAGE_SIZE,
    total,
    showSizeChanger: size !== undefined,
    ...(size ? { pageSizeOptions: TABLE_PAGE_SIZES } : {}),
    itemRender: pagerItemWithoutAnchor,
    ...(onChange || size
      ? {
          // Another page is rendered in a transition: the tap's frame paints first, and the table's rows follow in
          // React's short slices instead of one long task on a phone (issue 36's INP of invitee paging).
          onChange: (page: number, pageSize: number) =>
            startTransition(() => {
              if (size && pageSize !== size.pageSize) size.onSize(pageSize);
              else onChange?.(page);
            }),
        }
      : {}),
  };
}
