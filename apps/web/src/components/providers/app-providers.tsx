"use client";
import { useEffect, type ReactNode } from "react";
import { App, ConfigProvider, theme as antdTheme } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useTranslations } from "next-intl";
import { dirOf, type HeaderTheme, type Locale } from "@affiliates/locales";
import { errorToastText, shouldToast, type ErrorMessageKey } from "@affiliates/http";
import { THEME_TOKENS } from "@/lib/theme-tokens";
import { MESSAGE_DURATION_S, MESSAGE_MAX_COUNT, NOTIFICATION_DURATION_S, UI_PREFIX } from "@/lib/constants";
import { onHttpError, setHttpLocale } from "@/lib/http";
import { SessionProvider } from "@/state/session";
import { ThemeProvider, useTheme } from "./theme-context";

interface Props {
  locale: Locale;
  theme: HeaderTheme;
  antdLocale: AntdLocale | undefined;
  children: ReactNode;
}

/** Request failures become one error toast each (spec §8); silent codes show nothing. */
function HttpErrorToasts() {
  const { message } = App.useApp();
  const t = useTranslations();
  useEffect(
    () =>
      onHttpError((error) => {
        if (!shouldToast(error)) return;
        // Same code → same key: a repeat replaces the toast and restarts its timer.
        void message.error({ key: `http-${error.code}`, content: errorToastText(error, (key: ErrorMessageKey) => t(key)) });
      }),
    [message, t],
  );
  return null;
}

function ThemedAntd({ locale, antdLocale, children }: { locale: Locale; antdLocale: AntdLocale | undefined; children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <ConfigProvider
      prefixCls={UI_PREFIX}
      direction={dirOf(locale)}
      locale={antdLocale}
      theme={{ token: THEME_TOKENS, algorithm: theme === "Black" ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }}
    >
      <App
        component={false}
        message={{ duration: MESSAGE_DURATION_S, maxCount: MESSAGE_MAX_COUNT, pauseOnHover: true, top: 24 }}
        notification={{ duration: NOTIFICATION_DURATION_S, placement: "top", pauseOnHover: true }}
      >
        <HttpErrorToasts />
        {children}
      </App>
    </ConfigProvider>
  );
}

export function AppProviders({ locale, theme, antdLocale, children }: Props) {
  setHttpLocale(locale);
  return (
    <ThemeProvider initial={theme}>
      <ThemedAntd locale={locale} antdLocale={antdLocale}>
        <SessionProvider locale={locale}>
          {children}
        </SessionProvider>
      </ThemedAntd>
    </ThemeProvider>
  );
}
