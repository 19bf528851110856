import type { AbstractIntlMessages } from "next-intl";
import { DEFAULT_LOCALE, type Locale } from "@affiliates/locales";

/**
 * Catalogues live per group and locale (`messages/<group>/<locale>.json`) so features and translators can work on
 * their own files; a locale's messages are the union of its groups. Every group's English file is the reference.
 */
export const MESSAGE_GROUPS = [
  "shell",
  "forms",
  "affiliate",
  "dashboard",
  "vip",
  "partners",
  "trends",
  "network",
  "errors",
  "status",
] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A message: its text, or in a build the compiled form of it (next.config.ts precompiles catalogues: a plain text stays
 * a string, one with arguments becomes icu-minify's array).
 */
const isMessage = (value: unknown): boolean => typeof value === "string" || Array.isArray(value);

/** English fills every key a locale's catalogue lacks, key by key; keys English does not have are dropped. */
export function withFallback(base: AbstractIntlMessages, override: unknown): AbstractIntlMessages {
  if (!isRecord(override)) return base;
  const merged: AbstractIntlMessages = {};
  for (const [key, fallback] of Object.entries(base)) {
    const value = override[key];
    merged[key] = isRecord(fallback) ? withFallback(fallback, value) : isMessage(value) ? (value as string) : fallback;
  }
  return merged;
}

async function importCatalogue(group: MessageGroup, locale: Locale): Promise<unknown> {
  try {
    return ((await import(`../../messages/${group}/${locale}.json`)) as { default: unknown }).default;
  } catch {
    return undefined; // no catalogue yet for this locale: English throughout
  }
}

export async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  const groups = await Promise.all(
    MESSAGE_GROUPS.map(async (group) => {
      const english = (await importCatalogue(group, DEFAULT_LOCALE)) as AbstractIntlMessages;
      return locale === DEFAULT_LOCALE ? english : withFallback(english, await importCatalogue(group, locale));
    }),
  );
  return groups.reduce<AbstractIntlMessages>((all, group) => mergeGroups(all, group), {});
}

/** Groups may share a namespace (`meta`): their trees are merged; the catalogue check forbids a key in two groups. */
export function mergeGroups(into: AbstractIntlMessages, from: AbstractIntlMessages): AbstractIntlMessages {
  const merged: AbstractIntlMessages = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = merged[key];
    merged[key] = isRecord(existing) && isRecord(value) ? mergeGroups(existing, value) : value;
  }
  return merged;
}
