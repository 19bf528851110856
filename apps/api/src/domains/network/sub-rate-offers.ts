import type { SubRateOffer, SubRateOfferDecision } from "@affiliates/contracts";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { ApiError } from "../../platform/http/errors";
import { closed, closePending, termsMismatch, type SubInvitationsContext } from "./sub-invitations-shared";

/** Rate changes after acceptance: the inviter offers, the sub answers. */
export function createSubRateOffers({ db, nowIso }: SubInvitationsContext) {
  return {
    /**
     * The inviter proposes a new rate to an accepted sub (rate checks are the caller's): it replaces any earlier
     * pending offer; the agreed rate itself withdraws the pending offer. The rate in force does not change.
     */
    async offerRate(parentUserId: string, subUserId: string, agreedBps: number, rateBps: number): Promise<void> {
      const at = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable("affiliate_sub_rate_offers")
            .set({ status: "withdrawn", decided_at: at })
            .where("sub_user_id", "=", subUserId)
            .where("parent_user_id", "=", parentUserId)
            .where("status", "=", "pending")
            .execute();
          if (rateBps === agreedBps) return;
          await trx
            .insertInto("affiliate_sub_rate_offers")
            .values({
              parent_user_id: parentUserId,
              sub_user_id: subUserId,
              rate_bps: rateBps,
              status: "pending",
              created_at: at,
              decided_at: null,
            })
            .execute();
        });
      } catch (error) {
        // Two changes at once: one offer is pending, as after two changes one after the other.
        if (!isUniqueViolation(error, "affiliate_sub_rate_offers", "sub_user_id")) throw error;
      }
    },

    /** The pending rate offers of the inviter's subs, by sub. */
    async pendingRateOffers(parentUserId: string): Promise<Map<string, SubRateOffer>> {
      const rows = await db
        .selectFrom("affiliate_sub_rate_offers")
        .select(["id", "sub_user_id", "rate_bps", "created_at"])
        .where("parent_user_id", "=", parentUserId)
        .where("status", "=", "pending")
        .execute();
      return new Map(
        rows.map((r) => [r.sub_user_id, { id: Number(r.id), rateBps: Number(r.rate_bps), createdAt: r.created_at }]),
      );
    },
    /**
     * The sub answers a rate offer. Accepting (naming the offered rate) puts it in force, if the relationship still
     * holds and the rate is still below the inviter's own; declining keeps the agreed rate.
     */
    async decideRate(
      subUserId: string,
      id: number,
      decision: "accept" | "decline",
      acceptedBps?: number,
    ): Promise<SubRateOfferDecision> {
      return db.transaction().execute(async (trx) => {
        const offer = await trx
          .selectFrom("affiliate_sub_rate_offers")
          .selectAll()
          .where("id", "=", id)
          .where("sub_user_id", "=", subUserId)
          .executeTakeFirst();
        if (!offer) throw new ApiError("not_found", "rate offer: not found");
        if (offer.status !== "pending") throw closed();
        const sub = await trx
          .selectFrom("affiliates")
          .select(["rate_bps", "parent_user_id"])
          .where("user_id", "=", subUserId)
          .executeTakeFirst();
        if (!sub || sub.parent_user_id !== offer.parent_user_id) throw closed();
        const at = nowIso();
        const close = (status: "accepted" | "declined") =>
          closePending(trx, "affiliate_sub_rate_offers", id, status, at);
        if (decision === "decline") {
          if (Number((await close("declined")).numUpdatedRows) !== 1) throw closed();
          return { id, status: "declined", rateBps: Number(sub.rate_bps) };
        }
        if (acceptedBps !== Number(offer.rate_bps)) throw termsMismatch(Number(offer.rate_bps), acceptedBps ?? -1);
        const parent = await trx
          .selectFrom("affiliates")
          .select("rate_bps")
          .where("user_id", "=", offer.parent_user_id)
          .executeTakeFirst();
        if (!parent || Number(offer.rate_bps) >= Number(parent.rate_bps)) throw closed();
        if (Number((await close("accepted")).numUpdatedRows) !== 1) throw closed();
        await trx
          .updateTable("affiliates")
          .set({ rate_bps: Number(offer.rate_bps) })
          .where("user_id", "=", subUserId)
          .where("parent_user_id", "=", offer.parent_user_id)
          .execute();
        return { id, status: "accepted", rateBps: Number(offer.rate_bps) };
      });
    },
  };
}
