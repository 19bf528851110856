"use client";
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { isLocale, localePath } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { useTheme } from "./theme-context";
import { useSession } from "@/state/session";
import { getBridge, initNativeApp, nativeAppReady } from "@/lib/native-app";

/** Whether the app's bridge has been connected (its code loads only inside the app); false on the web. */
function useBridgeConnected(): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    let mounted = true;
    void nativeAppReady().then(() => {
      if (mounted) setConnected(getBridge() !== null);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return connected;
}

/**
 * App mode (requirements.md §2, §4): inside the native app the header and footer are hidden, the title bar follows the page
 * theme and the nav bar offers the fee schedule (app ≥ 2.56.0), and when the app shows the page again (web-visible,
 * ≥ 2.27.0) the page refreshes its data.
 */
export function NativeAppBridge() {
  const { theme } = useTheme();
  const { reload } = useSession();
  const locale = useLocale();
  const t = useTranslations("nav");
  const connected = useBridgeConnected();

  useEffect(() => {
    const info = initNativeApp();
    // Detection by injected object only (no UA token) is known on the client alone: hide the chrome here too.
    if (info.inApp) document.documentElement.classList.add("in-app");
  }, []);

  useEffect(() => {
    const bridge = connected ? getBridge() : null;
    if (!bridge?.supports("titleBarTheme")) return;
    bridge.call("setTitleBarTheme", { theme: theme === "Black" ? "dark" : "light" }).catch((error: unknown) => {
      console.warn("title bar theme not applied", error);
    });
  }, [connected, theme]);

  useEffect(() => {
    const bridge = connected ? getBridge() : null;
    if (!bridge?.supports("navRightItems") || !isLocale(locale)) return;
    const url = new URL(localePath(locale, PAGES.fee.path), window.location.origin).toString();
    bridge.call("setNavRightItems", { items: [{ key: "fees", text: t("fee"), url }] }).catch((error: unknown) => {
      console.warn("nav items not applied", error);
    });
  }, [connected, locale, t]);

  useEffect(() => {
    const bridge = connected ? getBridge() : null;
    if (!bridge) return;
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void bridge
      .registerWebVisible(() => {
        void reload();
        void import("@/lib/device-token").then(({ getDeviceToken }) => getDeviceToken()?.onWebVisible());
      })
      .then((off) => {
        if (cancelled) off?.();
        else unsubscribe = off;
      })
      .catch((error: unknown) => console.warn("web-visible callback not registered", error));
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [connected, reload]);

  return null;
}
