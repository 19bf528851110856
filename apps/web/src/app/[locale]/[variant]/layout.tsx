import type { ReactNode } from "react";
import type { Viewport } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, setRequestLocale } from "next-intl/server";
import { pickNamespaces, SHELL_NAMESPACES } from "@/i18n/client-messages";
import { getLocale, isLocale, LOCALES } from "@affiliates/locales";
import { AppProviders } from "@/components/providers/app-providers";
import { isVariantSegment, themeClass, VARIANT_SEGMENTS, variantOfSegment } from "@/lib/internal-route";
import { RADIUS_ROUND_PX } from "@/lib/theme-tokens";
import { viewportOf } from "@/lib/viewport";
import { runtimeAttributes, serverRuntimeConfig } from "@/lib/runtime-config";
import { renderedForEveryone } from "@/lib/shared-rendering";
import "../../globals.css";
import "../../shell-header.css";
import "../../shell-sections.css";
import "../../data-table.css";
import "../../touch-targets.css";

/** Every (locale, theme, app or web) variant is pre-rendered: a page's HTML depends on nothing else. */
export function generateStaticParams() {
  return LOCALES.flatMap((l) => VARIANT_SEGMENTS.map((variant) => ({ locale: l.locale, variant })));
}
export const dynamicParams = false;

/** Fixed scale inside the app (requirements.md §2), zoomable on the web (WCAG 1.4.4): lib/viewport.ts. */
export async function generateViewport({
  params,
}: {
  params: Promise<{ locale: string; variant: string }>;
}): Promise<Viewport> {
  return viewportOf(variantOfSegment((await params).variant).inApp);
}

export default async function VariantLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string; variant: string }>;
}) {
  const { locale, variant: segment } = await params;
  if (!isLocale(locale) || !isVariantSegment(segment)) notFound();
  setRequestLocale(locale);
  const entry = getLocale(locale);
  const { theme, inApp } = variantOfSegment(segment);
  const messages = await getMessages();
  // The run-time settings the browser reads (APP_ENV, DSN): written here only when rendering per request. A page
  // pre-rendered at build (or renewed by the proxy) gets them when it is served (lib/page-csp.ts), so none is kept in it.
  const settings = (await renderedForEveryone()) ? {} : runtimeAttributes(serverRuntimeConfig());
  return (
    <html
      {...settings}
      lang={entry.htmlLang}
      dir={entry.dir}
      className={`${themeClass(theme)}${inApp ? " in-app" : ""}`}
      style={{
        colorScheme: theme === "Black" ? "dark" : "light",
        ["--radius-round" as string]: `${RADIUS_ROUND_PX}px`,
      }}
    >
      <body>
        <NextIntlClientProvider locale={locale} messages={pickNamespaces(messages, SHELL_NAMESPACES)}>
          <AppProviders locale={locale} theme={theme}>
            {children}
          </AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
