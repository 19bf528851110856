import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BASE_PATH, type Locale } from "@affiliates/locales";

/** The not-found page's head: its translated title and description, and kept out of search results. */
export async function notFoundMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "status.notFound" });
  return {
    title: t("title"),
    description: t("description"),
    robots: { index: false, follow: true },
    // Under /affiliates like every asset, so browsers do not ask the gateway for /favicon.ico.
    icons: { icon: { url: `${BASE_PATH}/static/icon.svg`, type: "image/svg+xml" } },
  };
}
