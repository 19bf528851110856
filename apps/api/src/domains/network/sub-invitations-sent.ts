import {
  SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
  type SentSubInvitation,
  type SubInvitationDecision,
} from "@affiliates/contracts";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { ApiError } from "../../platform/http/errors";
import { closed, type SubInvitationsContext } from "./sub-invitations-shared";

/** The inviter's side: inviting an address, the open invitations sent, withdrawing one. */
export function createSentInvitations({ db, nowIso, expiresFrom, emailOf }: SubInvitationsContext) {
  return {
    async invite(parent: { user_id: string; rate_bps: number }, email: string, rateBps: number): Promise<void> {
      if (rateBps <= 0 || rateBps >= parent.rate_bps)
        throw new ApiError("bad_request", SUB_AFFILIATE_RATE_TOO_HIGH_MSG);
      const address = email.trim().toLowerCase();
      if (address === (await emailOf(parent.user_id)))
        throw new ApiError("bad_request", "email: you cannot invite yourself");
      const at = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          const open = await trx
            .selectFrom("affiliate_sub_invitations")
            .select(["id", "rate_bps", "expires_at"])
            .where("parent_user_id", "=", parent.user_id)
            .where("email", "=", address)
            .where("status", "=", "pending")
            .executeTakeFirst();
          // The same terms again while they are open: the invitation already says this; nothing changes.
          if (open && Number(open.rate_bps) === rateBps && open.expires_at > at) return;
          // Other terms (or an expired invitation): the old one closes and can no longer be accepted.
          if (open) {
            await trx
              .updateTable("affiliate_sub_invitations")
              .set({ status: open.expires_at > at ? "withdrawn" : "expired", decided_at: at })
              .where("id", "=", open.id)
              .where("status", "=", "pending")
              .execute();
          }
          await trx
            .insertInto("affiliate_sub_invitations")
            .values({
              parent_user_id: parent.user_id,
              email: address,
              rate_bps: rateBps,
              status: "pending",
              created_at: at,
              decided_at: null,
              expires_at: expiresFrom(at),
            })
            .execute();
        });
      } catch (error) {
        // A concurrent invitation to the same address won the one open slot: that one stands (re-send to change it).
        const table = "affiliate_sub_invitations";
        // SQLite names each column of the index, PostgreSQL the key as a whole.
        if (
          !isUniqueViolation(error, table, "parent_user_id") &&
          !isUniqueViolation(error, table, "parent_user_id, email")
        )
          throw error;
      }
    },

    async sent(parentUserId: string): Promise<SentSubInvitation[]> {
      const rows = await db
        .selectFrom("affiliate_sub_invitations")
        .selectAll()
        .where("parent_user_id", "=", parentUserId)
        .where("status", "=", "pending")
        .orderBy("id", "desc")
        .execute();
      const at = nowIso();
      return rows.map((r) => ({
        id: Number(r.id),
        email: r.email,
        rateBps: Number(r.rate_bps),
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        expired: r.expires_at <= at,
      }));
    },

    async withdraw(parentUserId: string, id: number): Promise<SubInvitationDecision> {
      const result = await db
        .updateTable("affiliate_sub_invitations")
        .set({ status: "withdrawn", decided_at: nowIso() })
        .where("id", "=", id)
        .where("parent_user_id", "=", parentUserId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        const exists = await db
          .selectFrom("affiliate_sub_invitations")
          .select("id")
          .where("id", "=", id)
          .where("parent_user_id", "=", parentUserId)
          .executeTakeFirst();
        throw exists ? closed() : new ApiError("not_found", "invitation: not found");
      }
      return { id, status: "withdrawn" };
    },
  };
}
