"use client";
import { useTranslations } from "next-intl";
import { HttpError, isHttpError, NETWORK_ERROR_CODE, type QueryParams } from "@affiliates/http";
import { apiHref } from "./api-href";
import type { CsvName } from "./create-api";
import { raiseHttpError } from "./http";
import { asDataTranslator } from "./message-keys";
import { useApiAction } from "./use-api";

/** The exports whose column titles the catalogue holds (`affiliateDashboard.csv.<kind>.<column key>`). */
export type CsvKind = "commissions" | "invitees";

/**
 * Downloads a CSV export with its header row in the page's language (the API writes the English column keys):
 * `download(name, params, fallbackName)` (a CSV endpoint of the table), with `loading` while it is under way (a second click meanwhile does nothing).
 * A failure shows the request client's error toast.
 */
export function useCsvExport(kind: CsvKind) {
  // Column keys come from the file's header row: each is asked with `has` first.
  const t = asDataTranslator(useTranslations(`affiliateDashboard.csv.${kind}`));
  const { runAsync, loading } = useApiAction(async (name: CsvName, params: QueryParams, fallbackName: string) => {
    const path = apiHref(name);
    try {
      // Loaded on the first export: the dashboard's first load carries none of it.
      const [{ fetchCsv, saveFile }, { localizeCsvHeader }] = await Promise.all([
        import("./csv-download"),
        import("./csv-header"),
      ]);
      const file = await fetchCsv(path, params, fallbackName);
      const text = localizeCsvHeader(file.text, (key) => (t.has(key) ? t(key) : undefined));
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
