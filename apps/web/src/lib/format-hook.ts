import { useMemo } from "react";
import { useLocale } from "next-intl";
import { isLocale, DEFAULT_LOCALE } from "@affiliates/locales";
import { createFormat, type Format } from "./format";
import { useViewerTimeZone } from "./viewer-zone";
import { DEFAULT_TIME_ZONE } from "./constants";

/**
 * `createFormat` for the page's locale and the viewer's time zone: Asia/Shanghai (requirements.md §9) in the pre-rendered HTML,
 * the browser's own zone once hydrated (issue 34).
 */
export function useFormat(): Format {
  return useFormatIn(useViewerTimeZone());
}

/**
 * `createFormat` for the page's locale alone, for figures that do not depend on the viewer's clock (numbers, dates
 * given in UTC): it renders on the server too, where the viewer's zone is a client store's (the partner overviews).
 */
export function useLocaleFormat(): Format {
  return useFormatIn(DEFAULT_TIME_ZONE);
}

/** `createFormat` for the page's locale in `timeZone`. */
function useFormatIn(timeZone: string): Format {
  const locale = useLocale();
  return useMemo(() => createFormat(isLocale(locale) ? locale : DEFAULT_LOCALE, { timeZone }), [locale, timeZone]);
}
