import type { AFFILIATE_BUSINESS_LINES, TradeFill } from "@affiliates/contracts";
import type { TradeFeedBounds } from "../../platform/config";

type Market = (typeof AFFILIATE_BUSINESS_LINES)[number];

export { TRADE_FEED_BOUNDS_DEFAULTS, type TradeFeedBounds } from "../../platform/config";

const percentOf = (ppm: number) => `${ppm / 10_000} %`;

/**
 * The first fill outside the bounds, as `trades.<index>.<field>: why` (the feed's 400 message), or undefined.
 * `scheduleMaxPpm`: the VIP schedule's highest rate per market. Fees are compared in micro-units (the engine's).
 */
export function tradeFeedProblem(
  fills: readonly TradeFill[],
  bounds: TradeFeedBounds,
  now: number,
  scheduleMaxPpm: Partial<Record<Market, number>> = {},
): string | undefined {
  const earliest = now - bounds.maxAgeMs;
  const latest = now + bounds.maxAheadMs;
  for (const [index, fill] of fills.entries()) {
    const at = Date.parse(fill.time);
    if (!(at >= earliest && at <= latest)) {
      return (
        `trades.${index}.time: ${fill.time} is outside the accepted window ` +
        `(${new Date(earliest).toISOString()} to ${new Date(latest).toISOString()})`
      );
    }
    const ppm = Math.max(bounds.maxFeePpm[fill.market], scheduleMaxPpm[fill.market] ?? 0);
    if (Math.round(fill.fee * 1e6) > Math.ceil(fill.notional * ppm)) {
      return (
        `trades.${index}.fee: ${fill.fee} ${fill.feeCurrency} is above the ${fill.market} maximum of ` +
        `${percentOf(ppm)} of the notional ${fill.notional}`
      );
    }
  }
  return undefined;
}
