import { AFFILIATE_MAX_RANGE_DAYS, affiliateRangeDays, isAffiliateDay } from "@affiliates/contracts";
import { rangeOf } from "./date-range";

/**
 * The dashboard's report periods (issue 9): presets of 7 (default), 30 and 90 days, or a custom range. The summary and
 * the CSV export accept the same ranges (`affiliateRangeProblem` in the API): start ≤ end, end not after today (UTC),
 * at most AFFILIATE_MAX_RANGE_DAYS days (one year, a leap day included) and at least one day.
 */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 7;
export const MAX_REPORT_DAYS = AFFILIATE_MAX_RANGE_DAYS;

export interface ReportRange {
  from: string;
  to: string;
}

/** Why a custom range is refused (each has a translated message under `trends.range.problems`). */
export type RangeProblem = "invalid" | "order" | "future" | "tooLong";

export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

export const presetRange = (days: RangePreset, now = new Date()): ReportRange => rangeOf(days, now);

/** Checks a custom range as the API will: null when the summary and the CSV export accept it. */
export function reportRangeProblem(range: ReportRange, today: string, maxDays = MAX_REPORT_DAYS): RangeProblem | null {
  if (!isAffiliateDay(range.from) || !isAffiliateDay(range.to)) return "invalid";
  if (range.from > range.to) return "order";
  if (range.to > today) return "future";
  if (affiliateRangeDays(range.from, range.to) > maxDays) return "tooLong";
  return null;
}

/** Days in a range, both ends included. */
export const rangeLength = (range: ReportRange): number => affiliateRangeDays(range.from, range.to);

/** The query string of the CSV export of a range. */
export const csvQuery = (range: ReportRange): string => new URLSearchParams({ from: range.from, to: range.to }).toString();
