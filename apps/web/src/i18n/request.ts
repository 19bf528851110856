import "server-only";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "@affiliates/locales";
import { loadMessages } from "./messages";
import { DEFAULT_TIME_ZONE } from "@/lib/constants";

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return { locale, messages: await loadMessages(locale), timeZone: DEFAULT_TIME_ZONE };
});
