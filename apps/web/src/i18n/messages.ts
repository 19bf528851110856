import type { AbstractIntlMessages } from "next-intl";
import { DEFAULT_LOCALE, type Locale } from "@affiliates/locales";
import en from "../../messages/en.json";

export type Messages = typeof en;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** English fills every key a locale's catalogue lacks, key by key; keys English does not have are dropped. */
export function withFallback(base: AbstractIntlMessages, override: unknown): AbstractIntlMessages {
  if (!isRecord(override)) return base;
  const merged: AbstractIntlMessages = {};
  for (const [key, fallback] of Object.entries(base)) {
    const value = override[key];
    merged[key] = isRecord(fallback) ? withFallback(fallback, value) : typeof value === "string" ? value : fallback;
  }
  return merged;
}

async function importCatalogue(locale: Locale): Promise<unknown> {
  try {
    return ((await import(`../../messages/${locale}.json`)) as { default: unknown }).default;
  } catch {
    return undefined; // no catalogue yet for this locale: English throughout
  }
}

export async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  if (locale === DEFAULT_LOCALE) return en;
  return withFallback(en, await importCatalogue(locale));
}
