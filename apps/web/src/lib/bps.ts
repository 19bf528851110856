import type { Format } from "./format";

/** Basis points (1/100 of a percent) as the ratio `Intl`'s percent style takes: 4500 → 0.45. */
const bpsToRatio = (bps: number): number => bps / 10_000;

/** Number options of a basis-point percentage: up to two decimals (1250 → 12.5%, 1 → 0.01%). */
const BPS_PERCENT_OPTIONS = {
  style: "percent",
  maximumFractionDigits: 2,
} as const satisfies Intl.NumberFormatOptions;

/** Basis points as a percentage in `format`'s locale (4500 → "45%", ar "٤٥٪"). */
export const formatBps = (format: Format, bps: number): string => format.number(bpsToRatio(bps), BPS_PERCENT_OPTIONS);
