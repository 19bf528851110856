import { LOCALES, type Locale } from "@affiliates/locales";
import { MESSAGE_GROUPS, type MessageGroup } from "./messages";

/** English and its regional variants may keep the English text; every other locale needs its own translation. */
export const isEnglishLocale = (locale: string): boolean => locale === "en" || locale.startsWith("en-");

/** The 23 locales that are not English or one of its regional variants. */
export const TRANSLATED_LOCALES: readonly Locale[] = LOCALES.map((l) => l.locale).filter((l) => !isEnglishLocale(l));

/**
 * Message groups that must be complete in all 23 translated locales (checked by test/messages.test.ts, and by
 * e2e/locales.spec.ts: their pages' titles must not be English anywhere): every group. A new group lands with all
 * its languages, or is taken out of this list on purpose while its translations are written.
 */
export const ALL_LOCALES_REQUIRED_GROUPS: readonly MessageGroup[] = MESSAGE_GROUPS;
