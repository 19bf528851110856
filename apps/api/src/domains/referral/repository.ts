import fp from "fastify-plugin";
import { sql } from "kysely";
import { REFERRAL_ATTRIBUTION_DAYS, type ReferralLink, type Referrer } from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { dayOf, DAY_MS } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { maskName, maskUserId } from "../../platform/lib/mask";
import { chunked, num } from "../../platform/db/rows";
import { addFunnelTotals, NO_LINK } from "../commission/totals";
import { createRiskRepository, type HolderSignals } from "../risk/repository";

export type LinkPeriod = ReferralLink["period"];
const emptyPeriod = (): LinkPeriod => ({ clicks: 0, signups: 0, firstTrades: 0, volumeUsdt: 0, commissionUsdt: 0 });

/** A referral code as a visitor meets it: whose it is, what it gives back, and whether it still takes sign-ups. */
export interface ReferralOffer extends Referrer {
  linkId: number;
  inviterUserId: string;
  archived: boolean;
}

export interface ReferralRepositoryOptions {
  now: () => number;
}

/** Clicks, sign-up attribution and the per-link results of the referral loop. */
export function createReferralRepository(db: Db, options: ReferralRepositoryOptions) {
  const nowIso = () => new Date(options.now()).toISOString();
  const risk = createRiskRepository(db, options);

  async function offer(code: string): Promise<ReferralOffer | undefined> {
    const row = await db
      .selectFrom("affiliate_links as l")
      .innerJoin("users as u", "u.user_id", "l.user_id")
      .select(["l.id", "l.code", "l.user_id", "l.spot_share_bps", "l.futures_share_bps", "l.archived", "u.user_name"])
      .where("l.code_key", "=", code.toLowerCase())
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      linkId: Number(row.id),
      code: row.code,
      inviterUserId: row.user_id,
      inviterName: maskName(row.user_name),
      spotShareBps: Number(row.spot_share_bps),
      futuresShareBps: Number(row.futures_share_bps),
      archived: Number(row.archived) === 1,
    };
  }

  /** The offer of a code that can still attribute `userId`, or the refusal: unknown (404), archived, one's own. */
  async function usableOffer(code: string, userId: string | null): Promise<ReferralOffer> {
    const found = await offer(code);
    if (!found) throw new ApiError("not_found", "code: no referral link has this code");
    if (found.archived) throw new ApiError("link_archived", "code: this referral link is archived");
    if (userId !== null && found.inviterUserId === userId)
      throw new ApiError("self_referral", "code: you cannot be your own inviter");
    return found;
  }

  async function addSignup(trx: Db, linkId: number, day: string): Promise<void> {
    await trx
      .insertInto("affiliate_link_daily_stats")
      .values({ link_id: linkId, day, clicks: 0, signups: 1 })
      .onConflict((oc) =>
        oc.columns(["link_id", "day"]).doUpdateSet({ signups: sql`affiliate_link_daily_stats.signups + 1` }),
      )
      .execute();
  }

  return {
    offer,
    usableOffer,

    /**
     * Counts a click once per visitor, link and UTC day: the visitor's keys (its network and user agent, its device)
     * are inserted only when new, and only when none was there (and `mayCount`, the per-IP cap, agrees) is the day's
     * counter raised, in the same transaction. Returns whether this click counted.
     */
    async recordClick(
      linkId: number,
      visitorKeys: readonly string[],
      mayCount: () => Promise<boolean>,
    ): Promise<boolean> {
      const day = dayOf(options.now());
      return db.transaction().execute(async (trx) => {
        let fresh = true;
        for (const visitor of visitorKeys) {
          const inserted = await trx
            .insertInto("affiliate_link_clicks")
            .values({ link_id: linkId, visitor, day })
            .onConflict((oc) => oc.columns(["link_id", "visitor", "day"]).doNothing())
            .returning("link_id")
            .execute();
          if (inserted.length === 0) fresh = false;
        }
        if (!fresh || !(await mayCount())) return false;
        await trx
          .insertInto("affiliate_link_daily_stats")
          .values({ link_id: linkId, day, clicks: 1, signups: 0 })
          .onConflict((oc) =>
            oc.columns(["link_id", "day"]).doUpdateSet({ clicks: sql`affiliate_link_daily_stats.clicks + 1` }),
          )
          .execute();
        return true;
      });
    },

    /**
     * Attributes `userId` to the link of `code`, once: a user never changes inviter (the unique invitee row), cannot
     * be their own inviter, and an archived link takes no one. `registeredAt` is when the account was created; a
     * user may bind an inviter only within the attribution window after it. `signals` compare the user with the
     * inviter (README "Risk checks"): the inviter's session or device refuses; a shared IP or network, the inviter's
     * email or a disposable one attributes but holds the commission (a risk flag, in the same transaction).
     */
    async attribute(userId: string, code: string, registeredAt: string, signals: HolderSignals): Promise<Referrer> {
      const found = await usableOffer(code, userId);
      const verdict = await risk.assess(found.inviterUserId, { ...signals, userId });
      risk.refuseIfSameHolder(verdict, "code");
      if (Date.parse(registeredAt) + REFERRAL_ATTRIBUTION_DAYS * DAY_MS < options.now()) {
        throw new ApiError(
          "inviter_fixed",
          `code: an inviter can only be added within ${REFERRAL_ATTRIBUTION_DAYS} days of registering`,
        );
      }
      // One's own invitee (or one's own invitee's affiliate chain) cannot become one's inviter: no loops.
      const inviterIsMyInvitee = await db
        .selectFrom("affiliate_invitees")
        .select("id")
        .where("affiliate_user_id", "=", userId)
        .where("user_id", "=", found.inviterUserId)
        .executeTakeFirst();
      if (inviterIsMyInvitee) throw new ApiError("self_referral", "code: your own invitee cannot be your inviter");
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("affiliate_invitees")
          .values({
            affiliate_user_id: found.inviterUserId,
            link_id: found.linkId,
            user_id: userId,
            masked_user_id: maskUserId(userId),
            registered_at: nowIso(),
            kyc_at: null,
            first_deposit_at: null,
            first_trade_at: null,
            volume_cents: 0,
            commission_cents: 0,
          })
          .onConflict((oc) => oc.column("user_id").doNothing())
          .returning("id")
          .execute();
        const [invitee] = inserted;
        if (!invitee) throw new ApiError("inviter_fixed", "code: you already have an inviter");
        if (verdict.hold.length > 0)
          await risk.hold(trx, { id: Number(invitee.id), affiliateUserId: found.inviterUserId, userId }, verdict.hold);
        const day = dayOf(options.now());
        await addSignup(trx, found.linkId, day);
        await addFunnelTotals(trx, [
          { affiliate_user_id: found.inviterUserId, day, link_id: found.linkId, signups: 1 },
        ]);
      });
      return {
        code: found.code,
        inviterName: found.inviterName,
        spotShareBps: found.spotShareBps,
        futuresShareBps: found.futuresShareBps,
      };
    },

    /**
     * Attributes many users at once (an exchange's import, the bench's top partner): each user to the given link of
     * its affiliate, once, with the link's sign-ups and the funnel counted as `attribute` counts them. Answers how
     * many were new.
     */
    async addInvitees(
      invitees: readonly { affiliateUserId: string; linkId: number; userId: string; registeredAt: string }[],
    ): Promise<number> {
      let added = 0;
      for (const part of chunked(invitees, 500)) {
        added += await db.transaction().execute(async (trx) => {
          const rows = await trx
            .insertInto("affiliate_invitees")
            .values(
              part.map((i) => ({
                affiliate_user_id: i.affiliateUserId,
                link_id: i.linkId,
                user_id: i.userId,
                masked_user_id: maskUserId(i.userId),
                registered_at: i.registeredAt,
                kyc_at: null,
                first_deposit_at: null,
                first_trade_at: null,
                volume_cents: 0,
                commission_cents: 0,
              })),
            )
            .onConflict((oc) => oc.column("user_id").doNothing())
            .returning(["affiliate_user_id", "link_id", "registered_at"])
            .execute();
          const signups = new Map<string, { linkId: number; day: string; affiliate: string; n: number }>();
          for (const r of rows) {
            const day = r.registered_at.slice(0, 10);
            const key = `${Number(r.link_id)}|${day}`;
            const seen = signups.get(key) ?? { linkId: Number(r.link_id), day, affiliate: r.affiliate_user_id, n: 0 };
            seen.n += 1;
            signups.set(key, seen);
          }
          for (const { linkId, day, n } of [...signups.values()].sort(
            (a, b) => a.linkId - b.linkId || (a.day < b.day ? -1 : 1),
          ))
            await trx
              .insertInto("affiliate_link_daily_stats")
              .values({ link_id: linkId, day, clicks: 0, signups: n })
              .onConflict((oc) =>
                oc.columns(["link_id", "day"]).doUpdateSet({ signups: sql`affiliate_link_daily_stats.signups + ${n}` }),
              )
              .execute();
          await addFunnelTotals(
            trx,
            [...signups.values()].map((x) => ({
              affiliate_user_id: x.affiliate,
              day: x.day,
              link_id: x.linkId,
              signups: x.n,
            })),
          );
          return rows.length;
        });
      }
      return added;
    },

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

export type ReferralRepository = ReturnType<typeof createReferralRepository>;

declare module "fastify" {
  interface FastifyInstance {
    referral: ReferralRepository;
  }
}

export default fp<ReferralRepositoryOptions>(
  (app, options, done) => {
    app.decorate("referral", createReferralRepository(app.db, options));
    done();
  },
  { name: "referral-repository", dependencies: ["db"] },
);
