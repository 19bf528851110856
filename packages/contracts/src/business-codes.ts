/**
 * Business codes of the reference API beyond the shared ResponseCode table, in a module without schemas: the web
 * shell maps every code to a sentence on every page, and importing them must not pull the request schemas (and zod)
 * into the first load.
 */

/** Business codes of the affiliate calls (409 unless said otherwise); the rest are the shared ResponseCode table's. */
export const AffiliateResponseCode = {
  /** 409: the user already has a pending or approved application, or already is an affiliate. */
  applicationExists: "10003",
  /** 409: the vanity code of a referral link is taken (case-insensitively). */
  linkCodeTaken: "10004",
  /** 409: this month's experience-card quota is used up. */
  cardQuotaExceeded: "10005",
  /** 409: the user invited as a sub-affiliate already is an affiliate. */
  alreadyAffiliate: "10006",
  /** 409: the card cannot be claimed (already claimed, used or expired). */
  cardNotClaimable: "10007",
  /** 409: the application was already decided. */
  applicationDecided: "10008",
  /** 409: the balance is below the minimum payout. */
  payoutBelowMinimum: "10009",
  /** 409: an affiliate's own referral code cannot be one's inviter. */
  selfReferral: "10010",
  /** 409: the referral link is archived and no longer takes sign-ups. */
  linkArchived: "10011",
  /** 409: the user already has an inviter (a user never changes inviter), or the attribution window has passed. */
  inviterFixed: "10012",
  /** 409: the sub-affiliate invitation is no longer open (accepted, declined or withdrawn). */
  invitationClosed: "10013",
  /** 409: an acceptance named other terms (rate) than the stored offer's; nothing was accepted. */
  termsMismatch: "10031",
  /** 409: the sub-affiliate invitation has expired (SUB_INVITATION_VALID_DAYS after it was sent). */
  invitationExpired: "10032",
  /**
   * 409: the invitee (or card claimant, or sub-affiliate) is the inviter's own account by a strong signal: the
   * inviter's session in the same browser, or the same device (README "Risk checks").
   */
  sameAccountHolder: "10030",
  /** 409: the risk flag was already released or voided (operators). */
  riskFlagResolved: "10033",
} as const;

/** Business codes of the VIP calls; the rest are the shared ResponseCode table's. */
export const VipResponseCode = {
  /** 403: the user's VIP level is below the campaign's required level. */
  levelTooLow: "21001",
  /** 409: the campaign is not live (upcoming or ended). */
  airdropNotLive: "21002",
} as const;
