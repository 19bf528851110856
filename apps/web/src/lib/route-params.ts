import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { isLocale, type Locale } from "@affiliates/locales";

export type RouteParams = Promise<{ locale: string; theme: string }>;

/** The page's locale from the internal route; unknown values are a 404. Also tells next-intl for static rendering. */
export async function routeLocale(params: RouteParams): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
