"use client";
import { createApi, type Api, type ApiName } from "./create-api";
import { http } from "./http";
import { sensitiveCallHeaders } from "./sensitive-call";

/**
 * The product's API calls: `api.links({ from, to })`, `api.linkUpdate({ id, label })` (lib/create-api.ts: path, method,
 * `dy-token` and the answer's type from the endpoint table, over the request client).
 *
 * The table loads with the page, not with the first call (issue 36): analytics and the device token take their URLs
 * from it too, and each chunk loaded on its own got a copy of it. One copy here is ~1.6 KB gzip; three were ~4.8.
 */
export const api: Api = createApi({ client: http, sensitiveHeaders: sensitiveCallHeaders });

/**
 * The ahooks cache key of an endpoint's answer: its name, then its input's fields (and what else the answer varies
 * by, such as the language of a per-language offer) sorted, as a query string: `links?from=…&to=…`. The same input
 * is the same key wherever it is asked for, so two panels asking for it make one request.
 */
export function endpointKey(name: ApiName, ...fieldSets: readonly (object | undefined)[]): string {
  const entries = fieldSets
    .flatMap((fields) => Object.entries(fields ?? {}))
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => [key, String(value)] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? name : `${name}?${new URLSearchParams(entries).toString()}`;
}

/** The ahooks cache key of an endpoint's answer (its name, as the offers' keys); a caller adds what else it varies by. */
export const apiKey = (name: ApiName, ...varies: readonly (string | number)[]): string => [name, ...varies].join(":");
