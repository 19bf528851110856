"use client";
import { useEffect, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { HeaderTheme, Locale } from "@affiliates/locales";
import { shouldToast } from "@affiliates/http";
import { asDataTranslator } from "@/lib/message-keys";
import { onHttpError, setHttpLocale } from "@/lib/http";
import { showMessage } from "@/lib/toast";
import { SessionProvider } from "@/state/session";
import { onBridgeFailure } from "@/lib/native-app";
import { BRIDGE_REFRESH_PROMPT_KEY, isBridgeError } from "@affiliates/bridge";
import { NativeAppBridge } from "./native-app-bridge";
import { EndpointFetchers } from "./endpoint-fetchers";
import { ImageHostProbe } from "./image-host-probe";
import { StartupServices } from "./startup-services";
import { GlobalProgress, GlobalSettingsSync } from "./global-state";
import { ThemeProvider } from "./theme-context";

/**
 * Request failures become one error toast each (requirements.md §8); silent codes show nothing. A business refusal reads as the
 * translated sentence of its code (what happened, what to do), HTTP and network failures as requirements.md §8's `[code]
 * message`. Refusals a caller shows next to its field (`handledCodes`) never reach this. Failures of the native
 * bridge show one translated refresh prompt instead, never a raw error.
 */
function ErrorToasts() {
  const t = useTranslations();
  useEffect(() => {
    const closable = { closeLabel: t("common.closeMessage") };
    const refreshPrompt = () => void showMessage("error", t(BRIDGE_REFRESH_PROMPT_KEY), "bridge", closable);
    const offHttp = onHttpError((error) => {
      // A bridge failure is the bridge's to announce: onBridgeFailure prompts once per page load.
      if (isBridgeError(error.cause)) return;
      if (!shouldToast(error)) return;
      // Same code → same key: a repeat replaces the toast and restarts its timer, so a message shows once. The
      // sentences' code tables load with the first failure, as the toast does (issue 36).
      import("@/lib/api-error-text")
        .then(({ apiErrorText }) =>
          showMessage("error", apiErrorText(error, asDataTranslator(t)), `http-${error.code}`, closable),
        )
        .catch(() => undefined); // the chunk could not load (offline): no toast, as when antd's could not
    });
    const offBridge = onBridgeFailure(refreshPrompt);
    return () => {
      offHttp();
      offBridge();
    };
  }, [t]);
  return null;
}

/** The shell's client state: theme, login state, and the toast for failed requests. No UI kit is loaded here. */
export function AppProviders({ locale, theme, children }: { locale: Locale; theme: HeaderTheme; children: ReactNode }) {
  setHttpLocale(locale);
  return (
    <ThemeProvider initial={theme}>
      <SessionProvider locale={locale}>
        <ErrorToasts />
        <GlobalProgress />
        <GlobalSettingsSync locale={locale} />
        <NativeAppBridge />
        <ImageHostProbe />
        <StartupServices />
        <EndpointFetchers />
        {children}
      </SessionProvider>
    </ThemeProvider>
  );
}
