"use client";
import { useLocale } from "next-intl";
import { usePathname } from "next/navigation";
import { isLocale, DEFAULT_LOCALE } from "@affiliates/locales";
import { Shell } from "@/components/shell/shell";
import { ErrorView } from "./error-view";
import { pageFromPathname } from "@/lib/page-path";

/** The error page of a render crash below the layout: the error view inside header and footer (requirements.md §2). */
export default function RenderErrorPage() {
  const requested = useLocale();
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const page = pageFromPathname(usePathname());
  return (
    <Shell locale={locale} page={page}>
      <ErrorView locale={locale} />
    </Shell>
  );
}
