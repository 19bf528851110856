import fp from "fastify-plugin";
import {
  SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
  SUB_INVITATION_VALID_DAYS,
  SUB_TERMS_MISMATCH_MSG,
  type SentSubInvitation,
  type SubAffiliateLeft,
  type SubInvitationDecision,
  type SubInvitationOffer,
  type SubInviter,
  type SubRateOffer,
  type SubRateOfferDecision,
} from "@affiliates/contracts";
import type { Kysely } from "kysely";
import type { Database, Db } from "../../platform/db/schema";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { DAY_MS } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { maskName } from "../../platform/lib/mask";

export interface SubInvitationsOptions {
  now: () => number;
}

const closed = () => new ApiError("invitation_closed", "invitation: no longer open");
const expired = () => new ApiError("invitation_expired");
/** The terms the user named are not the stored ones: nothing is accepted (the user saw something else). */
const termsMismatch = (storedBps: number, namedBps: number) =>
  new ApiError("terms_mismatch", `${SUB_TERMS_MISMATCH_MSG} (offered ${storedBps} bps, accepted ${namedBps} bps)`);

type Trx = Kysely<Database>;

/** Decides a pending invitation or rate offer, once: the answer's row count says whether it was still pending. */
const closePending = (
  trx: Trx,
  table: "affiliate_sub_invitations" | "affiliate_sub_rate_offers",
  id: number,
  status: "accepted" | "declined",
  at: string,
) =>
  trx
    .updateTable(table)
    .set({ status, decided_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();

/** Ends a sub-affiliate relationship: from now on the former sub earns at their level's rate and the inviter no override. */
async function endRelationship(trx: Trx, parentUserId: string, subUserId: string, at: string): Promise<number | null> {
  const sub = await trx
    .selectFrom("affiliates")
    .select(["level", "rate_bps"])
    .where("user_id", "=", subUserId)
    .where("parent_user_id", "=", parentUserId)
    .executeTakeFirst();
  if (!sub) return null;
  const level = await trx
    .selectFrom("affiliate_levels")
    .select("spot_rate_bps")
    .where("level", "=", Number(sub.level))
    .executeTakeFirst();
  const rateBps = level ? Number(level.spot_rate_bps) : Number(sub.rate_bps);
  await trx
    .updateTable("affiliates")
    .set({ parent_user_id: null, rate_bps: rateBps })
    .where("user_id", "=", subUserId)
    .where("parent_user_id", "=", parentUserId)
    .execute();
  // An offer from the former inviter can no longer be accepted.
  await trx
    .updateTable("affiliate_sub_rate_offers")
    .set({ status: "withdrawn", decided_at: at })
    .where("sub_user_id", "=", subUserId)
    .where("status", "=", "pending")
    .execute();
  return rateBps;
}

/**
 * Sub-affiliates with consent: an affiliate invites an email address at a rate strictly between 0 and their own; only
 * the invitee's acceptance makes them a sub-affiliate. Invitations are kept by address, so the inviter's answer and
 * list are the same whether or not the address has an account.
 *
 * Consent stays meaningful: an invitation's terms never change once sent (a new rate is a new invitation, the old one
 * withdrawn), it expires SUB_INVITATION_VALID_DAYS later, and an acceptance names the rate it accepts. After
 * acceptance a rate change is an offer the sub answers (`affiliate_sub_rate_offers`); `affiliates.rate_bps`, which the
 * commission engine reads, keeps the agreed rate until then. A sub can end the relationship as the inviter can.
 */
export function createSubInvitationsRepository(db: Db, options: SubInvitationsOptions) {
  const nowIso = () => new Date(options.now()).toISOString();
  const expiresFrom = (sentAt: string) =>
    new Date(Date.parse(sentAt) + SUB_INVITATION_VALID_DAYS * DAY_MS).toISOString();

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
