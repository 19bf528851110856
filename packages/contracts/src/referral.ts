import { z } from "zod";
import { affiliateDaySchema, affiliateIdParamSchema, subAffiliateListSchema, subAffiliateSchema } from "./affiliate";
import { AFFILIATE_BUSINESS_LINES } from "./affiliate-rules";

/**
 * The referral loop: a shared link's click and sign-up, the exchange's fills, the commission they earn, the daily
 * settlement and the payout to the affiliate's spot wallet.
 *
 * - A referral link is `{PUBLIC_ORIGIN}[/{prefix}]/register?ref={code}`; `/r/{code}` redirects there.
 * - Opening it counts one click per visitor (as the server sees it: IP and user agent, and the device token's device;
 *   never the client-chosen `ref_visitor` cookie alone), link and UTC day, and remembers the code in the `ref_code`
 *   cookie for the attribution window (30 days).
 * - A fill earns `fee × rate(market) − fee × share(market)`: the affiliate's level rate (a sub-affiliate's: the rate
 *   agreed with the inviter) less the link's invitee share, which goes back to the invitee as a rebate. The inviter of a
 *   sub-affiliate earns the override `fee × (inviter's rate − sub-affiliate's rate)`.
 * - Lines stay `pending` until the daily settlement at 00:00 UTC of the next day (T+1), then `settled`: their
 *   commission is credited to the affiliate's balance, which can be withdrawn to the spot wallet from the minimum up.
 */

/** Days a remembered referral code attributes a sign-up (the `ref_code` cookie's lifetime). */
export const REFERRAL_ATTRIBUTION_DAYS = 30;
export const REFERRAL_CODE_COOKIE = "ref_code";
export const REFERRAL_VISITOR_COOKIE = "ref_visitor";
/** Vanity and generated codes: 4 to 16 letters or digits. */
export const referralCodeSchema = z.string().regex(/^[A-Za-z0-9]{4,16}$/, "must be 4 to 16 letters or digits");

/** The smallest balance that can be withdrawn (USDT). */
export const AFFILIATE_MINIMUM_PAYOUT_USDT = 10;
/** Fee currencies the reference exchange converts at par; a fill in another currency is refused. */
export const TRADE_FEE_CURRENCIES = ["USDT", "USDC"] as const;
/** void: a voided risk hold takes back settled commission (a negative entry; README "Risk checks"). */
/**
 * Ledger entries: settlement credits (+), withdrawals (−), voids of settled commission (−), and the operators'
 * adjustments (+ or −, with their reason and ticket reference: a correction, a goodwill credit, a clawback).
 */
export const AFFILIATE_LEDGER_KINDS = ["settlement", "payout", "void", "adjustment"] as const;

// ---------------------------------------------------------------- the exchange's fills (operators)

const money = (max: number) => z.number().finite().min(0).max(max);

export const tradeFillSchema = z
  .object({
    tradeId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1 to 64 letters, digits or _.:-"),
    userId: z.string().regex(/^\d{6,20}$/, "expected a user id"),
    market: z.enum(AFFILIATE_BUSINESS_LINES),
    /** Trade value in USDT. */
    notional: money(1e12).positive("must be above 0"),
    /** The fee the user paid, in feeCurrency. */
    fee: money(1e9),
    feeCurrency: z.enum(TRADE_FEE_CURRENCIES),
    time: z.iso.datetime({ offset: true }),
  })
  .strict();
export type TradeFill = z.infer<typeof tradeFillSchema>;

/** `POST /v1/admin/trades` (x-admin-token): idempotent by tradeId, however often and however concurrently fed. */
export const tradeFeedRequestSchema = z.object({ trades: z.array(tradeFillSchema).min(1).max(1000) }).strict();

export const tradeFeedResultSchema = z.object({
  received: z.number().int(),
  /** Fills not seen before (the rest were duplicates and changed nothing). */
  accepted: z.number().int(),
  duplicates: z.number().int(),
  /** Accepted fills of attributed invitees, each counted in its commission line. */
  attributed: z.number().int(),
});
export type TradeFeedResult = z.infer<typeof tradeFeedResultSchema>;

/** `POST /v1/admin/settle?day=YYYY-MM-DD` (default yesterday): settles the pending lines of that day and before. */
export const settleQuerySchema = z.object({ day: affiliateDaySchema.optional() }).strict();
export const settleResultSchema = z.object({
  day: z.string(),
  lines: z.number().int(),
  affiliates: z.number().int(),
  creditedUsdt: z.number(),
});
export type SettleResult = z.infer<typeof settleResultSchema>;

/** `POST /v1/admin/affiliate/review-levels?month=YYYY-MM` (default last month): the monthly level review. */
export const levelReviewQuerySchema = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "expected a month YYYY-MM")
      .optional(),
  })
  .strict();
export const levelReviewResultSchema = z.object({
  month: z.string(),
  reviewed: z.number().int(),
  changed: z.number().int(),
  alreadyDone: z.boolean(),
});
export type LevelReviewResult = z.infer<typeof levelReviewResultSchema>;

// ---------------------------------------------------------------- balance and payouts

export const affiliateLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(AFFILIATE_LEDGER_KINDS),
  /** Positive: settled commission credited; negative: paid out. */
  amountUsdt: z.number(),
  /** Settlement: the trade day it settled. */
  tradeDay: z.string().nullable(),
  /** Payout: where it went ("spot"). */
  destination: z.string().nullable(),
  createdAt: z.string(),
});
export type AffiliateLedgerEntry = z.infer<typeof affiliateLedgerEntrySchema>;

/** `GET /v1/affiliate/payouts`: the balance, what was ever earned, the minimum, and the latest 50 entries. */
export const affiliatePayoutsSchema = z.object({
  balanceUsdt: z.number(),
  lifetimeEarnedUsdt: z.number(),
  pendingUsdt: z.number(),
  minimumPayoutUsdt: z.number(),
  /** The next daily settlement (00:00 UTC). */
  nextSettlementAt: z.string(),
  payouts: z.array(affiliateLedgerEntrySchema),
  entries: z.array(affiliateLedgerEntrySchema),
});
export type AffiliatePayouts = z.infer<typeof affiliatePayoutsSchema>;

/** `POST /v1/affiliate/payouts` (dy-token, no body): the whole balance to the user's spot wallet, as one entry. */
export const affiliatePayoutResultSchema = z.object({ payout: affiliateLedgerEntrySchema, balanceUsdt: z.number() });
export type AffiliatePayoutResult = z.infer<typeof affiliatePayoutResultSchema>;

// ---------------------------------------------------------------- attribution

/** `POST /v1/affiliate/referrer` (login + dy-token): binds an inviter after sign-up, within the attribution window. */
export const referrerBindRequestSchema = z.object({ code: referralCodeSchema }).strict();
export const referrerSchema = z.object({
  code: z.string(),
  inviterName: z.string(),
  spotShareBps: z.number().int(),
  futuresShareBps: z.number().int(),
});
export type Referrer = z.infer<typeof referrerSchema>;

// ---------------------------------------------------------------- sub-affiliate invitations

/** `expired`: stored for an invitation replaced after its validity ran out (an open one past it is shown as expired). */
export const SUB_INVITATION_STATUSES = ["pending", "accepted", "declined", "withdrawn", "expired"] as const;

/** The answer of an invitation, the same whether or not the address has an account. */
export const subAffiliateInviteSentSchema = z.object({ sent: z.literal(true) });
export type SubAffiliateInviteSent = z.infer<typeof subAffiliateInviteSentSchema>;

/**
 * An invitation the affiliate sent and nobody answered: open until `expiresAt`, then listed as expired (it can be
 * cancelled, or sent again as a new invitation). Its terms never change: a new rate is a new invitation.
 */
export const sentSubInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  rateBps: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type SentSubInvitation = z.infer<typeof sentSubInvitationSchema>;

/**
 * `GET /v1/affiliate/sub-invitations` (login): the unanswered offers made to the caller's email address, open or
 * expired (an expired one can only be declined, which dismisses it).
 */
export const subInvitationOfferSchema = z.object({
  id: z.number().int(),
  inviterName: z.string(),
  rateBps: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type SubInvitationOffer = z.infer<typeof subInvitationOfferSchema>;
export const subInvitationOfferListSchema = z.object({ offers: z.array(subInvitationOfferSchema) });

/** `POST /v1/affiliate/sub-invitations/:id/{accept|decline}` (dy-token). */
export const subInvitationIdParamsSchema = z.object({ id: affiliateIdParamSchema }).strict();
export const subInvitationDecisionSchema = z.object({ id: z.number().int(), status: z.enum(SUB_INVITATION_STATUSES) });
export type SubInvitationDecision = z.infer<typeof subInvitationDecisionSchema>;

/**
 * The body of an acceptance (an invitation's or a rate offer's): the terms the user saw. The API accepts only when they
 * are the stored ones (else 409 10031, SUB_TERMS_MISMATCH_MSG), so an offer changed under the user is never accepted.
 */
export const subTermsAcceptRequestSchema = z
  .object({ rateBps: z.number({ error: "expected the rate you accept, in basis points" }).int().min(0).max(10_000) })
  .strict();

/** A rate change the inviter offered an accepted sub-affiliate: not in force until the sub accepts it. */
export const subRateOfferSchema = z.object({ id: z.number().int(), rateBps: z.number().int(), createdAt: z.string() });
export type SubRateOffer = z.infer<typeof subRateOfferSchema>;

/**
 * The caller's own inviter, when they are a sub-affiliate: the rate in force (agreed), the offer awaiting their answer,
 * and the rate they would earn on their own (their level's) if they leave.
 */
export const subInviterSchema = z.object({
  inviterName: z.string(),
  rateBps: z.number().int(),
  since: z.string(),
  ownLevelRateBps: z.number().int(),
  pendingOffer: subRateOfferSchema.nullable(),
});
export type SubInviter = z.infer<typeof subInviterSchema>;

/** `POST /v1/affiliate/inviter/rate-offers/:id/{accept|decline}` (dy-token): the sub's answer to a rate offer. */
export const subRateOfferDecisionSchema = z.object({
  id: z.number().int(),
  status: z.enum(["accepted", "declined"]),
  rateBps: z.number().int(),
});
export type SubRateOfferDecision = z.infer<typeof subRateOfferDecisionSchema>;

/** `DELETE /v1/affiliate/inviter` (dy-token): the sub ends the relationship and earns their level's rate from now on. */
export const subAffiliateLeftSchema = z.object({ left: z.literal(true), rateBps: z.number().int() });
export type SubAffiliateLeft = z.infer<typeof subAffiliateLeftSchema>;

/** A sub-affiliate as their inviter sees them: the rate in force (`rateBps`) and the offer awaiting their answer. */
export const subAffiliateWithOfferSchema = subAffiliateSchema.extend({ pendingOffer: subRateOfferSchema.nullable() });
export type SubAffiliateWithOffer = z.infer<typeof subAffiliateWithOfferSchema>;

/**
 * `GET /v1/affiliate/sub-affiliates`: the caller's network both ways: their subs (with pending rate offers), the
 * invitations they sent, and their own inviter (null for a top-level affiliate).
 */
export const subAffiliateNetworkSchema = subAffiliateListSchema.extend({
  subAffiliates: z.array(subAffiliateWithOfferSchema),
  inviter: subInviterSchema.nullable(),
});

/** Columns of `GET /v1/affiliate/invitees/export.csv`, in order. */
export const AFFILIATE_INVITEE_CSV_COLUMNS = [
  "uid",
  "registeredAt",
  "kyc",
  "firstDepositAt",
  "firstTradeAt",
  "volumeUsdt",
  "commissionUsdt",
  "linkCode",
] as const;
