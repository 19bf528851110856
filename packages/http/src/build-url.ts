import { compactParams, isEmptyParam } from "@affiliates/contracts";

/** A value that can go into a query string; arrays become repeated keys. */
type QueryScalar = string | number | boolean;
type QueryValue = QueryScalar | null | undefined | readonly (QueryScalar | null | undefined)[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Serialises params as a query string without the leading "?": empties dropped (`compactParams`), arrays as
 * repeated keys (`a=1&a=2`, empty elements skipped), values URL-encoded.
 */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(compactParams(params))) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as readonly (QueryScalar | null | undefined)[]) {
      if (!isEmptyParam(item)) search.append(key, String(item));
    }
  }
  return search.toString();
}

/** requirements.md §7: a path written as `v1/...` gets a leading slash. Other paths are left as they are. */
export function normalizePath(path: string): string {
  return path.startsWith("v1") ? `/${path}` : path;
}

/** Joins base URL and path (absolute URLs pass through) and appends the query built from params. */
export function buildUrl(baseUrl: string, path: string, params?: QueryParams): string {
  const normalized = normalizePath(path);
  let url: string;
  if (ABSOLUTE_URL.test(normalized) || baseUrl === "") url = normalized;
  else if (normalized.startsWith("/")) url = `${baseUrl.replace(/\/+$/, "")}${normalized}`;
  else url = `${baseUrl.replace(/\/+$/, "")}/${normalized}`;
  const query = buildQuery(params);
  if (query === "") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}
