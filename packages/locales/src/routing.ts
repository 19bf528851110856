import {
  DEFAULT_LOCALE,
  findLocale,
  localeFromLanguageKey,
  localeFromLanguageType,
  localesOfPrefix,
  PREFIXES,
  prefixOf,
  type Locale,
} from "./locales";

/** The product's base path: every page and asset lives under it, optionally behind a locale prefix. */
export const BASE_PATH = "/affiliates";
export const LANGUAGE_COOKIE = "language";
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Query parameters that choose the language; removed from the visible URL once used. */
export const LANGUAGE_QUERY_PARAMS = ["languageType", "language"] as const;

interface ParsedPath {
  /** The URL prefix as written ("" when none). */
  prefix: string;
  /** The page path below /affiliates, "" for the programme page, e.g. "/vip/detail". */
  page: string;
}

const prefixSet = new Set(PREFIXES.filter(Boolean).map((p) => p.toLowerCase()));

/** Splits `[/{prefix}]/affiliates[/{page}]`; undefined when the path is not one of ours. */
export function parseProductPath(pathname: string): ParsedPath | undefined {
  const parts = pathname.split("/");
  // parts[0] is "" (leading slash)
  let index = 1;
  let prefix = "";
  const first = parts[1] ?? "";
  if (first !== BASE_PATH.slice(1)) {
    if (!prefixSet.has(first.toLowerCase())) return undefined;
    prefix = PREFIXES.find((p) => p.toLowerCase() === first.toLowerCase()) ?? first;
    index = 2;
  }
  if (parts[index] !== BASE_PATH.slice(1)) return undefined;
  const rest = parts.slice(index + 1).filter((p, i, all) => p !== "" || i < all.length - 1);
  const page = rest.length ? `/${rest.join("/")}`.replace(/\/+$/, "") : "";
  return { prefix, page };
}

/** The public path of a page in a locale: `/ja/affiliates/fee`, `/affiliates`. */
export function localePath(locale: Locale, page = ""): string {
  const prefix = prefixOf(locale);
  return `${prefix ? `/${prefix}` : ""}${BASE_PATH}${page}`;
}

type LocaleSource = "languageType" | "language" | "cookie" | "prefix";

interface LocaleInput {
  languageType?: string | null;
  language?: string | null;
  cookie?: string | null;
  prefix: string;
}

/**
 * architecture.md ("How data flows"): query `languageType`, then query `language`, then the URL's prefix, where the cookie
 * only picks among the locales that share it (English variants, ru, fr, uz). A prefix the visitor opened wins over a
 * cookie of another language (a shared `/de/…` link shows German); an unprefixed URL follows the cookie.
 */
export function resolveLocale(input: LocaleInput): { locale: Locale; source: LocaleSource } {
  const fromType = localeFromLanguageType(input.languageType);
  if (fromType) return { locale: fromType, source: "languageType" };
  const fromKey = localeFromLanguageKey(input.language);
  if (fromKey) return { locale: fromKey, source: "language" };
  const group = localesOfPrefix(input.prefix);
  const fromCookie = findLocale(input.cookie)?.locale;
  if (fromCookie && (input.prefix === "" || group.includes(fromCookie)))
    return { locale: fromCookie, source: "cookie" };
  return { locale: group[0] ?? DEFAULT_LOCALE, source: "prefix" };
}

/** Login redirect of requirements.md §2: `/{prefix}/login?from=<path+query>&source=cms`. */
export function loginPath(locale: Locale, from: string): string {
  const prefix = prefixOf(locale);
  const query = new URLSearchParams({ from, source: "cms" });
  return `${prefix ? `/${prefix}` : ""}/login?${query.toString()}`;
}
