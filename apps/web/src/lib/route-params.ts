import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale, type Locale } from "@affiliates/locales";
import { isVariantSegment, variantOfSegment, type Variant } from "./internal-route";

export type RouteParams = Promise<{ locale: string; variant: string }>;

/** The page's locale from the internal route; unknown values are a 404. Also tells next-intl for static rendering. */
export async function routeLocale(params: RouteParams): Promise<Locale> {
  return (await routeContext(params)).locale;
}

/** Locale, theme and app mode of the variant being rendered. */
export async function routeContext(params: RouteParams): Promise<{ locale: Locale } & Variant> {
  const { locale, variant } = await params;
  if (!isLocale(locale) || !isVariantSegment(variant)) notFound();
  setRequestLocale(locale);
  return { locale, ...variantOfSegment(variant) };
}
