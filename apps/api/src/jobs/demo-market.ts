import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TradeFill } from "@affiliates/contracts";
import { DEMO_AFFILIATE_USER_ID } from "../seed/affiliate-specs";

export interface DemoMarketOptions {
  /** Whose invitees trade (default the demo affiliate; DEMO_MARKET_AFFILIATE). */
  affiliateUserId?: string;
  /** Milliseconds between two rounds of fills (default 4 s). */
  intervalMs?: number;
  /** Random source in [0, 1) (tests pass a fixed one). */
  random?: () => number;
}

/**
 * A demo market: every few seconds a few of the demo affiliate's invitees trade, through the same feed the exchange
 * uses (`POST /v1/admin/trades`), so the demo dashboard moves while you watch. Off in production (`APP_ENV=online`)
 * unless asked for, and off with `DEMO_MARKET=off`.
 */
export function startDemoMarket(app: FastifyInstance, options: DemoMarketOptions = {}): () => void {
  const random = options.random ?? Math.random;
  let traders: string[] | undefined;
  const round = async () => {
    traders ??= (
      await app.db
        .selectFrom("affiliate_invitees")
        .select("user_id")
        .where("affiliate_user_id", "=", options.affiliateUserId ?? DEMO_AFFILIATE_USER_ID)
        .where("first_deposit_at", "is not", null)
        .limit(200)
        .execute()
    ).map((r) => r.user_id);
    if (traders.length === 0) return;
    const fills: TradeFill[] = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const spot = random() < 0.55;
      const notional = Math.round((spot ? 200 + 9_800 * random() ** 2 : 1_000 + 49_000 * random() ** 2) * 100) / 100;
      return {
        tradeId: `demo-${randomUUID()}`,
        userId: traders?.[Math.floor(random() * (traders?.length ?? 1))] ?? "",
        market: spot ? "spot" : "futures",
        notional,
        // VIP0 taker fees: spot 0.10 %, futures 0.06 %.
        fee: Math.round(notional * (spot ? 0.001 : 0.0006) * 1e6) / 1e6,
        feeCurrency: "USDT",
        time: new Date(app.affiliate.now()).toISOString(),
      };
    });
    await app.commissions.feed(fills);
  };
  const timer = setInterval(() => {
    round().catch((error: unknown) => app.log.error({ err: error }, "demo market failed"));
  }, options.intervalMs ?? 4_000);
  timer.unref();
  return () => clearInterval(timer);
}
