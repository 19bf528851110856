"use client";
import {
  AffiliateResponseCode,
  AFFILIATE_CARD_CLAIM_MSGS,
  SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
  type AffiliateCardClaimRefusal,
} from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
import { showMessage } from "@/lib/toast";

/** The affiliate network's calls (issue 9): sub-affiliates and experience cards. */
export const SUB_AFFILIATES_PATH = "v1/affiliate/sub-affiliates";
export const CARDS_PATH = "v1/affiliate/cards";
export const CARD_LINKS_PATH = "v1/affiliate/links";
export const CARD_INVITEES_PATH = "v1/affiliate/invitees";
export const claimPath = (code: string) => `v1/affiliate/cards/claim/${encodeURIComponent(code)}`;
export const CARD_CODE_PATTERN = /^[A-Z0-9]{12}$/;

/** Basis points as a percentage of the fee (4500 → 45%), and back from what a user types (12.5 → 1250). */
export const bpsToPercent = (bps: number): number => bps / 100;
export const percentToBps = (percent: number): number => Math.round(percent * 100);

/** Which known refusal of the sub-affiliate calls an error is (the translated text replaces the raw one). */
export type SubAffiliateRefusal = "rateTooHigh" | "noSuchUser" | "alreadyAffiliate" | "cannotInviteSelf";
export function subAffiliateRefusal(error: unknown): SubAffiliateRefusal | null {
  if (!isHttpError(error)) return null;
  if (error.msg === SUB_AFFILIATE_RATE_TOO_HIGH_MSG) return "rateTooHigh";
  if (error.code === AffiliateResponseCode.alreadyAffiliate) return "alreadyAffiliate";
  if (error.code === "404" && error.msg.startsWith("email:")) return "noSuchUser";
  if (error.code === "400" && error.msg === "email: you cannot invite yourself") return "cannotInviteSelf";
  return null;
}

export function claimRefusal(error: unknown): AffiliateCardClaimRefusal | null {
  if (!isHttpError(error)) return null;
  const entry = Object.entries(AFFILIATE_CARD_CLAIM_MSGS).find(([, msg]) => msg === error.msg);
  return entry ? (entry[0] as AffiliateCardClaimRefusal) : null;
}

export const isQuotaExceeded = (error: unknown): boolean => isHttpError(error) && error.code === AffiliateResponseCode.cardQuotaExceeded;

/**
 * The request client has already toasted `[code] raw message`; a known refusal replaces that toast (same key) with
 * the translated text, so the user reads their language.
 */
export function replaceErrorToast(error: unknown, text: string): void {
  if (isHttpError(error)) void showMessage("error", text, `http-${error.code}`);
}
