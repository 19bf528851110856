import { SUB_TERMS_MISMATCH_MSG } from "@affiliates/contracts";
import type { Kysely } from "kysely";
import type { Database, Db } from "../../platform/db/schema";
import { ApiError } from "../../platform/http/errors";

/** What the sub-invitation repository's parts share: the database, the clock, and the caller's address. */
export interface SubInvitationsContext {
  db: Db;
  nowIso: () => string;
  /** When an invitation sent at `sentAt` expires. */
  expiresFrom: (sentAt: string) => string;
  /** The user's email address, lower-cased (no user: no session). */
  emailOf: (userId: string) => Promise<string>;
}

export const closed = () => new ApiError("invitation_closed", "invitation: no longer open");
export const expired = () => new ApiError("invitation_expired");
/** The terms the user named are not the stored ones: nothing is accepted (the user saw something else). */
export const termsMismatch = (storedBps: number, namedBps: number) =>
  new ApiError("terms_mismatch", `${SUB_TERMS_MISMATCH_MSG} (offered ${storedBps} bps, accepted ${namedBps} bps)`);

export type Trx = Kysely<Database>;

/** Decides a pending invitation or rate offer, once: the answer's row count says whether it was still pending. */
export const closePending = (
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
export async function endRelationship(
  trx: Trx,
  parentUserId: string,
  subUserId: string,
  at: string,
): Promise<number | null> {
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
