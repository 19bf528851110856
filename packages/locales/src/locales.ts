/**
 * The 31 locales of requirements.md §3: the one table every locale fact derives from.
 * languageType numbers are the spec's; regional variants take 902–907 in the spec's order.
 * URL prefixes follow requirements.md §2 (English variants: none; fr-FR → fr; ru-FR, ru-UZ → ru; uz-UZ → uz).
 */
export const LOCALES = [
  {
    locale: "en",
    languageKey: "en_US",
    languageName: "English",
    languageType: 0,
    defaultCurrency: "USD",
    prefix: "",
    dir: "ltr",
    htmlLang: "en",
  },
  {
    locale: "zh-CN",
    languageKey: "zh_CN",
    languageName: "简体中文",
    languageType: 1,
    defaultCurrency: "CNY",
    prefix: "zh-CN",
    dir: "ltr",
    htmlLang: "zh-CN",
  },
  {
    locale: "ja",
    languageKey: "ja_JP",
    languageName: "日本語",
    languageType: 2,
    defaultCurrency: "JPY",
    prefix: "ja",
    dir: "ltr",
    htmlLang: "ja",
  },
  {
    locale: "vi",
    languageKey: "vi_VN",
    languageName: "Tiếng Việt",
    languageType: 4,
    defaultCurrency: "VND",
    prefix: "vi",
    dir: "ltr",
    htmlLang: "vi",
  },
  {
    locale: "zh-TC",
    languageKey: "zh_TW",
    languageName: "繁體中文",
    languageType: 5,
    defaultCurrency: "TWD",
    prefix: "zh-TC",
    dir: "ltr",
    htmlLang: "zh-Hant",
  },
  {
    locale: "ru",
    languageKey: "ru_RU",
    languageName: "Русский",
    languageType: 6,
    defaultCurrency: "RUB",
    prefix: "ru",
    dir: "ltr",
    htmlLang: "ru",
  },
  {
    locale: "es",
    languageKey: "es_LA",
    languageName: "Español (Latinoamérica)",
    languageType: 7,
    defaultCurrency: "USD",
    prefix: "es",
    dir: "ltr",
    htmlLang: "es-419",
  },
  {
    locale: "it",
    languageKey: "it_IT",
    languageName: "Italiano",
    languageType: 9,
    defaultCurrency: "EUR",
    prefix: "it",
    dir: "ltr",
    htmlLang: "it",
  },
  {
    locale: "fr",
    languageKey: "fr_CA",
    languageName: "Français (Canada)",
    languageType: 10,
    defaultCurrency: "CAD",
    prefix: "fr",
    dir: "ltr",
    htmlLang: "fr-CA",
  },
  {
    locale: "de",
    languageKey: "de_DE",
    languageName: "Deutsch",
    languageType: 11,
    defaultCurrency: "EUR",
    prefix: "de",
    dir: "ltr",
    htmlLang: "de",
  },
  {
    locale: "pt",
    languageKey: "pt_BR",
    languageName: "Português (Brasil)",
    languageType: 12,
    defaultCurrency: "USD",
    prefix: "pt",
    dir: "ltr",
    htmlLang: "pt-BR",
  },
  {
    locale: "id",
    languageKey: "id_ID",
    languageName: "Bahasa Indonesia",
    languageType: 13,
    defaultCurrency: "IDR",
    prefix: "id",
    dir: "ltr",
    htmlLang: "id",
  },
  {
    locale: "pl",
    languageKey: "pl_PL",
    languageName: "Polski",
    languageType: 20,
    defaultCurrency: "EUR",
    prefix: "pl",
    dir: "ltr",
    htmlLang: "pl",
  },
  {
    locale: "uk",
    languageKey: "uk_UA",
    languageName: "Українська",
    languageType: 21,
    defaultCurrency: "UAH",
    prefix: "uk",
    dir: "ltr",
    htmlLang: "uk",
  },
  {
    locale: "es-ES",
    languageKey: "es_ES",
    languageName: "Español (España)",
    languageType: 23,
    defaultCurrency: "EUR",
    prefix: "es-ES",
    dir: "ltr",
    htmlLang: "es-ES",
  },
  {
    locale: "pt-PT",
    languageKey: "pt_PT",
    languageName: "Português (Portugal)",
    languageType: 24,
    defaultCurrency: "EUR",
    prefix: "pt-PT",
    dir: "ltr",
    htmlLang: "pt-PT",
  },
  {
    locale: "uz",
    languageKey: "uz_UZ_Latn",
    languageName: "Oʻzbekcha",
    languageType: 25,
    defaultCurrency: "UZS",
    prefix: "uz",
    dir: "ltr",
    htmlLang: "uz",
  },
  {
    locale: "ar",
    languageKey: "ar_AE",
    languageName: "العربية",
    languageType: 39,
    defaultCurrency: "AED",
    prefix: "ar",
    dir: "rtl",
    htmlLang: "ar",
  },
  {
    locale: "ph",
    languageKey: "fil_PH",
    languageName: "Filipino",
    languageType: 40,
    defaultCurrency: "PHP",
    prefix: "ph",
    dir: "ltr",
    htmlLang: "fil",
  },
  {
    locale: "en-GB",
    languageKey: "en_GB",
    languageName: "English (UK)",
    languageType: 41,
    defaultCurrency: "EUR",
    prefix: "en-GB",
    dir: "ltr",
    htmlLang: "en-GB",
  },
  {
    locale: "es-AR",
    languageKey: "es_AR",
    languageName: "Español (Argentina)",
    languageType: 42,
    defaultCurrency: "USD",
    prefix: "es-AR",
    dir: "ltr",
    htmlLang: "es-AR",
  },
  {
    locale: "en-CA",
    languageKey: "en_CA",
    languageName: "English (Canada)",
    languageType: 43,
    defaultCurrency: "CAD",
    prefix: "en-CA",
    dir: "ltr",
    htmlLang: "en-CA",
  },
  {
    locale: "en-NG",
    languageKey: "en_NG",
    languageName: "English (Nigeria)",
    languageType: 902,
    defaultCurrency: "USD",
    prefix: "",
    dir: "ltr",
    htmlLang: "en-NG",
  },
  {
    locale: "en-IN",
    languageKey: "en_IN",
    languageName: "English (India)",
    languageType: 903,
    defaultCurrency: "USD",
    prefix: "",
    dir: "ltr",
    htmlLang: "en-IN",
  },
  {
    locale: "en-MY",
    languageKey: "en_MY",
    languageName: "English (Malaysia)",
    languageType: 904,
    defaultCurrency: "USD",
    prefix: "",
    dir: "ltr",
    htmlLang: "en-MY",
  },
  {
    locale: "en-FR",
    languageKey: "en_FR",
    languageName: "English (France)",
    languageType: 905,
    defaultCurrency: "EUR",
    prefix: "",
    dir: "ltr",
    htmlLang: "en-FR",
  },
  {
    locale: "fr-FR",
    languageKey: "fr_FR",
    languageName: "Français (France)",
    languageType: 906,
    defaultCurrency: "EUR",
    prefix: "fr",
    dir: "ltr",
    htmlLang: "fr-FR",
  },
  {
    locale: "ru-FR",
    languageKey: "ru_FR",
    languageName: "Русский (Франция)",
    languageType: 907,
    defaultCurrency: "EUR",
    prefix: "ru",
    dir: "ltr",
    htmlLang: "ru-FR",
  },
  // The spec names uz-UZ, en-UZ and ru-UZ but gives them no number; they follow 907 in the same series.
  {
    locale: "uz-UZ",
    languageKey: "uz_UZ",
    languageName: "Oʻzbekcha (Oʻzbekiston)",
    languageType: 908,
    defaultCurrency: "UZS",
    prefix: "uz",
    dir: "ltr",
    htmlLang: "uz-UZ",
  },
  {
    locale: "en-UZ",
    languageKey: "en_UZ",
    languageName: "English (Uzbekistan)",
    languageType: 909,
    defaultCurrency: "UZS",
    prefix: "",
    dir: "ltr",
    htmlLang: "en-UZ",
  },
  {
    locale: "ru-UZ",
    languageKey: "ru_UZ",
    languageName: "Русский (Узбекистан)",
    languageType: 910,
    defaultCurrency: "UZS",
    prefix: "ru",
    dir: "ltr",
    htmlLang: "ru-UZ",
  },
] as const;

type LocaleEntry = (typeof LOCALES)[number];
export type Locale = LocaleEntry["locale"];
export type Direction = "ltr" | "rtl";

export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.locale);

const byLocale = new Map<string, LocaleEntry>(LOCALES.map((l) => [l.locale.toLowerCase(), l]));
const byKey = new Map<string, LocaleEntry>(LOCALES.map((l) => [l.languageKey.toLowerCase(), l]));
const byType = new Map<number, LocaleEntry>(LOCALES.map((l) => [l.languageType, l]));

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && LOCALE_CODES.includes(value as Locale);

/** The entry of a locale code (case-insensitive), or undefined. */
export function findLocale(code: string | null | undefined): LocaleEntry | undefined {
  return code ? byLocale.get(code.toLowerCase()) : undefined;
}

export function getLocale(code: Locale): LocaleEntry {
  const entry = byLocale.get(code.toLowerCase());
  if (!entry) throw new RangeError(`Unknown locale ${code}`);
  return entry;
}

/** Locale from the `language` query value: a languageKey (en_US) or, leniently, a locale code (ja). */
export function localeFromLanguageKey(key: string | null | undefined): Locale | undefined {
  if (!key) return undefined;
  return (byKey.get(key.toLowerCase()) ?? findLocale(key.replace("_", "-")))?.locale;
}

/** Locale from the numeric `languageType` query value. */
export function localeFromLanguageType(value: string | number | null | undefined): Locale | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isInteger(n) ? byType.get(n)?.locale : undefined;
}

export const prefixOf = (locale: Locale): string => getLocale(locale).prefix;
export const dirOf = (locale: Locale): Direction => getLocale(locale).dir;

/** Every distinct URL prefix ("" for the unprefixed English group). */
export const PREFIXES: readonly string[] = [...new Set(LOCALES.map((l) => l.prefix))];

/** The locales sharing a URL prefix, the first being the one used when nothing else decides. */
export function localesOfPrefix(prefix: string): Locale[] {
  const group = LOCALES.filter((l) => l.prefix.toLowerCase() === prefix.toLowerCase()).map((l) => l.locale);
  // The group's default is the locale whose code equals the prefix (en for "", ru for ru, fr-FR for fr, uz for uz).
  const primary =
    group.find((l) => l.toLowerCase() === prefix.toLowerCase()) ?? (prefix === "" ? DEFAULT_LOCALE : group[0]);
  return primary ? [primary, ...group.filter((l) => l !== primary)] : [];
}
