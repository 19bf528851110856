"use client";
import { useSyncExternalStore } from "react";
import { DEFAULT_TIME_ZONE } from "./constants";
import { dateTimeFormatOf } from "./format";

const noSubscription = () => () => {};

let knownZone: string | undefined;

/**
 * The browser's own IANA time zone, or the spec's default when the browser names none (or names one Intl refuses).
 * Found once per page: React asks on every render of every formatting component, and each asking built two
 * DateTimeFormats, 5 ms of a page's start-up main thread in Chromium (20 ms at a phone's 4x: issue 36's TBT).
 */
export function browserTimeZone(): string {
  knownZone ??= findBrowserTimeZone();
  return knownZone;
}

function findBrowserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) {
      new Intl.DateTimeFormat("en", { timeZone: zone }); // throws for a zone this Intl does not know
      return zone;
    }
  } catch {
    // an unknown zone: the default below
  }
  return DEFAULT_TIME_ZONE;
}

/**
 * The viewer's time zone (issue 34): Asia/Shanghai (requirements.md §9) in the pre-rendered HTML and while React hydrates it, the
 * browser's own zone from the render right after, so the HTML and the first client render agree and every time is
 * then shown on the reader's clock, with its zone named.
 */
export function useViewerTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => DEFAULT_TIME_ZONE);
}

/** "GMT+8", "UTC", "GMT-5" …: the short name of `zone` at `at` in `locale` (offsets change with daylight saving). */
export function zoneName(
  intlLocale: string,
  zone: string,
  at: Date = new Date(),
  style: "short" | "longOffset" = "short",
): string {
  const part = dateTimeFormatOf(intlLocale, { timeZone: zone, timeZoneName: style })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? zone;
}
