import type { SubInvitationDecision, SubInvitationOffer } from "@affiliates/contracts";
import { ApiError } from "../../platform/http/errors";
import { maskName } from "../../platform/lib/mask";
import { closed, closePending, expired, termsMismatch, type SubInvitationsContext } from "./sub-invitations-shared";

/** The invitee's side: the offers made to their address, and accepting or declining one. */
export function createReceivedInvitations({ db, nowIso, emailOf }: SubInvitationsContext) {
  return {
    /** The open offers made to the caller's address, from inviters who still are affiliates. */
    async offersFor(userId: string): Promise<SubInvitationOffer[]> {
      const rows = await db
        .selectFrom("affiliate_sub_invitations as s")
        .innerJoin("affiliates as a", "a.user_id", "s.parent_user_id")
        .innerJoin("users as u", "u.user_id", "s.parent_user_id")
        .select(["s.id", "s.rate_bps", "s.created_at", "s.expires_at", "u.user_name"])
        .where("s.email", "=", await emailOf(userId))
        .where("s.status", "=", "pending")
        .orderBy("s.id", "desc")
        .execute();
      const at = nowIso();
      return rows.map((r) => ({
        id: Number(r.id),
        inviterName: maskName(r.user_name),
        rateBps: Number(r.rate_bps),
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        expired: r.expires_at <= at,
      }));
    },

    /**
     * Accepting makes the caller a sub-affiliate of the inviter at the offered rate (if the invitation is open and
     * unexpired, `acceptedBps` is its stored rate, they are no affiliate yet and the rate is still below the
     * inviter's); their other open offers are declined. Declining only closes the offer (an expired one too).
     */
    async decide(
      userId: string,
      id: number,
      decision: "accept" | "decline",
      acceptedBps?: number,
    ): Promise<SubInvitationDecision> {
      const email = await emailOf(userId);
      return db.transaction().execute(async (trx) => {
        const invitation = await trx
          .selectFrom("affiliate_sub_invitations")
          .selectAll()
          .where("id", "=", id)
          .where("email", "=", email)
          .executeTakeFirst();
        if (!invitation) throw new ApiError("not_found", "invitation: not found");
        if (invitation.status !== "pending") throw closed();
        const at = nowIso();
        if (decision === "accept") {
          if (invitation.expires_at <= at) throw expired();
          if (acceptedBps !== Number(invitation.rate_bps))
            throw termsMismatch(Number(invitation.rate_bps), acceptedBps ?? -1);
        }
        const close = (status: "accepted" | "declined") =>
          closePending(trx, "affiliate_sub_invitations", id, status, at);
        if (decision === "decline") {
          if (Number((await close("declined")).numUpdatedRows) !== 1) throw closed();
          return { id, status: "declined" };
        }
        if (await trx.selectFrom("affiliates").select("user_id").where("user_id", "=", userId).executeTakeFirst()) {
          throw new ApiError("already_affiliate", "invitation: you already are an affiliate");
        }
        const parent = await trx
          .selectFrom("affiliates")
          .select(["user_id", "rate_bps"])
          .where("user_id", "=", invitation.parent_user_id)
          .executeTakeFirst();
        if (!parent || Number(invitation.rate_bps) >= Number(parent.rate_bps) || parent.user_id === userId)
          throw closed();
        if (Number((await close("accepted")).numUpdatedRows) !== 1) throw closed();
        const first = await trx
          .selectFrom("affiliate_levels")
          .select("level")
          .orderBy("level")
          .limit(1)
          .executeTakeFirst();
        await trx
          .insertInto("affiliates")
          .values({
            user_id: userId,
            level: Number(first?.level ?? 1),
            rate_bps: Number(invitation.rate_bps),
            parent_user_id: parent.user_id,
            note: "",
            joined_at: at,
          })
          .execute();
        await trx.updateTable("users").set({ role: "affiliate" }).where("user_id", "=", userId).execute();
        await trx
          .updateTable("affiliate_sub_invitations")
          .set({ status: "declined", decided_at: at })
          .where("email", "=", email)
          .where("status", "=", "pending")
          .execute();
        return { id, status: "accepted" };
      });
    },
  };
}
