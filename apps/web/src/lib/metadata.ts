import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BASE_PATH, DEFAULT_LOCALE, getLocale, LOCALES, localePath, type Locale } from "@affiliates/locales";
import { PAGES, type PageKey } from "./pages";
import { serverPublicOrigin } from "./public-origin";
import { renderedForEveryone } from "./shared-rendering";

/**
 * The base of the head's URLs (canonical, alternates, og:url). Pre-rendered at build: none, so they stay root-relative
 * in the HTML and in the RSC payloads alike (so too when the proxy renews such a page: shared-rendering.ts). Browsers
 * resolve those against the page's own origin, so the payloads of client navigation and prefetch depend on no origin;
 * page-csp.ts makes them absolute with the run-time PUBLIC_ORIGIN in the HTML it serves. Rendered per request
 * (development, dynamic pages): PUBLIC_ORIGIN, read then.
 */
const metadataBase = async (): Promise<URL | null> =>
  (await renderedForEveryone()) ? null : new URL(serverPublicOrigin());

/** Every page's head (requirements.md §2): title and description from its messages, canonical, 31 alternates + x-default, OG and Twitter. */
export async function pageMetadata(locale: Locale, key: PageKey): Promise<Metadata> {
  const page = PAGES[key];
  const t = await getTranslations({ locale, namespace: `meta.${page.meta}` });
  const tb = await getTranslations({ locale, namespace: "brand" });
  const title = t("title");
  const description = t("description");
  const canonical = localePath(locale, page.path);
  const languages: Record<string, string> = Object.fromEntries(
    LOCALES.map((l) => [l.htmlLang, localePath(l.locale, page.path)]),
  );
  languages["x-default"] = localePath(DEFAULT_LOCALE, page.path);
  return {
    metadataBase: await metadataBase(),
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
