"use client";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useLocale } from "next-intl";
import { isLocale } from "@affiliates/locales";
import { applyDayjsLocale } from "@/lib/dayjs-locale";

const AntdLocaleContext = createContext<AntdLocale | undefined>(undefined);

/** Sets dayjs's locale to the page's (antd's date pickers format with dayjs): FormKit and AntdLocaleProvider. */
export function useDayjsLocale(): void {
  const locale = useLocale();
  useEffect(() => {
    if (isLocale(locale)) void applyDayjsLocale(locale);
  }, [locale]);
}

/** antd's catalogue of the page, for a FormKit given none (AntdLocaleProvider's). */
export const usePageAntdLocale = () => useContext(AntdLocaleContext);

/**
 * For a page whose UI-kit parts each load later, with their own FormKit (the dashboard's islands): antd's catalogue for
 * them, and dayjs's locale set now, so a date picker opened later already speaks the page's language. No UI-kit code
 * comes with it: antd derives its theme only when an island shows, not in the page's first load.
 */
export function AntdLocaleProvider({
  antdLocale,
  children,
}: {
  antdLocale: AntdLocale | undefined;
  children: ReactNode;
}) {
  useDayjsLocale();
  return <AntdLocaleContext.Provider value={antdLocale}>{children}</AntdLocaleContext.Provider>;
}
