import { useMemo } from "react";
import { useLocale, useTimeZone } from "next-intl";
import { isLocale, DEFAULT_LOCALE } from "@affiliates/locales";
import { createFormat, type Format } from "./format";

/** `createFormat` for the page's locale and next-intl's time zone (Asia/Shanghai from the request config, spec §9). */
export function useFormat(): Format {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return useMemo(() => createFormat(isLocale(locale) ? locale : DEFAULT_LOCALE, { timeZone }), [locale, timeZone]);
}
