"use client";
import { useCallback } from "react";
import { useLocale, useTranslations } from "next-intl";
import { isLocale, localePath } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { showMessage } from "@/lib/toast";
import { copyText } from "@/lib/share";
import { runtimeConfig } from "@/lib/runtime-config";

/**
 * A card's claim link in the page's language on the product's public origin (PUBLIC_ORIGIN, as the referral links the
 * API builds: issue 34), and copying it (by hand where the clipboard refuses). The page's own origin only when the
 * server named none.
 */
export function useClaimLink(): { claimUrl: (code: string) => string; copy: (code: string) => Promise<void> } {
  const t = useTranslations("network.cards");
  const locale = useLocale();
  const claimUrl = useCallback(
    (code: string) =>
      isLocale(locale)
        ? `${runtimeConfig().publicOrigin ?? window.location.origin}${localePath(locale, PAGES.experienceCard.path)}?code=${encodeURIComponent(code)}`
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
