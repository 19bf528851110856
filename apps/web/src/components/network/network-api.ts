import {
  AffiliateResponseCode,
  AFFILIATE_CARD_CLAIM_MSGS,
  ResponseCode,
  type AffiliateCardClaimRefusal,
  type ExperienceCard,
} from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";

/** The affiliate network's rules shared by its components: card codes, handled refusals (the calls are `api.*`). */
export const CARD_CODE_PATTERN = /^[A-Z0-9]{12}$/;

/** A card as listed: shown by its invitee's UID (as the invitees table shows it), never the numeric id. */
export type ListedCard = ExperienceCard;

/**
 * The claim's refusals (AFFILIATE_CARD_CLAIM_MSGS: 409 10007, 403, 404) are explained next to the card, so the
 * request client does not toast them too.
 */
export const CLAIM_HANDLED_CODES: readonly string[] = [
  AffiliateResponseCode.cardNotClaimable,
  ResponseCode.forbidden,
  ResponseCode.notFound,
];

export function claimRefusal(error: unknown): AffiliateCardClaimRefusal | null {
  if (!isHttpError(error)) return null;
  const entry = Object.entries(AFFILIATE_CARD_CLAIM_MSGS).find(([, msg]) => msg === error.msg);
  return entry ? (entry[0] as AffiliateCardClaimRefusal) : null;
}

/** The quota refusal is shown above the issue form (once, in place of a toast). */
export const CARD_ISSUE_HANDLED_CODES: readonly string[] = [AffiliateResponseCode.cardQuotaExceeded];
export const isQuotaExceeded = (error: unknown): boolean =>
  isHttpError(error) && error.code === AffiliateResponseCode.cardQuotaExceeded;
