"use client";
import { useCallback } from "react";
import { useLocale, useTranslations } from "next-intl";
import { isLocale, localePath } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { showMessage } from "@/lib/toast";
import { copyText } from "@/lib/share";

/** A card's claim link on this page in the page's language, and copying it (by hand where the clipboard refuses). */
export function useClaimLink(): { claimUrl: (code: string) => string; copy: (code: string) => Promise<void> } {
  const t = useTranslations("network.cards");
  const locale = useLocale();
  const claimUrl = useCallback(
    (code: string) =>
      isLocale(locale)
        ? `${window.location.origin}${localePath(locale, PAGES.experienceCard.path)}?code=${encodeURIComponent(code)}`
        : "",
    [locale],
  );
  const copy = useCallback(
    async (code: string) => {
      const url = claimUrl(code);
      const outcome = await copyText(url); // the app's copy inside the app, else the clipboard
      if (outcome === "app" || outcome === "web") void showMessage("success", t("copied"), "card-copy");
      else window.prompt(t("copyLink"), url); // both refused: let the user copy by hand
    },
    [claimUrl, t],
  );
  return { claimUrl, copy };
}
