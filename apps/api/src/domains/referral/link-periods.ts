import { sql } from "kysely";
import type { ReferralLink } from "@affiliates/contracts";
import { num } from "../../platform/db/rows";
import { NO_LINK } from "../commission/totals";
import type { ReferralContext } from "./context";

export type LinkPeriod = ReferralLink["period"];
const emptyPeriod = (): LinkPeriod => ({ clicks: 0, signups: 0, firstTrades: 0, volumeUsdt: 0, commissionUsdt: 0 });

/** Each link's results over a period. */
export function createLinkPeriods({ db }: ReferralContext) {
  return {
    /** Each link's results in [from, to]: clicks, sign-ups, first trades, and its invitees' volume and commission. */
    async linkPeriods(userId: string, from: string, to: string): Promise<Map<number, LinkPeriod>> {
      const [stats, firsts, trading] = await Promise.all([
        db
          .selectFrom("affiliate_link_daily_stats as s")
          .innerJoin("affiliate_links as l", "l.id", "s.link_id")
          .select([
            "s.link_id",
            (eb) => eb.fn.sum<number>("s.clicks").as("clicks"),
            (eb) => eb.fn.sum<number>("s.signups").as("signups"),
          ])
          .where("l.user_id", "=", userId)
          .where("s.day", ">=", from)
          .where("s.day", "<=", to)
          .groupBy("s.link_id")
          .execute(),
        db
          .selectFrom("affiliate_funnel_totals")
          .select(["link_id", (eb) => eb.fn.sum<number>("first_trades").as("n")])
          .where("affiliate_user_id", "=", userId)
          .where("day", ">=", from)
          .where("day", "<=", to)
          .groupBy("link_id")
          .execute(),
        db
          .selectFrom("affiliate_trading_totals")
          .select([
            "link_id",
            (eb) => eb.fn.sum<number>("volume_cents").as("volume"),
            sql<number>`sum(pending_cents + settled_cents)`.as("commission"),
          ])
          .where("affiliate_user_id", "=", userId)
          .where("source", "=", "direct")
          .where("day", ">=", from)
          .where("day", "<=", to)
          .groupBy("link_id")
          .execute(),
      ]);
      const periods = new Map<number, LinkPeriod>();
      const of = (linkId: number | null): LinkPeriod | undefined => {
        if (linkId === null || Number(linkId) === NO_LINK) return undefined;
        const id = Number(linkId);
        const period = periods.get(id) ?? emptyPeriod();
        periods.set(id, period);
        return period;
      };
      for (const r of stats) {
        const p = of(r.link_id);
        if (p) Object.assign(p, { clicks: num(r.clicks), signups: num(r.signups) });
      }
      for (const r of firsts) {
        const p = of(r.link_id);
        if (p) p.firstTrades = num(r.n);
      }
      for (const r of trading) {
        const p = of(r.link_id);
        if (p) Object.assign(p, { volumeUsdt: num(r.volume) / 100, commissionUsdt: num(r.commission) / 100 });
      }
      return periods;
    },

    withPeriods(links: Omit<ReferralLink, "period">[], periods: Map<number, LinkPeriod>): ReferralLink[] {
      return links.map((link) => ({ ...link, period: periods.get(link.id) ?? emptyPeriod() }));
    },
  };
}
