"use client";
import { HttpError, isHttpError, NETWORK_ERROR_CODE } from "@affiliates/http";
import type { Api, ApiName } from "./create-api";
import { http, raiseHttpError } from "./http";
import { sensitiveCallHeaders } from "./sensitive-call";

type AnyCall = (...args: readonly unknown[]) => Promise<unknown>;

let loading: Promise<Api> | undefined;

/**
 * The endpoint table and the call builder (lib/create-api.ts) load with the first call, not with the page: the table
 * of every route is ~1.5 KB gzip that the first paint does not need (the offers come in the HTML). A chunk that could
 * not load (offline) is a network failure, reported and toasted as one, and the next call tries again.
 */
function load(name: string): Promise<Api> {
  loading ??= import("./create-api")
    .then(({ createApi }) => createApi({ client: http, sensitiveHeaders: sensitiveCallHeaders }))
    .catch((cause: unknown) => {
      loading = undefined;
      const error = isHttpError(cause)
        ? cause
        : new HttpError({
            code: NETWORK_ERROR_CODE,
            msg: String(cause),
            kind: "network",
            url: `api.${name}`,
            method: "GET",
            cause,
          });
      raiseHttpError(error);
      throw error;
    });
  return loading;
}

/**
 * The product's API calls: `api.links({ from, to })`, `api.linkUpdate({ id, label })` (lib/create-api.ts: path, method,
 * `dy-token` and the answer's type from the endpoint table, over the request client).
 */
export const api: Api = new Proxy({} as Api, {
  get: (_target, name) =>
    // Not a thenable: `await api` must not call a `then` endpoint.
    typeof name === "string" && name !== "then"
      ? (...args: readonly unknown[]) => load(name).then((calls) => (calls[name as ApiName] as AnyCall)(...args))
      : undefined,
});

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
