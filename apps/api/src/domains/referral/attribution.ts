import { sql } from "kysely";
import { REFERRAL_ATTRIBUTION_DAYS, type Referrer } from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { dayOf, DAY_MS } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { maskUserId } from "../../platform/lib/mask";
import { addFunnelTotals } from "../commission/totals";
import type { HolderSignals } from "../risk/repository";
import type { ReferralContext } from "./context";
import type { ReferralOffer } from "./offers";

async function addSignup(trx: Db, linkId: number, day: string): Promise<void> {
  await trx
    .insertInto("affiliate_link_daily_stats")
    .values({ link_id: linkId, day, clicks: 0, signups: 1 })
    .onConflict((oc) =>
      oc.columns(["link_id", "day"]).doUpdateSet({ signups: sql`affiliate_link_daily_stats.signups + 1` }),
    )
    .execute();
}

/** A visitor's click on a link, and a user's attribution to the link's affiliate. */
export function createAttribution(
  { db, options, nowIso, risk }: ReferralContext,
  { usableOffer }: { usableOffer: (code: string, userId: string | null) => Promise<ReferralOffer> },
) {
  return {
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
  };
}
