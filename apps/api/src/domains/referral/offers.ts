import type { Referrer } from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { ApiError } from "../../platform/http/errors";
import { maskName } from "../../platform/lib/mask";

/** A referral code as a visitor meets it: whose it is, what it gives back, and whether it still takes sign-ups. */
export interface ReferralOffer extends Referrer {
  linkId: number;
  inviterUserId: string;
  archived: boolean;
}

/** Referral codes as visitors meet them: the offer of a code, and whether it can still attribute someone. */
export function createReferralOffers(db: Db) {
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

  return { offer, usableOffer };
}
