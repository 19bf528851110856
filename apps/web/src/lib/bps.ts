/** Basis points (1/100 of a percent) as the ratio `Intl`'s percent style takes: 4500 → 0.45. */
export const bpsToRatio = (bps: number): number => bps / 10_000;

/** Number options of a basis-point percentage: up to two decimals (1250 → 12.5%, 1 → 0.01%). */
export const BPS_PERCENT_OPTIONS = {
  style: "percent",
  maximumFractionDigits: 2,
} as const satisfies Intl.NumberFormatOptions;
