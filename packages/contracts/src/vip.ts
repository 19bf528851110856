import { z } from "zod";
import { VIP_METRICS } from "./vip-metrics";
import { LOCALE_CODES, type Locale } from "@affiliates/locales";

/** One VIP level's fees; rates are fractions (0.001 = 0.10%). */
export const feeLevelSchema = z.object({
  level: z.number().int().min(0),
  name: z.string(),
  spotMaker: z.number(),
  spotTaker: z.number(),
  futuresMaker: z.number(),
  futuresTaker: z.number(),
  /** Qualifying thresholds in USD (any one met qualifies; 0 = none) and the 24 h withdrawal limit, when known. */
  spotVolume30d: z.number().optional(),
  futuresVolume30d: z.number().optional(),
  assets: z.number().optional(),
  withdrawalLimit24h: z.number().optional(),
});
export type FeeLevel = z.infer<typeof feeLevelSchema>;

export const feeScheduleSchema = z.object({
  levels: z.array(feeLevelSchema),
  /** Discount when fees are paid in the platform token, as a fraction (0.2 = 20% off). */
  platformTokenDiscount: z.number().min(0).max(1),
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;

/* ------------------------------------------------------------------ the VIP programme */

export const vipLevelBenefitsSchema = z.object({
  level: z.number().int().min(0),
  dedicatedManager: z.boolean(),
  airdrops: z.boolean(),
  vipEarn: z.boolean(),
  apiRequestsPerSecond: z.number().int().min(0),
  subAccounts: z.number().int().min(0),
});
export type VipLevelBenefits = z.infer<typeof vipLevelBenefitsSchema>;

/** The VIP trial: any one condition met gives `level` for `days` days. Amounts in USD. */
export const vipTrialSchema = z.object({
  level: z.number().int().min(0),
  days: z.number().int().min(1),
  depositUsd: z.number().min(0),
  spotVolume30d: z.number().min(0),
  futuresVolume30d: z.number().min(0),
});
export type VipTrial = z.infer<typeof vipTrialSchema>;

/** Review and downgrade rules: levels are reviewed daily; no downgrade within `protectionDays`, then `graceDays` of grace. */
export const vipRulesSchema = z.object({
  reviewHourUtc: z.number().int().min(0).max(23),
  protectionDays: z.number().int().min(0),
  graceDays: z.number().int().min(0),
});
export type VipRules = z.infer<typeof vipRulesSchema>;

/** `GET /v1/vip/programme`: levels with thresholds, fees and limits, benefits per level, trial and rules. */
export const vipProgrammeSchema = z.object({
  levels: z.array(feeLevelSchema),
  benefits: z.array(vipLevelBenefitsSchema),
  platformTokenDiscount: z.number().min(0).max(1),
  trial: vipTrialSchema,
  rules: vipRulesSchema,
});
export type VipProgramme = z.infer<typeof vipProgrammeSchema>;

export const vipMetricsSchema = z.object({
  spotVolume30d: z.number(),
  futuresVolume30d: z.number(),
  assets: z.number(),
});
export type VipMetrics = z.infer<typeof vipMetricsSchema>;

export const vipProgressSchema = z.object({
  metric: z.enum(VIP_METRICS),
  current: z.number(),
  target: z.number(),
  /** current / target, capped at 1. */
  ratio: z.number().min(0).max(1),
});

/** `GET /v1/vip/me` (login): the user's level, what qualifies it, progress and fees. */
export const vipStatusSchema = z.object({
  level: z.number().int().min(0),
  name: z.string(),
  /** The metric that earns the level from the metrics alone (null at VIP0 or when only the grace period holds the level). */
  qualifiedBy: z.enum(VIP_METRICS).nullable(),
  /** The level the metrics alone earn. */
  metricLevel: z.number().int().min(0),
  metrics: vipMetricsSchema,
  /** "next": progress to the level above; "keep": progress to keep the level held by the grace period. Null at the top. */
  target: z
    .object({
      level: z.number().int().min(0),
      name: z.string(),
      reason: z.enum(["next", "keep"]),
      progress: z.array(vipProgressSchema),
    })
    .nullable(),
  fees: z.object({ spotMaker: z.number(), spotTaker: z.number(), futuresMaker: z.number(), futuresTaker: z.number() }),
  withdrawalLimit24h: z.number(),
  grace: z.object({ level: z.number().int().min(0), endsAt: z.string() }).nullable(),
  reviewedAt: z.string(),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;

export const vipFaqItemSchema = z.object({ id: z.string(), question: z.string(), answerHtml: z.string() });
/** Languages the guide may answer in: any locale of @affiliates/locales (the API falls back item by item to English). */
export const VIP_GUIDE_LOCALES = LOCALE_CODES as readonly [Locale, ...Locale[]];
export const vipGuideQuerySchema = z
  .object({
    locale: z
      .string()
      .max(16)
      .regex(/^[A-Za-z-]+$/, "must be a locale code like en or zh-CN")
      .optional(),
  })
  .strict();
/** `GET /v1/vip/guide?locale=` (or the `Locale` header): the FAQ (HTML answers, sanitised by the client) and the locale it is written in. */
export const vipGuideSchema = z.object({ locale: z.enum(VIP_GUIDE_LOCALES), faq: z.array(vipFaqItemSchema) });
export type VipGuide = z.infer<typeof vipGuideSchema>;

export const VIP_AIRDROP_STATES = ["upcoming", "live", "ended"] as const;
export type VipAirdropState = (typeof VIP_AIRDROP_STATES)[number];
/** Campaign ids: lower-case letters, digits and dashes. */
export const vipAirdropIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, "must be 1-64 lower-case letters, digits or dashes");

export const vipAirdropSchema = z.object({
  id: z.string(),
  coin: z.string(),
  name: z.string(),
  /** Total tokens shared among the participants. */
  poolAmount: z.number(),
  requiredLevel: z.number().int().min(0),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(VIP_AIRDROP_STATES),
  participants: z.number().int().min(0),
  /** Whether the logged-in user joined; null for a visitor. */
  joined: z.boolean().nullable(),
});
export type VipAirdrop = z.infer<typeof vipAirdropSchema>;

/** `GET /v1/vip/airdrops`: campaigns (live, upcoming, then ended), the server's clock, and the user's level (null for a visitor). */
export const vipAirdropListSchema = z.object({
  now: z.string(),
  userLevel: z.number().int().min(0).nullable(),
  campaigns: z.array(vipAirdropSchema),
});
export type VipAirdropList = z.infer<typeof vipAirdropListSchema>;

/** `POST /v1/vip/airdrops/:id/join` (login + dy-token): joining twice answers the first join with alreadyJoined. */
export const vipAirdropJoinedSchema = z.object({
  campaignId: z.string(),
  joinedAt: z.string(),
  alreadyJoined: z.boolean(),
});
export type VipAirdropJoined = z.infer<typeof vipAirdropJoinedSchema>;

/** `GET /v1/admin/vip/airdrops/:id/participants` (operators): who joined a campaign, first joins first. */
export const vipAirdropParticipantListSchema = z.object({
  campaignId: z.string(),
  participants: z.array(z.object({ userId: z.string(), joinedAt: z.string() })),
});
export type VipAirdropParticipantList = z.infer<typeof vipAirdropParticipantListSchema>;
