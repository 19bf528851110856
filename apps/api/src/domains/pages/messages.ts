import type { Locale } from "@affiliates/locales";
// One JSON file per locale in ./login-messages, imported statically (no directory scanning), so the pages work the
// same under tsx, vitest and bundlers. Add a locale: create login-messages/<locale>.json and add one import + one entry.
import ar from "./login-messages/ar.json";
import en from "./login-messages/en.json";
import zhCN from "./login-messages/zh-CN.json";
import zhTC from "./login-messages/zh-TC.json";
import de from "./login-messages/de.json";
import id from "./login-messages/id.json";
import it from "./login-messages/it.json";
import ph from "./login-messages/ph.json";
import pl from "./login-messages/pl.json";
import ru from "./login-messages/ru.json";
import ruFR from "./login-messages/ru-FR.json";
import ruUZ from "./login-messages/ru-UZ.json";
import uk from "./login-messages/uk.json";
import uz from "./login-messages/uz.json";
import uzUZ from "./login-messages/uz-UZ.json";
import es from "./login-messages/es.json";
import esES from "./login-messages/es-ES.json";
import esAR from "./login-messages/es-AR.json";
import pt from "./login-messages/pt.json";
import ptPT from "./login-messages/pt-PT.json";
import fr from "./login-messages/fr.json";
import frFR from "./login-messages/fr-FR.json";
import ja from "./login-messages/ja.json";
import vi from "./login-messages/vi.json";

export interface PageMessages {
  loginTitle: string;
  registerTitle: string;
  intro: string;
  email: string;
  password: string;
  mobile: string;
  optional: string;
  submitLogin: string;
  submitRegister: string;
  noAccount: string;
  toRegister: string;
  haveAccount: string;
  toLogin: string;
  back: string;
  invalidCredentials: string;
  throttled: string;
  emailTaken: string;
  invalidEmail: string;
  invalidPassword: string;
  invalidMobile: string;
  passwordHint: string;
  failed: string;
  securityCheckFailed: string;
  referralCode: string;
  referralCodeHint: string;
  /** `{name}`: the inviter's masked name; `{share}`: the invitee's share of their fees, e.g. "10%". */
  invitedBy: string;
  invitedByNoShare: string;
  referralUnknown: string;
  referralArchived: string;
  /** The code is the signed-in or same-device account's own (README "Risk checks"). */
  referralSameHolder: string;
  /** A register password too easy to guess; followed by the sentences of zxcvbn's warning and suggestions. */
  passwordWeak: string;
  /** By zxcvbn-ts warning key (`topTen`, `userInputs`…). */
  passwordWarnings: Record<string, string>;
  /** By zxcvbn-ts suggestion key (`anotherWord`, `capitalization`…). */
  passwordSuggestions: Record<string, string>;
}

/** The entries that are tables of sentences by key rather than one text. */
const TABLE_KEYS = ["passwordWarnings", "passwordSuggestions"] as const;
type TableKey = (typeof TABLE_KEYS)[number];
const isTableKey = (key: keyof PageMessages): key is TableKey => (TABLE_KEYS as readonly string[]).includes(key);

/** The raw files by locale (exported for the test that checks every file's keys and values). */
export const LOGIN_MESSAGE_FILES: Partial<Record<Locale, Partial<Record<keyof PageMessages, unknown>>>> = {
  en,
  ar,
  "zh-CN": zhCN,
  "zh-TC": zhTC,
  de,
  id,
  it,
  ph,
  pl,
  ru,
  "ru-FR": ruFR,
  "ru-UZ": ruUZ,
  uk,
  uz,
  "uz-UZ": uzUZ,
  es,
  "es-ES": esES,
  "es-AR": esAR,
  pt,
  "pt-PT": ptPT,
  fr,
  "fr-FR": frFR,
  ja,
  vi,
};

const ENGLISH: PageMessages = en;

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** An English table with the locale's sentences over it, for the keys English has (a missing one stays English). */
function mergedTable(english: Record<string, string>, translated: unknown): Record<string, string> {
  const merged = { ...english };
  if (typeof translated !== "object" || translated === null) return merged;
  for (const key of Object.keys(english)) {
    const value = (translated as Record<string, unknown>)[key];
    if (isText(value)) merged[key] = value;
  }
  return merged;
}

/**
 * A locale's file merged over English key by key, inside the sentence tables too: a missing or non-text entry shows
 * the English text (translations can land a key at a time).
 */
export function withEnglishFallback(file: Partial<Record<keyof PageMessages, unknown>>): PageMessages {
  const merged: PageMessages = { ...ENGLISH };
  for (const key of Object.keys(ENGLISH) as (keyof PageMessages)[]) {
    const value = file[key];
    if (isTableKey(key)) merged[key] = mergedTable(ENGLISH[key], value);
    else if (isText(value)) merged[key] = value;
  }
  return merged;
}

/** The sentences explaining a weak password: its warning's, then its suggestions'; keys without a sentence are left out. */
export function passwordFeedbackSentences(
  t: PageMessages,
  feedback: { warning: string | undefined; suggestions: readonly string[] },
): string[] {
  const sentences = [
    feedback.warning ? t.passwordWarnings[feedback.warning] : undefined,
    ...feedback.suggestions.map((key) => t.passwordSuggestions[key]),
  ];
  return sentences.filter(isText);
}

const TABLE: Partial<Record<Locale, PageMessages>> = Object.fromEntries(
  Object.entries(LOGIN_MESSAGE_FILES).map(([locale, file]) => [locale, withEnglishFallback(file ?? {})]),
);

/** The page texts of a locale; locales without a file show English. */
export const messagesFor = (locale: Locale): PageMessages => TABLE[locale] ?? ENGLISH;
/** Whether the locale has its own file (else its text, and so its `lang`, is English). */
export const hasOwnMessages = (locale: Locale): boolean => TABLE[locale] !== undefined;
