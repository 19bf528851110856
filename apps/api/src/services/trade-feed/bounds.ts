import { AFFILIATE_BUSINESS_LINES, type TradeFill } from "@affiliates/contracts";

type Market = (typeof AFFILIATE_BUSINESS_LINES)[number];

/**
 * What a fill of the exchange's feed may say (issue 32): a fee no higher than the market's maximum rate × notional,
 * and a time no older than `maxAgeMs` nor further ahead than `maxAheadMs` (clock skew). A batch with one fill outside
 * them is refused whole, before the commission engine sees it.
 */
export interface TradeFeedBounds {
  /**
   * The highest fee rate per market, in parts per million of the notional (TRADE_MAX_FEE_PPM_SPOT/_FUTURES). The
   * VIP schedule's highest rate of the market counts when it is higher (operators raising fees never breaks the feed).
   */
  maxFeePpm: Record<Market, number>;
  maxAgeMs: number;
  maxAheadMs: number;
}

export const TRADE_FEED_BOUNDS_DEFAULTS: TradeFeedBounds = {
  // 0.5 %: five times the schedule's highest published rate (VIP0 spot taker 0.10 %), room for surcharges.
  maxFeePpm: { spot: 5000, futures: 5000 },
  maxAgeMs: 35 * 24 * 60 * 60 * 1000,
  maxAheadMs: 5 * 60 * 1000,
};

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
