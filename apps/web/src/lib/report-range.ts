import { AFFILIATE_MAX_RANGE_DAYS, affiliateRangeDays } from "@affiliates/contracts";
import { rangeOf } from "./date-range";

/**
 * The dashboard's report periods: presets of 7 (default), 30 and 90 days, or a custom range. A custom range is checked
 * by the API's own rule (`affiliateRangeCheck` in @affiliates/contracts), whose codes name the translated messages
 * under `trends.range.problems`.
 */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 7;
export const MAX_REPORT_DAYS = AFFILIATE_MAX_RANGE_DAYS;

export interface ReportRange {
  from: string;
  to: string;
}

export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

export const presetRange = (days: RangePreset, now = new Date()): ReportRange => rangeOf(days, now);

/** Days in a range, both ends included. */
export const rangeLength = (range: ReportRange): number => affiliateRangeDays(range.from, range.to);

/** The query string of the CSV export of a range. */
export const csvQuery = (range: ReportRange): string =>
  new URLSearchParams({ from: range.from, to: range.to }).toString();
