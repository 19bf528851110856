"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import type { Locale } from "@affiliates/locales";
import { useSession } from "@/state/session";
import { useGlobalLoading } from "@/state/global-loading";
import { globalSettingsOf } from "@/lib/global-settings";
import { getAppInfo } from "@/lib/native-app";
import { writeStorage } from "@/lib/storage";
import { useTheme } from "./theme-context";

/** Keeps requirements.md §3's global settings in storage, under its keys, as the language, theme and login state change. */
export function GlobalSettingsSync({ locale }: { locale: Locale }) {
  const { theme } = useTheme();
  const { complete, isLogin, terminalCode } = useSession();
  useEffect(() => {
    // Before start-up completes the login state is unknown: nothing is written that would have to be taken back.
    if (!complete) return;
    const settings = globalSettingsOf({ locale, theme, inApp: getAppInfo().inApp, isLogin, terminalCode });
    for (const [key, value] of Object.entries(settings)) writeStorage(key, value);
  }, [complete, locale, theme, isLogin, terminalCode]);
  return null;
}

/** A wait shorter than this shows nothing: a progress line that flashes on every quick call is noise. */
export const PROGRESS_DELAY_MS = 400;

/**
 * requirements.md §3's global loading flag, on while start-up has not completed or a request is in flight: kept on
 * `<html data-loading>` and shown as a thin line at the top once a wait lasts longer than `PROGRESS_DELAY_MS`.
 */
export function GlobalProgress() {
  const t = useTranslations("common");
  const { complete } = useSession();
  const requesting = useGlobalLoading();
  const loading = !complete || requesting;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    document.documentElement.dataset.loading = String(loading);
    if (!loading) return;
    const timer = window.setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    // The wait is over (or the flag went off): the line goes with it.
    return () => {
      window.clearTimeout(timer);
      setShown(false);
    };
  }, [loading]);
  return (
    <div className="global-progress" role="progressbar" aria-label={t("loading")} hidden={!shown}>
      <span />
    </div>
  );
}
