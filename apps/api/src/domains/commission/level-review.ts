import type { LevelReviewResult } from "@affiliates/contracts";
import { firstOfNextMonth } from "../../platform/lib/days";
import { num } from "../../platform/db/rows";
import type { EngineContext } from "./engine-context";

/** The monthly level review. */
export function createLevelReview({ db, nowIso }: EngineContext) {
  return {
    /**
     * The monthly level review the landing page states: on the 1st, each affiliate gets the highest level whose
     * thresholds (new trading invitees and their volume) the month before met, never below the first level. A
     * top-level affiliate's rate follows the level; a sub-affiliate keeps the rate agreed with the inviter.
     * Done once per month: the review's row is claimed first, so a second or concurrent run changes nothing.
     */
    async reviewLevels(month: string): Promise<LevelReviewResult> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto("affiliate_level_reviews")
          .values({ month, reviewed_at: nowIso() })
          .onConflict((oc) => oc.column("month").doNothing())
          .returning("month")
          .execute();
        if (claimed.length === 0) return { month, reviewed: 0, changed: 0, alreadyDone: true };
        const from = `${month}-01`;
        const until = firstOfNextMonth(from);
        const levels = (await trx.selectFrom("affiliate_levels").selectAll().orderBy("level").execute()).map((l) => ({
          level: Number(l.level),
          traders: Number(l.monthly_new_traders),
          volumeCents: Number(l.monthly_volume_usdt) * 100,
          spotRateBps: Number(l.spot_rate_bps),
        }));
        const [affiliates, traders, volumes] = await Promise.all([
          trx.selectFrom("affiliates").select(["user_id", "level", "rate_bps", "parent_user_id"]).execute(),
          trx
            .selectFrom("affiliate_funnel_totals")
            .select(["affiliate_user_id", (eb) => eb.fn.sum<number>("first_trades").as("n")])
            .where("day", ">=", from)
            .where("day", "<", until)
            .groupBy("affiliate_user_id")
            .execute(),
          trx
            .selectFrom("affiliate_trading_totals")
            .select(["affiliate_user_id", (eb) => eb.fn.sum<number>("volume_cents").as("v")])
            .where("source", "=", "direct")
            .where("day", ">=", from)
            .where("day", "<", until)
            .groupBy("affiliate_user_id")
            .execute(),
        ]);
        const tradersOf = new Map(traders.map((r) => [r.affiliate_user_id, num(r.n)]));
        const volumeOf = new Map(volumes.map((r) => [r.affiliate_user_id, num(r.v)]));
        const first = levels[0];
        if (!first) return { month, reviewed: 0, changed: 0, alreadyDone: false };
        let changed = 0;
        for (const a of affiliates) {
          const met = levels.filter(
            (l) => (tradersOf.get(a.user_id) ?? 0) >= l.traders && (volumeOf.get(a.user_id) ?? 0) >= l.volumeCents,
          );
          const level = met[met.length - 1] ?? first;
          const rate = a.parent_user_id === null ? level.spotRateBps : Number(a.rate_bps);
          if (level.level === Number(a.level) && rate === Number(a.rate_bps)) continue;
          await trx
            .updateTable("affiliates")
            .set({ level: level.level, rate_bps: rate })
            .where("user_id", "=", a.user_id)
            .execute();
          changed += 1;
        }
        return { month, reviewed: affiliates.length, changed, alreadyDone: false };
      });
    },
  };
}
