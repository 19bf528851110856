import { useMemo } from "react";
import { useLocale } from "next-intl";
import { isLocale, DEFAULT_LOCALE } from "@affiliates/locales";
import { createFormat, type Format } from "./format";
import { useViewerTimeZone } from "./viewer-zone";

/**
 * `createFormat` for the page's locale and the viewer's time zone: Asia/Shanghai (requirements.md §9) in the pre-rendered HTML,
 * the browser's own zone once hydrated (issue 34).
 */
export function useFormat(): Format {
  const locale = useLocale();
  const timeZone = useViewerTimeZone();
  return useMemo(() => createFormat(isLocale(locale) ? locale : DEFAULT_LOCALE, { timeZone }), [locale, timeZone]);
}
