import { AffiliateResponseCode, SUB_AFFILIATE_RATE_TOO_HIGH_MSG } from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";

/** Pure rules of the sub-affiliate forms and calls (no React, no toasts), shared by the components and their tests. */

/** Basis points as a percentage of the fee (4500 → 45%), and back from what a user types (12.5 → 1250). */
export const bpsToPercent = (bps: number): number => bps / 100;
export const percentToBps = (percent: number): number => Math.round(percent * 100);

/**
 * What is wrong with a typed rate (percent) against one's own rate: an invitation must be strictly between 0 and one's
 * own rate; a change of an existing partner's rate may be 0 (`allowZero`). Empty is the `required` rule's business.
 */
export type SubRateProblem = "aboveZero" | "belowOwn";
export function subRateProblem(percent: number | null | undefined, ownBps: number, allowZero = false): SubRateProblem | null {
  if (percent === null || percent === undefined) return null;
  const bps = percentToBps(percent);
  if (bps < 0 || (!allowZero && bps === 0)) return "aboveZero";
  return bps < ownBps ? null : "belowOwn";
}

/**
 * Known refusals of the inviter's calls (the translated text replaces the raw one). There is deliberately no "no such
 * user": an invitation's answer is the same whether or not the address has an account.
 */
export type SubAffiliateRefusal = "rateTooHigh" | "cannotInviteSelf" | "invitationClosed";
export function subAffiliateRefusal(error: unknown): SubAffiliateRefusal | null {
  if (!isHttpError(error)) return null;
  if (error.msg === SUB_AFFILIATE_RATE_TOO_HIGH_MSG) return "rateTooHigh";
  if (error.code === AffiliateResponseCode.invitationClosed) return "invitationClosed";
  if (error.code === "400" && error.msg === "email: you cannot invite yourself") return "cannotInviteSelf";
  return null;
}

/** Refusals of the invitee's accept or decline: the invitation is no longer open, or the user already is an affiliate. */
export type SubOfferRefusal = "closed" | "alreadyAffiliate";
export function subOfferRefusal(error: unknown): SubOfferRefusal | null {
  if (!isHttpError(error)) return null;
  if (error.code === AffiliateResponseCode.invitationClosed) return "closed";
  if (error.code === AffiliateResponseCode.alreadyAffiliate) return "alreadyAffiliate";
  return null;
}
