"use client";
import { useMessages, useTranslations } from "next-intl";
import { HttpError, isHttpError, NETWORK_ERROR_CODE, type QueryParams } from "@affiliates/http";
import { apiHref } from "./api-href";
import type { CsvName } from "./create-api";
import type { CsvLocalization } from "./csv-localize";
import { useFormat } from "./format-hook";
import { raiseHttpError } from "./http";
import { asDataTranslator, isKeyOf } from "./message-keys";
import { useApiAction } from "./use-api";
import { zoneName } from "./viewer-zone";

/** The exports whose column titles the catalogue holds (`affiliateDashboard.csv.<kind>.<column key>`). */
export type CsvKind = "commissions" | "invitees";

/** Columns holding a moment (ISO UTC from the API): written on the viewer's clock, the zone in the column's title. */
const TIME_COLUMNS = new Set(["settledAt", "registeredAt", "firstDepositAt", "firstTradeAt"]);
/** Columns of money or counts, compared as numbers when sorting. */
const isNumeric = (key: string) => key.endsWith("Usdt") || key.endsWith("Bps");
const INVITEE_SORT_COLUMNS: Record<string, string> = {
  registeredAt: "registeredAt",
  volume: "volumeUsdt",
  commission: "commissionUsdt",
};

/** Compares two raw CSV values of a column: numbers as numbers, ISO days and moments as text (they sort so). */
const compareField = (key: string, a: string, b: string): number =>
  isNumeric(key) ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0;

/**
 * Downloads a CSV export as the reader should get it (issue 34): titles in the page's language, times on the viewer's
 * clock with the zone in the header, values translated (no raw `true`/`spot`/`pending`), no internal ids, rows sorted
 * (commissions as the API streams them, the table's order; invitees as the table is sorted). `download(name, params, fallbackName)`, with
 * `loading` while it is under way (a second click meanwhile does nothing). A failure shows the request client's toast.
 */
export function useCsvExport(kind: CsvKind) {
  const t = asDataTranslator(useTranslations("affiliateDashboard"));
  const messages = useMessages().affiliateDashboard;
  const format = useFormat();
  const zone = zoneName(format.intlLocale, format.timeZone);

  const localization = (params: QueryParams, zoned: (iso: string, timeZone: string) => string): CsvLocalization => {
    const sortKey = INVITEE_SORT_COLUMNS[String(params.sort ?? "")] ?? "registeredAt";
    const descending = params.order !== "asc";
    return {
      title: (key) => {
        const path = `csv.${kind}.${key}`;
        return t.has(path) ? t(path, { zone }) : undefined;
      },
      value: (key, raw) => {
        if (raw === "") return raw;
        if (TIME_COLUMNS.has(key)) return zoned(raw, format.timeZone);
        if (key === "kyc") return raw === "true" ? t("invitees.yes") : t("invitees.no");
        if (key === "businessLine" && isKeyOf(messages.commissions.lines, raw)) return t(`commissions.lines.${raw}`);
        if (key === "status" && isKeyOf(messages.commissions.statuses, raw)) return t(`commissions.statuses.${raw}`);
        if (key === "reasonNone" && isKeyOf(messages.commissions.reasons, raw)) return t(`commissions.reasons.${raw}`);
        if (key.endsWith("Bps")) return String(Number(raw) / 100);
        return raw;
      },
      compare: (a, b) => {
        // Commissions come in the table's own order (newest trade day, then newest record): kept as they are.
        if (kind === "commissions") return 0;
        const primary = compareField(sortKey, a[sortKey] ?? "", b[sortKey] ?? "");
        if (primary !== 0) return descending ? -primary : primary;
        // Ties (equal volumes) in a stable order: by UID.
        return compareField("uid", a.uid ?? "", b.uid ?? "");
      },
    };
  };

  const { runAsync, loading } = useApiAction(async (name: CsvName, params: QueryParams, fallbackName: string) => {
    const path = apiHref(name);
    try {
      // Loaded on the first export: the dashboard's first load carries none of it.
      const [{ fetchCsv, saveFile }, csvModule] = await Promise.all([
        import("./csv-download"),
        import("./csv-localize"),
      ]);
      const file = await fetchCsv(path, params, fallbackName);
      const text = csvModule.localizeCsv(file.text, localization(params, csvModule.zonedTimestamp));
      saveFile(new Blob([text], { type: "text/csv;charset=utf-8" }), file.name);
    } catch (error) {
      // A chunk that could not load (offline) is a network failure to the user too.
      raiseHttpError(
        isHttpError(error)
          ? error
          : new HttpError({
              code: NETWORK_ERROR_CODE,
              msg: String(error),
              kind: "network",
              url: path,
              method: "GET",
              cause: error,
            }),
      );
      throw error;
    }
  });
  const download = (name: CsvName, params: QueryParams, fallbackName: string) => {
    if (!loading) void runAsync(name, params, fallbackName).catch(() => undefined); // already toasted
  };
  return { download, loading };
}
