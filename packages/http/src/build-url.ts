import { buildQuery, type QueryParams } from "./compact-params";

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Spec §7: a path written as `v1/...` gets a leading slash. Other paths are left as they are. */
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
