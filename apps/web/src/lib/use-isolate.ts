import { useLocale } from "next-intl";
import { findLocale } from "@affiliates/locales";
import { isolate } from "./bidi";

/**
 * Isolates numbers placed into plain-text messages on right-to-left pages, so "-0.015%" or "US$1M" keep their order
 * inside Arabic text; left-to-right pages get the text unchanged.
 */
export function useIsolate(): (text: string) => string {
  const rtl = findLocale(useLocale())?.dir === "rtl";
  return (text) => (rtl ? isolate(text) : text);
}
