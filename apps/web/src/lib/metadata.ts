import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BASE_PATH, DEFAULT_LOCALE, getLocale, LOCALES, localePath, type Locale } from "@affiliates/locales";
import { PAGES, type PageKey } from "./pages";

/** The public origin used for absolute URLs in the head (canonical, Open Graph). */
import { publicOrigin } from "./public-origin";

/** Every page's head (spec §2): title and description from its messages, canonical, 31 alternates + x-default, OG and Twitter. */
export async function pageMetadata(locale: Locale, key: PageKey): Promise<Metadata> {
  const page = PAGES[key];
  const t = await getTranslations({ locale, namespace: `meta.${page.meta}` });
  const tb = await getTranslations({ locale, namespace: "brand" });
  const title = t("title");
  const description = t("description");
  const canonical = localePath(locale, page.path);
  const languages: Record<string, string> = Object.fromEntries(LOCALES.map((l) => [l.htmlLang, localePath(l.locale, page.path)]));
  languages["x-default"] = localePath(DEFAULT_LOCALE, page.path);
  return {
    metadataBase: new URL(publicOrigin()),
    title,
    description,
    alternates: { canonical, languages },
    openGraph: {
      type: "website",
      siteName: tb("programme"),
      title,
      description,
      url: canonical,
      locale: getLocale(locale).languageKey,
    },
    twitter: { card: "summary", title, description },
    // Under /affiliates like every asset, so browsers do not ask the gateway for /favicon.ico.
    icons: { icon: { url: `${BASE_PATH}/static/icon.svg`, type: "image/svg+xml" } },
  };
}
