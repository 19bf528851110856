import type { Locale } from "@affiliates/locales";

/**
 * dayjs's locale per page locale (antd's date pickers format with dayjs). Chinese weeks start on Monday (requirements.md §9):
 * dayjs's zh-cn sets weekStart 1, its zh-tw does not, so Chinese locales get weekStart 1 here. Locales dayjs lacks keep
 * English.
 */
export const DAYJS_LOCALES: Record<Locale, string> = {
  en: "en",
  "en-GB": "en-gb",
  "en-NG": "en",
  "en-IN": "en-in",
  "en-MY": "en",
  "en-FR": "en",
  "en-UZ": "en",
  "en-CA": "en-ca",
  "zh-CN": "zh-cn",
  "zh-TC": "zh-tw",
  ja: "ja",
  vi: "vi",
  ru: "ru",
  "ru-FR": "ru",
  "ru-UZ": "ru",
  es: "es",
  "es-ES": "es",
  "es-AR": "es",
  it: "it",
  fr: "fr-ca",
  "fr-FR": "fr",
  de: "de",
  pt: "pt-br",
  "pt-PT": "pt",
  id: "id",
  pl: "pl",
  uk: "uk",
  uz: "uz-latn",
  "uz-UZ": "uz-latn",
  ar: "ar",
  ph: "tl-ph",
};

/** requirements.md §9: Chinese weeks (date pickers, "this week") start on Monday. */
export const MONDAY_FIRST_LOCALES: readonly Locale[] = ["zh-CN", "zh-TC"];

/** Loads and applies the page's dayjs locale. */
export async function applyDayjsLocale(locale: Locale): Promise<string> {
  const name = DAYJS_LOCALES[locale];
  const { default: dayjs } = await import("dayjs");
  if (name === "en") return dayjs.locale(name);
  const definition = ((await import(`dayjs/locale/${name}.js`)) as { default: ILocale }).default;
  if (MONDAY_FIRST_LOCALES.includes(locale) && definition.weekStart !== 1)
    dayjs.locale({ ...definition, weekStart: 1 }, undefined, true);
  return dayjs.locale(name);
}
