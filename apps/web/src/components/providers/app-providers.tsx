"use client";
import { useEffect, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { HeaderTheme, Locale } from "@affiliates/locales";
import { errorToastText, shouldToast, type ErrorMessageKey } from "@affiliates/http";
import { onHttpError, setHttpLocale } from "@/lib/http";
import { showMessage } from "@/lib/toast";
import { SessionProvider } from "@/state/session";
import { ThemeProvider } from "./theme-context";

/** Request failures become one error toast each (spec §8); silent codes show nothing. */
function HttpErrorToasts() {
  const t = useTranslations();
  useEffect(
    () =>
      onHttpError((error) => {
        if (!shouldToast(error)) return;
        // Same code → same key: a repeat replaces the toast and restarts its timer.
        void showMessage("error", errorToastText(error, (key: ErrorMessageKey) => t(key)), `http-${error.code}`);
      }),
    [t],
  );
  return null;
}

/** The shell's client state: theme, login state, and the toast for failed requests. No UI kit is loaded here. */
export function AppProviders({ locale, theme, children }: { locale: Locale; theme: HeaderTheme; children: ReactNode }) {
  setHttpLocale(locale);
  return (
    <ThemeProvider initial={theme}>
      <SessionProvider locale={locale}>
        <HttpErrorToasts />
        {children}
      </SessionProvider>
    </ThemeProvider>
  );
}
