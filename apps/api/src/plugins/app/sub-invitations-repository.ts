import fp from "fastify-plugin";
import { sql } from "kysely";
import {
  SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
  type SentSubInvitation,
  type SubInvitationDecision,
  type SubInvitationOffer,
} from "@affiliates/contracts";
import type { Db } from "../../db/schema";
import { ApiError } from "../../lib/errors";
import { maskName } from "../../lib/mask";

export interface SubInvitationsOptions {
  now: () => number;
}

const closed = () => new ApiError("invitation_closed", "invitation: no longer open");

/**
 * Sub-affiliates with consent: an affiliate invites an email address at a rate strictly between 0 and their own; only
 * the invitee's acceptance makes them a sub-affiliate. Invitations are kept by address, so the inviter's answer and
 * list are the same whether or not the address has an account.
 */
export function createSubInvitationsRepository(db: Db, options: SubInvitationsOptions) {
  const nowIso = () => new Date(options.now()).toISOString();

  async function emailOf(userId: string): Promise<string> {
    const user = await db.selectFrom("users").select("email").where("user_id", "=", userId).executeTakeFirst();
    if (!user) throw new ApiError("no_session");
    return user.email.toLowerCase();
  }

  return {
    async invite(parent: { user_id: string; rate_bps: number }, email: string, rateBps: number): Promise<void> {
      if (rateBps <= 0 || rateBps >= parent.rate_bps)
        throw new ApiError("bad_request", SUB_AFFILIATE_RATE_TOO_HIGH_MSG);
      const address = email.trim().toLowerCase();
      if (address === (await emailOf(parent.user_id)))
        throw new ApiError("bad_request", "email: you cannot invite yourself");
      await db
        .insertInto("affiliate_sub_invitations")
        .values({
          parent_user_id: parent.user_id,
          email: address,
          rate_bps: rateBps,
          status: "pending",
          created_at: nowIso(),
          decided_at: null,
        })
        .onConflict((oc) =>
          oc
            .columns(["parent_user_id", "email"])
            .where(sql.ref("status"), "=", sql.lit("pending"))
            .doUpdateSet({ rate_bps: rateBps, created_at: nowIso() }),
        )
        .execute();
    },

    async sent(parentUserId: string): Promise<SentSubInvitation[]> {
      const rows = await db
        .selectFrom("affiliate_sub_invitations")
        .selectAll()
        .where("parent_user_id", "=", parentUserId)
        .where("status", "=", "pending")
        .orderBy("id", "desc")
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        email: r.email,
        rateBps: Number(r.rate_bps),
        createdAt: r.created_at,
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

    /** The open offers made to the caller's address, from inviters who still are affiliates. */
    async offersFor(userId: string): Promise<SubInvitationOffer[]> {
      const rows = await db
        .selectFrom("affiliate_sub_invitations as s")
        .innerJoin("affiliates as a", "a.user_id", "s.parent_user_id")
        .innerJoin("users as u", "u.user_id", "s.parent_user_id")
        .select(["s.id", "s.rate_bps", "s.created_at", "u.user_name"])
        .where("s.email", "=", await emailOf(userId))
        .where("s.status", "=", "pending")
        .orderBy("s.id", "desc")
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        inviterName: maskName(r.user_name),
        rateBps: Number(r.rate_bps),
        createdAt: r.created_at,
      }));
    },

    /**
     * Accepting makes the caller a sub-affiliate of the inviter at the offered rate (if they are no affiliate yet and
     * the rate is still below the inviter's); their other open offers are declined. Declining only closes the offer.
     */
    async decide(userId: string, id: number, decision: "accept" | "decline"): Promise<SubInvitationDecision> {
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
        const close = (status: "accepted" | "declined") =>
          trx
            .updateTable("affiliate_sub_invitations")
            .set({ status, decided_at: at })
            .where("id", "=", id)
            .where("status", "=", "pending")
            .executeTakeFirst();
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

    /** Ends a sub-affiliate relationship: from now on the former sub earns at their level's rate and the inviter no override. */
    async end(parentUserId: string, subUserId: string): Promise<{ userId: string; ended: true }> {
      return db.transaction().execute(async (trx) => {
        const sub = await trx
          .selectFrom("affiliates")
          .select(["level"])
          .where("user_id", "=", subUserId)
          .where("parent_user_id", "=", parentUserId)
          .executeTakeFirst();
        if (!sub) throw new ApiError("not_found", "sub-affiliate: not found");
        const level = await trx
          .selectFrom("affiliate_levels")
          .select("spot_rate_bps")
          .where("level", "=", Number(sub.level))
          .executeTakeFirst();
        await trx
          .updateTable("affiliates")
          .set({ parent_user_id: null, ...(level ? { rate_bps: Number(level.spot_rate_bps) } : {}) })
          .where("user_id", "=", subUserId)
          .where("parent_user_id", "=", parentUserId)
          .execute();
        return { userId: subUserId, ended: true as const };
      });
    },
  };
}

export type SubInvitationsRepository = ReturnType<typeof createSubInvitationsRepository>;

declare module "fastify" {
  interface FastifyInstance {
    subInvitations: SubInvitationsRepository;
  }
}

export default fp<SubInvitationsOptions>(
  (app, options, done) => {
    app.decorate("subInvitations", createSubInvitationsRepository(app.db, options));
    done();
  },
  { name: "sub-invitations-repository", dependencies: ["db"] },
);
