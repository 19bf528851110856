// Zod-free: the affiliate programme's constants and small rules, read by the browser (dashboard, forms) without the
// schema library in its first load; the schemas in affiliate.ts are built on them.

/** 403 message of the affiliate-only calls for a logged-in user who is not an approved affiliate. */
export const AFFILIATE_NOT_APPROVED_MSG = "affiliate: not an approved affiliate";

export const AFFILIATE_MAX_RANGE_DAYS = 366;
export const AFFILIATE_DEFAULT_RANGE_DAYS = 7;
export const AFFILIATE_LINK_SHARE_BPS = [0, 500, 1000, 2000] as const;
export const AFFILIATE_CARD_AMOUNTS_USDT = [10, 20, 50, 100] as const;
/** Days an experience card stays claimable, chosen when it is issued (default the last: 30). */
export const AFFILIATE_CARD_VALIDITY_DAYS = [7, 14, 30] as const;
export const AFFILIATE_CHANNEL_TYPES = ["youtube", "x", "telegram", "tiktok", "website", "discord", "other"] as const;
export const AFFILIATE_APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
/** void: the invitee's hold was voided by an operator; the line is never paid. */
export const AFFILIATE_COMMISSION_STATUSES = ["pending", "settled", "void"] as const;
/**
 * Why an invitee's commission is held (README "Risk checks"): the invitee's device has the inviter's device
 * fingerprint (identical devices share one, so it holds rather than refuses), shares an IP or its network with the
 * inviter, has the inviter's email once normalised, or a disposable email domain.
 */
export const RISK_HOLD_REASONS = ["same_device", "same_ip", "same_network", "same_email", "disposable_email"] as const;
export type RiskHoldReason = (typeof RISK_HOLD_REASONS)[number];
/** The plain-language category the affiliate sees for a held invitee (the reasons stay the operators'). */
export const RISK_HOLD_CATEGORIES = ["shared_device", "shared_network", "linked_email", "disposable_email"] as const;
export type RiskHoldCategory = (typeof RISK_HOLD_CATEGORIES)[number];
export const RISK_HOLD_CATEGORY_OF: Record<RiskHoldReason, RiskHoldCategory> = {
  same_device: "shared_device",
  same_ip: "shared_network",
  same_network: "shared_network",
  same_email: "linked_email",
  disposable_email: "disposable_email",
};
/** under_review: an operator has not decided yet; voided: the invitee's commission is never paid. */
export const RISK_HOLD_STATUSES = ["under_review", "voided"] as const;
export const RISK_FLAG_STATUSES = ["open", "released", "voided"] as const;
export const AFFILIATE_BUSINESS_LINES = ["spot", "futures"] as const;
export const AFFILIATE_CARD_STATUSES = ["issued", "claimed", "used", "expired"] as const;
export const AFFILIATE_INVITEE_SORTS = ["registeredAt", "volume", "commission"] as const;
/** Columns of `GET /v1/affiliate/commissions/export.csv`, in order: keys of an affiliateCommissionRecordSchema row (no internal ids). */
export const AFFILIATE_COMMISSION_CSV_COLUMNS = [
  "tradeDay",
  "inviteeUid",
  "businessLine",
  "linkCode",
  "volumeUsdt",
  "feeUsdt",
  "rateBps",
  "shareBps",
  "commissionUsdt",
  "status",
  "settledAt",
  "reasonNone",
] as const;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day `YYYY-MM-DD` (2026-02-30 is refused). */
export const isAffiliateDay = (value: string): boolean =>
  DAY_PATTERN.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Whole days from `from` to `to`, both included (2026-01-01..2026-01-01 = 1). */
export const affiliateRangeDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Why a report range is refused; the web translates the code, the API answers 400 with its message. */
export type AffiliateRangeProblem = "invalid" | "order" | "future" | "tooLong";

/**
 * The one report-range rule, shared by the API (summary, trends, CSV export) and the dashboard's range picker: both
 * ends real days `YYYY-MM-DD`, start ≤ end, end not after `today` (UTC), at most `maxDays` days. Null when it is fine.
 */
export function affiliateRangeCheck(
  range: { from: string; to: string },
  today: string,
  maxDays = AFFILIATE_MAX_RANGE_DAYS,
): AffiliateRangeProblem | null {
  if (!isAffiliateDay(range.from) || !isAffiliateDay(range.to)) return "invalid";
  if (range.from > range.to) return "order";
  if (range.to > today) return "future";
  if (affiliateRangeDays(range.from, range.to) > maxDays) return "tooLong";
  return null;
}

/** The API's 400 message for a refused range, naming the field. */
export function affiliateRangeMessage(problem: AffiliateRangeProblem, maxDays = AFFILIATE_MAX_RANGE_DAYS): string {
  switch (problem) {
    case "invalid":
      return "from, to: must be days YYYY-MM-DD";
    case "order":
      return "from: must be on or before to";
    case "future":
      return "to: must not be in the future";
    case "tooLong":
      return `from: the range must not exceed ${maxDays} days`;
  }
}

/** `affiliateRangeCheck` as the API's 400 message, or null when the range is fine. */
export function affiliateRangeProblem(
  from: string,
  to: string,
  today: string,
  maxDays = AFFILIATE_MAX_RANGE_DAYS,
): string | null {
  const problem = affiliateRangeCheck({ from, to }, today, maxDays);
  return problem === null ? null : affiliateRangeMessage(problem, maxDays);
}

/**
 * An invitee search: the UID every affiliate view shows (issue 34), whole or any part of it (`7012345612`, `2345`).
 * Digits only: a UID is all digits, so there is no LIKE wildcard to escape.
 */
export const INVITEE_SEARCH_PATTERN = /^\d{1,20}$/;
/** Filters of the invitees table and its export: traded at least once or never; KYC-verified or not. */
export const INVITEE_YES_NO = ["yes", "no"] as const;

/** 400 of a sub-affiliate rate at or above the parent's own rate (invite and update). */
export const SUB_AFFILIATE_RATE_TOO_HIGH_MSG = "rateBps: must be below your own rate";

/** How long a sub-affiliate invitation can be accepted, from when it is sent (its terms never change meanwhile). */
export const SUB_INVITATION_VALID_DAYS = 14;
/** 409 of an acceptance whose named rate is not the stored offer's (the offer changed, or the client showed another). */
export const SUB_TERMS_MISMATCH_MSG = "rateBps: does not match the offer's terms";
/** 409 of an acceptance after the invitation's validity. */
export const SUB_INVITATION_EXPIRED_MSG = "invitation: expired";

/** Refusals of `POST /v1/affiliate/cards/claim/:code` (409 10007, 403, 404), so clients can translate them. */
export const AFFILIATE_CARD_CLAIM_MSGS = {
  alreadyClaimed: "card: already claimed",
  alreadyUsed: "card: already used",
  expired: "card: expired",
  ownCard: "card: you cannot claim a card you issued",
  notYours: "card: issued to another user",
  notFound: "card: not found",
} as const;
export type AffiliateCardClaimRefusal = keyof typeof AFFILIATE_CARD_CLAIM_MSGS;
