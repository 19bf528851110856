import type { HeaderTheme, Locale } from "@affiliates/locales";
import { BASE_PATH } from "@affiliates/locales";

/**
 * The proxy rewrites each public URL to an internal route whose path holds everything the HTML depends on,
 * so each (locale, theme, page) variant is rendered once and served from the cache.
 */
export type ThemeSegment = "black" | "white";

export const themeSegment = (theme: HeaderTheme): ThemeSegment => (theme === "Black" ? "black" : "white");
export const themeOfSegment = (segment: string): HeaderTheme => (segment === "black" ? "Black" : "White");

/** The class on <html> that selects the theme's colours. */
export const themeClass = (theme: HeaderTheme): string => (theme === "Black" ? "theme-black" : "theme-white");

export const internalPath = (locale: Locale, theme: HeaderTheme, page: string): string =>
  `/${locale}/${themeSegment(theme)}${BASE_PATH}${page}`;

/** Where unknown paths are sent: a page that does not exist renders the not-found page inside the shell. */
export const NOT_FOUND_PAGE = "/__not-found";
