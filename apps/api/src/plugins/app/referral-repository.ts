import fp from "fastify-plugin";
import { sql } from "kysely";
import { REFERRAL_ATTRIBUTION_DAYS, type ReferralLink, type Referrer } from "@affiliates/contracts";
import type { Db } from "../../db/schema";
import { dayOf, dayStart, addDays, DAY_MS } from "../../lib/days";
import { ApiError } from "../../lib/errors";
import { maskName, maskUserId } from "../../lib/mask";
import { num } from "../../lib/rows";
import { createRiskRepository, type HolderSignals } from "./risk-repository";

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
     * Counts a click once per visitor, link and UTC day: the click's key is inserted only when new, and only then
     * is the day's counter raised (both in one transaction). Returns whether this click counted.
     */
    async recordClick(linkId: number, visitor: string): Promise<boolean> {
      const day = dayOf(options.now());
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("affiliate_link_clicks")
          .values({ link_id: linkId, visitor, day })
          .onConflict((oc) => oc.columns(["link_id", "visitor", "day"]).doNothing())
          .returning("link_id")
          .execute();
        if (inserted.length === 0) return false;
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
        await addSignup(trx, found.linkId, dayOf(options.now()));
      });
      return {
        code: found.code,
        inviterName: found.inviterName,
        spotShareBps: found.spotShareBps,
        futuresShareBps: found.futuresShareBps,
      };
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
          .selectFrom("affiliate_invitees")
          .select(["link_id", (eb) => eb.fn.countAll().as("n")])
          .where("affiliate_user_id", "=", userId)
          .where("first_trade_at", ">=", dayStart(from))
          .where("first_trade_at", "<", dayStart(addDays(to, 1)))
          .groupBy("link_id")
          .execute(),
        db
          .selectFrom("affiliate_commissions as c")
          .innerJoin("affiliate_invitees as i", "i.id", "c.invitee_id")
          .select([
            "i.link_id",
            (eb) => eb.fn.sum<number>("c.volume_cents").as("volume"),
            (eb) => eb.fn.sum<number>("c.commission_cents").as("commission"),
          ])
          .where("c.affiliate_user_id", "=", userId)
          .where("c.source", "=", "direct")
          .where("c.trade_day", ">=", from)
          .where("c.trade_day", "<=", to)
          .groupBy("i.link_id")
          .execute(),
      ]);
      const periods = new Map<number, LinkPeriod>();
      const of = (linkId: number | null): LinkPeriod | undefined => {
        if (linkId === null) return undefined;
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
