import type { Transaction } from "kysely";
import type { TradeFill } from "@affiliates/contracts";
import type { Database } from "../../platform/db/schema";
import { num } from "../../platform/db/rows";

type Trx = Transaction<Database>;
type Market = TradeFill["market"];

/** Basis points of a fee in micro-USDT, rounded down (the exchange never pays out a fraction it does not have). */
export const shareOf = (feeMicros: number, bps: number): number =>
  bps > 0 ? Math.floor((feeMicros * bps) / 10_000) : 0;

export interface EarningRule {
  /** The affiliate's rate for the market: the level's, or the rate agreed with the inviter for a sub-affiliate. */
  rateBps: number;
  /** The link's invitee share for the market, at most the rate (it is paid out of it). */
  shareBps: number;
  /** The inviter of a sub-affiliate and their rate for the market (they earn what the sub's rate leaves). */
  parent: { userId: string; rateBps: number } | null;
}

/** What one fill earns: the affiliate's commission, the invitee's rebate, and the inviter's override. */
export function earningsOf(
  feeMicros: number,
  rule: EarningRule,
): { commission: number; rebate: number; override: number } {
  const share = Math.min(rule.shareBps, rule.rateBps);
  const overrideBps = rule.parent ? Math.max(0, rule.parent.rateBps - rule.rateBps) : 0;
  return {
    commission: shareOf(feeMicros, rule.rateBps - share),
    rebate: shareOf(feeMicros, share),
    override: shareOf(feeMicros, overrideBps),
  };
}

/** The rules of each invitee among `userIds` (those without an inviter are absent): one read per table. */
export async function rulesOf(trx: Trx, postgres: boolean, userIds: string[]) {
  const query = trx
    .selectFrom("affiliate_invitees as i")
    .leftJoin("affiliate_links as l", "l.id", "i.link_id")
    .innerJoin("affiliates as a", "a.user_id", "i.affiliate_user_id")
    .select([
      "i.id",
      "i.user_id",
      "i.affiliate_user_id",
      "i.link_id",
      "i.first_trade_at",
      "l.spot_share_bps",
      "l.futures_share_bps",
      "a.level",
      "a.rate_bps",
      "a.parent_user_id",
    ])
    .where("i.user_id", "in", userIds)
    .orderBy("i.id");
  // PostgreSQL: the invitees' rows are locked (in id order) for the batch, so a concurrent feed reads the first
  // trade this one writes (the first-trade counts move exactly once). SQLite runs one transaction at a time.
  const invitees = await (postgres ? query.forUpdate("i") : query).execute();
  const parentIds = [...new Set(invitees.flatMap((i) => (i.parent_user_id ? [i.parent_user_id] : [])))];
  const parents = parentIds.length
    ? await trx
        .selectFrom("affiliates")
        .select(["user_id", "level", "rate_bps", "parent_user_id"])
        .where("user_id", "in", parentIds)
        .execute()
    : [];
  const levels = new Map(
    (await trx.selectFrom("affiliate_levels").selectAll().execute()).map((l) => [Number(l.level), l]),
  );
  const parentOf = new Map(parents.map((p) => [p.user_id, p]));
  /** A top-level affiliate earns the level's rate; a sub-affiliate the rate agreed, never above the inviter's. */
  const rateOf = (a: { level: number; rate_bps: number; parent_user_id: string | null }, market: Market): number => {
    const level = levels.get(Number(a.level));
    const levelRate = level
      ? Number(market === "spot" ? level.spot_rate_bps : level.futures_rate_bps)
      : Number(a.rate_bps);
    return a.parent_user_id === null ? levelRate : Number(a.rate_bps);
  };
  return new Map(
    invitees.map((i) => {
      const parent = i.parent_user_id ? parentOf.get(i.parent_user_id) : undefined;
      const ruleFor = (market: Market): EarningRule => {
        const parentRate = parent ? rateOf(parent, market) : null;
        const ownRate = rateOf(i, market);
        return {
          rateBps: parentRate === null ? ownRate : Math.min(ownRate, parentRate),
          shareBps: num(market === "spot" ? i.spot_share_bps : i.futures_share_bps),
          parent: parent && parentRate !== null ? { userId: parent.user_id, rateBps: parentRate } : null,
        };
      };
      return [
        i.user_id,
        {
          inviteeId: Number(i.id),
          affiliateUserId: i.affiliate_user_id,
          linkId: i.link_id === null ? null : Number(i.link_id),
          firstTradeAt: i.first_trade_at,
          spot: ruleFor("spot"),
          futures: ruleFor("futures"),
        },
      ] as const;
    }),
  );
}

/** The rules `rulesOf` answers, by invitee user id. */
export type InviteeRules = Awaited<ReturnType<typeof rulesOf>>;
