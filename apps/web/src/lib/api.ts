"use client";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import { buildUrl, type QueryParams } from "@affiliates/http";
import { createApi, type ApiName, type CsvName } from "./create-api";
import { http } from "./http";
import { sensitiveCallHeaders } from "./sensitive-call";

/** The product's API calls (lib/create-api.ts) over its request client; sensitive calls carry the device token. */
export const api = createApi({ client: http, sensitiveHeaders: sensitiveCallHeaders });

/** The ahooks cache key of an endpoint's answer (its path); a caller adds what else the answer varies by. */
export const apiKey = (name: ApiName, ...varies: readonly (string | number)[]): string => [ENDPOINTS[name].path, ...varies].join(":");

/** The URL of a call the browser does not make through `api` (a download: `/v1/affiliate/commissions/export.csv?from=…`; the chat widget's own POST). */
export const apiHref = (name: CsvName | "supportMessage", query?: QueryParams): string => buildUrl("", ENDPOINTS[name].path, query);
