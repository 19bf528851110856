import { AffiliateResponseCode, ResponseCode, SUB_AFFILIATE_RATE_TOO_HIGH_MSG } from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
// The pattern the contracts' `z.email()` checks with: the form refuses exactly what the API refuses.
import { regexes } from "zod/v4/core";

/** Pure rules of the sub-affiliate forms and calls (no React, no toasts), shared by the components and their tests. */

/** An invitation's address: the contracts' `z.email().max(254)`. */
export const INVITE_EMAIL_PATTERN: RegExp = regexes.email;
export const INVITE_EMAIL_MAX = 254;
/** A partner's private note: the contracts' `note: z.string().trim().max(500)`. */
export const NOTE_MAX = 500;

/** Basis points as a percentage of the fee (4500 → 45%), and back from what a user types (12.5 → 1250). */
export const bpsToPercent = (bps: number): number => bps / 100;
export const percentToBps = (percent: number): number => Math.round(percent * 100);

/**
 * What is wrong with a typed rate (percent) against one's own rate: an invitation must be strictly between 0 and one's
 * own rate; a change of an existing partner's rate may be 0 (`allowZero`). Empty is the `required` rule's business.
 */
export type SubRateProblem = "aboveZero" | "belowOwn";
export function subRateProblem(
  percent: number | null | undefined,
  ownBps: number,
  allowZero = false,
): SubRateProblem | null {
  if (percent === null || percent === undefined) return null;
  const bps = percentToBps(percent);
  if (bps < 0 || (!allowZero && bps === 0)) return "aboveZero";
  return bps < ownBps ? null : "belowOwn";
}

/**
 * Known refusals of the inviter's calls (the translated text replaces the raw one). There is deliberately no "no such
 * user": an invitation's answer is the same whether or not the address has an account.
 */
/**
 * Refusals the inviter's forms show next to their field (a rate at or above one's own and an invitation to oneself
 * are 400s; a closed invitation is 10013): the request client leaves them to the form, so they are read once.
 */
export const SUB_AFFILIATE_HANDLED_CODES: readonly string[] = [
  ResponseCode.badRequest,
  AffiliateResponseCode.invitationClosed,
];

export type SubAffiliateRefusal = "rateTooHigh" | "cannotInviteSelf" | "invitationClosed";
export function subAffiliateRefusal(error: unknown): SubAffiliateRefusal | null {
  if (!isHttpError(error)) return null;
  if (error.msg === SUB_AFFILIATE_RATE_TOO_HIGH_MSG) return "rateTooHigh";
  if (error.code === AffiliateResponseCode.invitationClosed) return "invitationClosed";
  if (error.code === "400" && error.msg === "email: you cannot invite yourself") return "cannotInviteSelf";
  return null;
}

/** The invitee's refusals are shown on the offer's card, not toasted. */
export const SUB_OFFER_HANDLED_CODES: readonly string[] = [
  AffiliateResponseCode.invitationClosed,
  AffiliateResponseCode.alreadyAffiliate,
  AffiliateResponseCode.invitationExpired,
  AffiliateResponseCode.termsMismatch,
];

/**
 * Refusals of an answer to an offer (an invitation, or a new rate from one's inviter): no longer open, the user already
 * is an affiliate, expired, or the terms changed under the user (the API accepts only the terms the user saw).
 */
export type SubOfferRefusal = "closed" | "alreadyAffiliate" | "expired" | "termsChanged";
export function subOfferRefusal(error: unknown): SubOfferRefusal | null {
  if (!isHttpError(error)) return null;
  if (error.code === AffiliateResponseCode.invitationClosed) return "closed";
  if (error.code === AffiliateResponseCode.alreadyAffiliate) return "alreadyAffiliate";
  if (error.code === AffiliateResponseCode.invitationExpired) return "expired";
  if (error.code === AffiliateResponseCode.termsMismatch) return "termsChanged";
  return null;
}
