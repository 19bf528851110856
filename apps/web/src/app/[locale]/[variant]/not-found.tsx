import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import { isLocale, DEFAULT_LOCALE, type Locale } from "@affiliates/locales";
import { Shell } from "@/components/shell/shell";
import { NotFoundView } from "@/components/error/not-found-view";
import { notFoundMetadata } from "@/components/error/not-found-metadata";

async function requestLocale(params?: Promise<{ locale?: string }>): Promise<Locale> {
  const requested = (await params)?.locale ?? (await getLocale());
  return isLocale(requested) ? requested : DEFAULT_LOCALE;
}

/** The title of a page that called `notFound()` (the segment's params name its locale). */
export async function generateMetadata({ params }: { params?: Promise<{ locale?: string }> }): Promise<Metadata> {
  return notFoundMetadata(await requestLocale(params));
}

/** A page that called `notFound()` (unknown paths get the pre-rendered not-found page from the proxy instead). */
export default async function NotFound() {
  const locale = await requestLocale();
  return (
    <Shell locale={locale} page="">
      <NotFoundView locale={locale} />
    </Shell>
  );
}
