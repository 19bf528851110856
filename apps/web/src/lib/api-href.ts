import { APP_ENDPOINTS } from "@affiliates/contracts/app-endpoints";
import { buildUrl, type QueryParams } from "@affiliates/http";
import type { CsvName } from "./create-api";

/** The URL of a call the browser does not make through `api`: a download (a CSV export), the chat widget's own POST. */
export const apiHref = (name: CsvName | "supportMessage", query?: QueryParams): string =>
  buildUrl("", APP_ENDPOINTS[name].path, query);
