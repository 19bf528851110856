import { countryCodeSchema } from "./countries";
import { z } from "zod";
import {
  isAffiliateDay,
  AFFILIATE_LINK_SHARE_BPS,
  AFFILIATE_CARD_AMOUNTS_USDT,
  AFFILIATE_CARD_VALIDITY_DAYS,
  AFFILIATE_CHANNEL_TYPES,
  AFFILIATE_APPLICATION_STATUSES,
  AFFILIATE_COMMISSION_STATUSES,
  AFFILIATE_BUSINESS_LINES,
  AFFILIATE_CARD_STATUSES,
  AFFILIATE_INVITEE_SORTS,
  INVITEE_SEARCH_PATTERN,
  INVITEE_YES_NO,
  RISK_FLAG_STATUSES,
  RISK_HOLD_CATEGORIES,
  RISK_HOLD_REASONS,
  RISK_HOLD_STATUSES,
} from "./affiliate-rules";

/**
 * The affiliate programme: `/v1/affiliate/*` and `/v1/admin/affiliate/*`.
 *
 * Money: the API stores integer US-dollar-tether cents (exact on SQLite and PostgreSQL) and answers USDT as JSON
 * numbers with at most two decimals (`cents / 100`, whose JSON text is the exact decimal); the CSV export writes the
 * same values with exactly two decimals. Rates and shares are basis points of the trading fee (4000 = 40%).
 * Days are UTC calendar days `YYYY-MM-DD`; times are ISO-8601 UTC strings.
 */

// zod's ISO date is a calendar day (its pattern knows month lengths and leap years), so the document says the rule;
// the refine keeps the API's own reading of a day.
export const affiliateDaySchema = z.iso
  .date("expected a date YYYY-MM-DD")
  .refine(isAffiliateDay, "expected a date YYYY-MM-DD");

const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeSchema = z.coerce.number().int().min(10).max(100).default(20);
/** A numeric id in a path or query (1..2^31-1). */
export const affiliateIdParamSchema = z
  .string()
  // 1..2147483647 (a PostgreSQL integer) as a pattern, so the document states the ceiling too.
  .regex(
    /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/,
    "expected a positive integer id (at most 2147483647)",
  )
  .transform(Number);

/** An http(s) URL with a host name: the document's pattern; isHttpUrl is the parser's own reading on top. */
export const HTTP_URL_PATTERN = /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,4})?(?:[/?#]\S*)?$/i;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------- programme (public)

export const affiliateLevelSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  /** Monthly thresholds: new trading invitees and their trading volume (USDT). */
  monthlyNewTraders: z.number().int(),
  monthlyVolumeUsdt: z.number(),
  spotRateBps: z.number().int(),
  futuresRateBps: z.number().int(),
});
export type AffiliateLevel = z.infer<typeof affiliateLevelSchema>;

export const affiliateFaqItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** Trusted-source HTML (lists, links, emphasis): the web app still sanitises it before rendering. */
  answerHtml: z.string(),
});

export const affiliateProgrammeSchema = z.object({
  levels: z.array(affiliateLevelSchema),
  headlineMaxRateBps: z.number().int(),
  /** Message keys of the benefits the landing page lists (texts live in the web app's catalogues). */
  benefits: z.array(z.string()),
  linkShareBps: z.array(z.number().int()),
  cardAmountsUsdt: z.array(z.number().int()),
  /** Days a commission stays pending before it is settled. */
  settlementHoldDays: z.number().int(),
  faq: z.array(affiliateFaqItemSchema),
});
export type AffiliateProgramme = z.infer<typeof affiliateProgrammeSchema>;

// ---------------------------------------------------------------- applications

export const affiliateChannelSchema = z
  .object({
    type: z.enum(AFFILIATE_CHANNEL_TYPES),
    url: z
      .string()
      .trim()
      .max(300)
      .regex(HTTP_URL_PATTERN, "must be an http(s) URL")
      .refine(isHttpUrl, "must be an http(s) URL"),
    audience: z.number().int().min(0).max(1_000_000_000),
  })
  .strict();
export type AffiliateChannel = z.infer<typeof affiliateChannelSchema>;

/** `POST /v1/affiliate/applications` (login + dy-token). */
export const affiliateApplicationRequestSchema = z
  .object({
    name: z.string().trim().min(2).max(80),
    email: z.email().max(254),
    channels: z.array(affiliateChannelSchema).min(1).max(5),
    region: countryCodeSchema,
    message: z.string().trim().max(2000).default(""),
  })
  .strict();
export type AffiliateApplicationRequest = z.input<typeof affiliateApplicationRequestSchema>;

export const affiliateApplicationSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  channels: z.array(affiliateChannelSchema),
  region: z.string(),
  message: z.string(),
  status: z.enum(AFFILIATE_APPLICATION_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;

export const affiliateApplicationCreatedSchema = z.object({ id: z.number().int(), status: z.literal("pending") });
export type AffiliateApplicationCreated = z.infer<typeof affiliateApplicationCreatedSchema>;

/** `GET /v1/affiliate/applications/me`: the latest application (or null) and whether the user is an approved affiliate. */
export const myAffiliateApplicationSchema = z.object({
  application: affiliateApplicationSchema.nullable(),
  isAffiliate: z.boolean(),
});
export type MyAffiliateApplication = z.infer<typeof myAffiliateApplicationSchema>;

/** `GET /v1/admin/affiliate/applications?status=&limit=`: newest first. */
export const adminAffiliateApplicationListQuerySchema = z
  .object({
    status: z.enum(AFFILIATE_APPLICATION_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const adminAffiliateApplicationListSchema = z.object({ applications: z.array(affiliateApplicationSchema) });
export type AdminAffiliateApplicationList = z.infer<typeof adminAffiliateApplicationListSchema>;

/** `POST /v1/admin/affiliate/applications/:id/decision`. */
export const affiliateApplicationDecisionRequestSchema = z
  .object({ decision: z.enum(["approve", "reject"]), note: z.string().trim().max(500).optional() })
  .strict();

// ---------------------------------------------------------------- summary

/** `from`/`to` of the reports; default the last 7 days (today included). */
export const affiliateRangeQuerySchema = z
  .object({ from: affiliateDaySchema.optional(), to: affiliateDaySchema.optional() })
  .strict();

export const affiliateSummaryFiguresSchema = z.object({
  clicks: z.number().int(),
  signups: z.number().int(),
  kycVerified: z.number().int(),
  firstDeposits: z.number().int(),
  firstTrades: z.number().int(),
  /** Invitees who traded in the range (distinct; in a series: on that day). */
  activeTraders: z.number().int(),
  volumeUsdt: z.number(),
  commissionPendingUsdt: z.number(),
  commissionSettledUsdt: z.number(),
});
export type AffiliateSummaryFigures = z.infer<typeof affiliateSummaryFiguresSchema>;

export const AFFILIATE_FUNNEL_STEPS = ["clicks", "signups", "kyc", "firstDeposit", "firstTrade"] as const;

export const affiliateSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: affiliateSummaryFiguresSchema,
  /** One entry per day of the range, oldest first, zeros included. */
  series: z.array(affiliateSummaryFiguresSchema.extend({ day: z.string() })),
  funnel: z.array(z.object({ step: z.enum(AFFILIATE_FUNNEL_STEPS), count: z.number().int() })),
});
export type AffiliateSummary = z.infer<typeof affiliateSummarySchema>;

// ---------------------------------------------------------------- links

const shareBpsSchema = z.literal(AFFILIATE_LINK_SHARE_BPS, "must be one of 0, 500, 1000, 2000");
/** Trimmed, 1–40 characters: the pattern says "not blank" to those who read the document. */
const linkLabelSchema = z.string().trim().min(1).max(40).regex(/\S/, "must not be blank");

/** `POST /v1/affiliate/links` (dy-token). Shares: basis points of the fee given back to the invitee, out of the affiliate's rate. */
export const affiliateLinkCreateRequestSchema = z
  .object({
    label: linkLabelSchema,
    channel: z.enum(AFFILIATE_CHANNEL_TYPES).optional(),
    code: z
      .string()
      .regex(/^[A-Za-z0-9]{4,16}$/, "must be 4 to 16 letters or digits")
      .optional(),
    spotShareBps: shareBpsSchema.default(0),
    futuresShareBps: shareBpsSchema.default(0),
  })
  .strict();
export type AffiliateLinkCreateRequest = z.input<typeof affiliateLinkCreateRequestSchema>;

/** `PATCH /v1/affiliate/links/:id` (dy-token): at least one field. */
export const affiliateLinkUpdateRequestSchema = z
  .object({
    label: linkLabelSchema.optional(),
    channel: z.enum(AFFILIATE_CHANNEL_TYPES).nullable().optional(),
    spotShareBps: shareBpsSchema.optional(),
    futuresShareBps: shareBpsSchema.optional(),
    archived: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "nothing to change")
  .meta({ minProperties: 1 });
export type AffiliateLinkUpdateRequest = z.infer<typeof affiliateLinkUpdateRequestSchema>;

export const referralLinkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  channel: z.enum(AFFILIATE_CHANNEL_TYPES).nullable(),
  spotShareBps: z.number().int(),
  futuresShareBps: z.number().int(),
  archived: z.boolean(),
  createdAt: z.string(),
  /** `https://<public origin>/register?ref=CODE`. */
  url: z.string(),
  /** All-time totals. */
  clicks: z.number().int(),
  signups: z.number().int(),
  /** The link's results in the requested period (default the last 7 days): which channel works. */
  period: z.object({
    clicks: z.number().int(),
    signups: z.number().int(),
    firstTrades: z.number().int(),
    volumeUsdt: z.number(),
    commissionUsdt: z.number(),
  }),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;
export const referralLinkListSchema = z.object({ links: z.array(referralLinkSchema) });
export type ReferralLinkList = z.infer<typeof referralLinkListSchema>;

// ---------------------------------------------------------------- invitees

export const inviteeListQuerySchema = z
  .object({
    page: pageSchema,
    pageSize: pageSizeSchema,
    search: z.string().trim().regex(INVITEE_SEARCH_PATTERN, "must be 1 to 20 digits of a UID").optional(),
    sort: z.enum(AFFILIATE_INVITEE_SORTS).default("registeredAt"),
    order: z.enum(["asc", "desc"]).default("desc"),
    linkId: affiliateIdParamSchema.optional(),
    /** Traded at least once (`yes`) or never (`no`). */
    traded: z.enum(INVITEE_YES_NO).optional(),
    kyc: z.enum(INVITEE_YES_NO).optional(),
    /** Signed up on or after / on or before these UTC days. */
    registeredFrom: affiliateDaySchema.optional(),
    registeredTo: affiliateDaySchema.optional(),
  })
  .strict()
  .refine((q) => !q.registeredFrom || !q.registeredTo || q.registeredFrom <= q.registeredTo, {
    message: "must not be before registeredFrom",
    path: ["registeredTo"],
  });
export type InviteeListQuery = z.input<typeof inviteeListQuerySchema>;

/**
 * A held invitee's state as the affiliate sees it (README "Risk checks"): under review until an operator releases
 * (then null) or voids the hold, and the plain-language category of why. null: not held.
 */
export const riskHoldSchema = z
  .object({ status: z.enum(RISK_HOLD_STATUSES), reason: z.enum(RISK_HOLD_CATEGORIES) })
  .nullable();
export type RiskHold = z.infer<typeof riskHoldSchema>;

export const inviteeSchema = z.object({
  id: z.number().int(),
  /** The invitee's UID: unique and stable in the affiliate's book, the handle every view shows (issue 34). */
  uid: z.string(),
  registeredAt: z.string(),
  kyc: z.boolean(),
  firstDepositAt: z.string().nullable(),
  firstTradeAt: z.string().nullable(),
  volumeUsdt: z.number(),
  commissionUsdt: z.number(),
  linkId: z.number().int().nullable(),
  linkCode: z.string().nullable(),
  hold: riskHoldSchema,
});
export type Invitee = z.infer<typeof inviteeSchema>;

export const affiliatePagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const inviteePageSchema = affiliatePagedSchema(inviteeSchema);
export type InviteePage = z.infer<typeof inviteePageSchema>;

// ---------------------------------------------------------------- commissions

export const affiliateCommissionListQuerySchema = z
  .object({
    from: affiliateDaySchema.optional(),
    to: affiliateDaySchema.optional(),
    page: pageSchema,
    pageSize: pageSizeSchema,
    status: z.enum(AFFILIATE_COMMISSION_STATUSES).optional(),
  })
  .strict();

/** One settlement line: an invitee's trading on one day in one business line. Newest first. */
export const affiliateCommissionRecordSchema = z.object({
  id: z.number().int(),
  tradeDay: z.string(),
  inviteeId: z.number().int(),
  /** The invitee's UID, as the invitees table shows it. */
  inviteeUid: z.string(),
  businessLine: z.enum(AFFILIATE_BUSINESS_LINES),
  /** The invitee's link (direct lines); null on override lines and for invitees without a link. */
  linkCode: z.string().nullable(),
  volumeUsdt: z.number(),
  feeUsdt: z.number(),
  /** The affiliate's rate on the line's fee and the invitee's share of it (basis points; commission = fee × (rate − share)). */
  rateBps: z.number().int(),
  shareBps: z.number().int(),
  commissionUsdt: z.number(),
  status: z.enum(AFFILIATE_COMMISSION_STATUSES),
  settledAt: z.string().nullable(),
  /** Why the trade earned nothing (e.g. "self-trade", "invitee opted out", "below minimum"); null when it earned. */
  reasonNone: z.string().nullable(),
  /** direct: one's own invitee; override: a sub-affiliate's invitee (the rate the sub's leaves). */
  source: z.enum(["direct", "override"]),
  /** Fills counted in the line. */
  fills: z.number().int(),
  /** The invitee's risk hold: a held line does not settle (README "Risk checks"). */
  hold: riskHoldSchema,
});
export type AffiliateCommissionRecord = z.infer<typeof affiliateCommissionRecordSchema>;

export const affiliateCommissionPageSchema = affiliatePagedSchema(affiliateCommissionRecordSchema);
export type AffiliateCommissionPage = z.infer<typeof affiliateCommissionPageSchema>;

// ---------------------------------------------------------------- sub-affiliates

const rateBpsSchema = z.number().int().min(0).max(10_000);

export const subAffiliateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  rateBps: z.number().int(),
  note: z.string(),
  joinedAt: z.string(),
  inviteesTotal: z.number().int(),
  /** The last 30 days, today included. */
  last30d: z.object({ newInvitees: z.number().int(), volumeUsdt: z.number(), commissionUsdt: z.number() }),
});
export type SubAffiliate = z.infer<typeof subAffiliateSchema>;
export const subAffiliateListSchema = z.object({
  ownRateBps: z.number().int(),
  subAffiliates: z.array(subAffiliateSchema),
  /** Invitations sent and not yet answered (open, or expired: `expired`). */
  pendingInvitations: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      rateBps: z.number().int(),
      createdAt: z.string(),
      expiresAt: z.string(),
      expired: z.boolean(),
    }),
  ),
});
export type SubAffiliateList = z.infer<typeof subAffiliateListSchema>;

/**
 * `POST /v1/affiliate/sub-affiliates` (dy-token): invites an email address at a rate strictly between 0 and one's own.
 * The answer is the same whether or not the address has an account (SubAffiliateInviteSent); only the invitee's
 * acceptance makes them a sub-affiliate.
 */
export const subAffiliateInviteRequestSchema = z
  .object({ email: z.email().max(254), rateBps: rateBpsSchema.min(1, "must be above 0") })
  .strict();
export type SubAffiliateInviteRequest = z.infer<typeof subAffiliateInviteRequestSchema>;

/** `PATCH /v1/affiliate/sub-affiliates/:userId` (dy-token). */
export const subAffiliateUpdateRequestSchema = z
  .object({ rateBps: rateBpsSchema.optional(), note: z.string().trim().max(500).optional() })
  .strict()
  .refine((v) => v.rateBps !== undefined || v.note !== undefined, "nothing to change")
  .meta({ minProperties: 1 });
export type SubAffiliateUpdateRequest = z.infer<typeof subAffiliateUpdateRequestSchema>;

export const affiliateUserIdParamSchema = z.string().regex(/^\d{6,20}$/, "expected a user id");

// ---------------------------------------------------------------- level

export const affiliateLevelStatusSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  /** The affiliate's own rate (a sub-affiliate's is set by their parent). */
  rateBps: z.number().int(),
  spotRateBps: z.number().int(),
  futuresRateBps: z.number().int(),
  /** This month (UTC) so far. */
  month: z.string(),
  progress: z.object({ newTraders: z.number().int(), volumeUsdt: z.number() }),
  next: affiliateLevelSchema.nullable(),
  /** The 1st of next month: the day levels are reviewed. */
  nextReviewDate: z.string(),
});
export type AffiliateLevelStatus = z.infer<typeof affiliateLevelStatusSchema>;

// ---------------------------------------------------------------- experience cards

export const experienceCardSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  amountUsdt: z.number(),
  /** `expired` is also answered for an issued or claimed card past its expiry. */
  status: z.enum(AFFILIATE_CARD_STATUSES),
  linkId: z.number().int().nullable(),
  inviteeId: z.number().int().nullable(),
  /** The invitee's UID, as the invitees table shows it. */
  inviteeUid: z.string().nullable(),
  issuedAt: z.string(),
  claimedAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExperienceCard = z.infer<typeof experienceCardSchema>;

export const experienceCardListSchema = z.object({
  month: z.string(),
  monthlyQuota: z.number().int(),
  usedThisMonth: z.number().int(),
  remaining: z.number().int(),
  amountsUsdt: z.array(z.number().int()),
  /** The validity periods (days) a card may be issued with. */
  validDaysOptions: z.array(z.number().int()),
  /** Newest first (at most 200). */
  cards: z.array(experienceCardSchema),
});
export type ExperienceCardList = z.infer<typeof experienceCardListSchema>;

/** `POST /v1/affiliate/cards` (dy-token): to a link of one's own, an invitee of one's own, or neither. */
export const affiliateCardIssueRequestSchema = z
  .object({
    amountUsdt: z.literal(AFFILIATE_CARD_AMOUNTS_USDT, "must be one of 10, 20, 50, 100"),
    linkId: z.number().int().positive().optional(),
    inviteeId: z.number().int().positive().optional(),
    validDays: z.literal(AFFILIATE_CARD_VALIDITY_DAYS, "must be one of 7, 14, 30").optional(),
  })
  .strict()
  .refine((v) => v.linkId === undefined || v.inviteeId === undefined, {
    message: "give a linkId or an inviteeId, not both",
    path: ["inviteeId"],
  })
  .meta({ not: { properties: { linkId: {}, inviteeId: {} }, required: ["linkId", "inviteeId"] } });
export type AffiliateCardIssueRequest = z.infer<typeof affiliateCardIssueRequestSchema>;

export const affiliateCardCodeParamSchema = z.string().regex(/^[A-Z0-9]{12}$/, "expected a 12-character card code");

/** `GET /v1/affiliate/cards/claim/:code` (public) and the answer of the claim. */
export const affiliateCardClaimViewSchema = z.object({
  code: z.string(),
  amountUsdt: z.number(),
  status: z.enum(AFFILIATE_CARD_STATUSES),
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type AffiliateCardClaimView = z.infer<typeof affiliateCardClaimViewSchema>;

// ---------------------------------------------------------------- network: refusal messages and operator quota

/** `PUT /v1/admin/affiliate/card-quota/:userId`: an affiliate's own monthly card quota; null returns to the programme default. */
export const adminAffiliateCardQuotaRequestSchema = z
  .object({ monthlyQuota: z.number().int().min(0).max(1000).nullable() })
  .strict();
export const adminAffiliateCardQuotaSchema = z.object({
  userId: z.string(),
  monthlyQuota: z.number().int(),
  override: z.number().int().nullable(),
});

// ---------------------------------------------------------------- self-referral risk flags (operators)

/** `GET /v1/admin/risk/flags?status=open&limit=`: newest first. */
export const adminRiskFlagListQuerySchema = z
  .object({
    status: z.enum(RISK_FLAG_STATUSES).default("open"),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  })
  .strict();
export const adminRiskFlagSchema = z.object({
  id: z.number().int(),
  inviteeId: z.number().int(),
  affiliateUserId: z.string(),
  userId: z.string(),
  reasons: z.array(z.enum(RISK_HOLD_REASONS)),
  status: z.enum(RISK_FLAG_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  /** The invitee's commission not yet settled (pending lines). */
  unsettledUsdt: z.number(),
});
export type AdminRiskFlag = z.infer<typeof adminRiskFlagSchema>;
export const adminRiskFlagListSchema = z.object({ flags: z.array(adminRiskFlagSchema) });
/** @alias A risk flag's id follows the same rules as any numeric id. */
export const riskFlagIdParamSchema = affiliateIdParamSchema;
/** Release or void: the operator says why (kept on the flag). */
export const adminRiskResolveRequestSchema = z.object({ reason: z.string().trim().min(3).max(500) }).strict();
export const adminRiskResolveResultSchema = z.object({
  flag: adminRiskFlagSchema,
  /** Void: the pending lines that became void. */
  voidedLines: z.number().int(),
  /** Void: the settled commission taken back by reversing ledger entries. */
  reversedUsdt: z.number(),
});
export type AdminRiskResolveResult = z.infer<typeof adminRiskResolveResultSchema>;
