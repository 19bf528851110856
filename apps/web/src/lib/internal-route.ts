import type { HeaderTheme, Locale } from "@affiliates/locales";
import { BASE_PATH } from "@affiliates/locales";

/**
 * The proxy rewrites each public URL to an internal route whose path holds everything the HTML depends on —
 * locale, theme and whether the page runs inside the native app — so each variant is rendered once and cached.
 * The variant segment is `black`, `white`, `black-app` or `white-app`.
 */
export const VARIANT_SEGMENTS = ["black", "white", "black-app", "white-app"] as const;
export type VariantSegment = (typeof VARIANT_SEGMENTS)[number];

export interface Variant {
  theme: HeaderTheme;
  inApp: boolean;
}

export const variantSegment = ({ theme, inApp }: Variant): VariantSegment =>
  `${theme === "Black" ? "black" : "white"}${inApp ? "-app" : ""}`;

export const isVariantSegment = (segment: string): segment is VariantSegment =>
  (VARIANT_SEGMENTS as readonly string[]).includes(segment);

export const variantOfSegment = (segment: string): Variant => ({
  theme: segment.startsWith("black") ? "Black" : "White",
  inApp: segment.endsWith("-app"),
});

/** The class on <html> that selects the theme's colours. */
export const themeClass = (theme: HeaderTheme): string => (theme === "Black" ? "theme-black" : "theme-white");

export const internalPath = (locale: Locale, variant: Variant, page: string): string =>
  `/${locale}/${variantSegment(variant)}${BASE_PATH}${page}`;

/** Where unknown paths are sent: a page that does not exist renders the not-found page inside the shell. */
export const NOT_FOUND_PAGE = "/__not-found";
