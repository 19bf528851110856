import type { SubAffiliateLeft, SubInviter } from "@affiliates/contracts";
import { ApiError } from "../../platform/http/errors";
import { maskName } from "../../platform/lib/mask";
import { endRelationship, type SubInvitationsContext } from "./sub-invitations-shared";

/** An accepted relationship: ending it (either side), and the inviter as the sub sees it. */
export function createSubRelationships({ db, nowIso }: SubInvitationsContext) {
  return {
    /** The inviter ends a sub-affiliate relationship (see endRelationship). */
    async end(parentUserId: string, subUserId: string): Promise<{ userId: string; ended: true }> {
      const rateBps = await db.transaction().execute((trx) => endRelationship(trx, parentUserId, subUserId, nowIso()));
      if (rateBps === null) throw new ApiError("not_found", "sub-affiliate: not found");
      return { userId: subUserId, ended: true as const };
    },

    /** The sub ends it themselves: a top-level affiliate at their level's rate; past lines stay as they are. */
    async leave(subUserId: string): Promise<SubAffiliateLeft> {
      const rateBps = await db.transaction().execute(async (trx) => {
        const sub = await trx
          .selectFrom("affiliates")
          .select("parent_user_id")
          .where("user_id", "=", subUserId)
          .executeTakeFirst();
        if (!sub?.parent_user_id) return null;
        return endRelationship(trx, sub.parent_user_id, subUserId, nowIso());
      });
      if (rateBps === null) throw new ApiError("not_found", "inviter: you have no inviter");
      return { left: true, rateBps };
    },
    /** The caller's inviter as the sub sees it (null for a top-level affiliate). */
    async inviterOf(subUserId: string): Promise<SubInviter | null> {
      const row = await db
        .selectFrom("affiliates as a")
        .innerJoin("users as u", "u.user_id", "a.parent_user_id")
        .leftJoin("affiliate_levels as l", "l.level", "a.level")
        .select(["a.parent_user_id", "a.rate_bps", "a.joined_at", "u.user_name", "l.spot_rate_bps"])
        .where("a.user_id", "=", subUserId)
        .executeTakeFirst();
      if (!row?.parent_user_id) return null;
      const offer = await db
        .selectFrom("affiliate_sub_rate_offers")
        .select(["id", "rate_bps", "created_at"])
        .where("sub_user_id", "=", subUserId)
        .where("parent_user_id", "=", row.parent_user_id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return {
        inviterName: maskName(row.user_name),
        rateBps: Number(row.rate_bps),
        since: row.joined_at,
        ownLevelRateBps: row.spot_rate_bps === null ? Number(row.rate_bps) : Number(row.spot_rate_bps),
        pendingOffer: offer
          ? { id: Number(offer.id), rateBps: Number(offer.rate_bps), createdAt: offer.created_at }
          : null,
      };
    },
  };
}
