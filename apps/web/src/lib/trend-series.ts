import type { AffiliateSummary, AffiliateSummaryFigures } from "@affiliates/contracts";

/** The headline figures, in the order the dashboard shows them; each has a trend chart. */
export const TREND_FIGURES = [
  "clicks",
  "signups",
  "kycVerified",
  "firstDeposits",
  "firstTrades",
  "activeTraders",
  "volumeUsdt",
  "commissionPendingUsdt",
  "commissionSettledUsdt",
] as const satisfies readonly (keyof AffiliateSummaryFigures)[];
export type TrendFigure = (typeof TREND_FIGURES)[number];

/** Figures in USDT (two decimals); the others are counts. */
export const MONEY_FIGURES: ReadonlySet<TrendFigure> = new Set<TrendFigure>([
  "volumeUsdt",
  "commissionPendingUsdt",
  "commissionSettledUsdt",
]);

/**
 * Figures whose total is the sum of the days. Active traders are distinct over the range (a trader active on three
 * days counts once in the total, three times in the days), so their total is not the days' sum.
 */
export const isAdditive = (figure: TrendFigure): boolean => figure !== "activeTraders";

export type Series = AffiliateSummary["series"];

/** uPlot's columnar data: x = the day's UTC midnight in seconds, y = the figure. */
export function seriesColumns(series: Series, figure: TrendFigure): [number[], number[]] {
  return [series.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), series.map((d) => d[figure])];
}

/** Sum of the days, rounded to cents (money values are decimal cents; floating sums drift). */
export function seriesSum(series: Series, figure: TrendFigure): number {
  const sum = series.reduce((total, d) => total + d[figure], 0);
  return Math.round(sum * 100) / 100;
}

/** The day with the highest value (the first of equals), or null for an empty series. */
export function seriesPeak(series: Series, figure: TrendFigure): { day: string; value: number } | null {
  let peak: { day: string; value: number } | null = null;
  for (const d of series) if (!peak || d[figure] > peak.value) peak = { day: d.day, value: d[figure] };
  return peak;
}
