import { AffiliateResponseCode, AFFILIATE_CARD_CLAIM_MSGS, ResponseCode, type AffiliateCardClaimRefusal, type ExperienceCard } from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
import { SUB_INVITATIONS_PATH } from "./network-paths";

export { SUB_INVITATIONS_PATH };

/** The affiliate network's calls: sub-affiliates, their invitations, and experience cards. */
export const SUB_AFFILIATES_PATH = "v1/affiliate/sub-affiliates";
export const subAffiliatePath = (userId: string) => `${SUB_AFFILIATES_PATH}/${encodeURIComponent(userId)}`;
export const subInvitationPath = (id: number) => `${SUB_INVITATIONS_PATH}/${id}`;
export const subInvitationDecisionPath = (id: number, decision: "accept" | "decline") => `${subInvitationPath(id)}/${decision}`;
export const CARDS_PATH = "v1/affiliate/cards";
export const CARD_LINKS_PATH = "v1/affiliate/links";
export const CARD_INVITEES_PATH = "v1/affiliate/invitees";
export const claimPath = (code: string) => `v1/affiliate/cards/claim/${encodeURIComponent(code)}`;
export const CARD_CODE_PATTERN = /^[A-Z0-9]{12}$/;

/** A card as listed: shown by its invitee's masked user ID (as the invitees table shows it), never the numeric id. */
export type ListedCard = ExperienceCard;

/**
 * The claim's refusals (AFFILIATE_CARD_CLAIM_MSGS: 409 10007, 403, 404) are explained next to the card, so the
 * request client does not toast them too.
 */
export const CLAIM_HANDLED_CODES: readonly string[] = [AffiliateResponseCode.cardNotClaimable, ResponseCode.forbidden, ResponseCode.notFound];

export function claimRefusal(error: unknown): AffiliateCardClaimRefusal | null {
  if (!isHttpError(error)) return null;
  const entry = Object.entries(AFFILIATE_CARD_CLAIM_MSGS).find(([, msg]) => msg === error.msg);
  return entry ? (entry[0] as AffiliateCardClaimRefusal) : null;
}

/** The quota refusal is shown above the issue form (once, in place of a toast). */
export const CARD_ISSUE_HANDLED_CODES: readonly string[] = [AffiliateResponseCode.cardQuotaExceeded];
export const isQuotaExceeded = (error: unknown): boolean => isHttpError(error) && error.code === AffiliateResponseCode.cardQuotaExceeded;
