import { countryCodeSchema } from "./countries";
import { z } from "zod";
import { HTTP_URL_PATTERN } from "./affiliate";

/**
 * The partner programmes: broker, market maker, institutional services (and its pro offer) and the
 * incubation programme. `GET /v1/partners/*` (public), `POST /v1/partners/applications` (login + dy-token),
 * `GET /v1/partners/applications/me?kind=` (login) and `GET /v1/admin/partners/applications` (operators).
 *
 * Figures: volumes and amounts are whole USDT; commission and markup rates are basis points of the trading fee
 * (5000 = 50%) or of the traded amount for a markup (10 = 0.10%); maker/taker fees are parts per million of the traded
 * amount (-150 = -0.015%, a rebate); ratios are basis points (7500 = 75%). Texts of features live in the web app's
 * catalogues under their keys; FAQ answers are HTML from the API, sanitised by the web app before they are shown.
 */

export const PARTNER_APPLICATION_KINDS = [
  "broker",
  "market-maker",
  "institutional",
  "institutional-pro",
  "incubation",
] as const;
export type PartnerApplicationKind = (typeof PARTNER_APPLICATION_KINDS)[number];
export const PARTNER_APPLICATION_STATUSES = ["pending", "contacted", "accepted", "declined"] as const;
export type PartnerApplicationStatus = (typeof PARTNER_APPLICATION_STATUSES)[number];

export const BROKER_TYPES = ["api", "link", "omnibus"] as const;
export const INSTITUTION_TYPES = ["fund", "prop-trading", "family-office", "corporate", "payment", "other"] as const;
export const INSTITUTIONAL_SERVICES = ["subAccounts", "otc", "custody", "api", "support"] as const;
export const INCUBATION_STAGES = ["idea", "prototype", "testnet", "mainnet"] as const;
export const INCUBATION_SECTORS = ["defi", "infrastructure", "gaming", "ai", "rwa", "payments", "other"] as const;

/** Largest free-text message of an application, in characters. */
export const PARTNER_MESSAGE_MAX = 2000;
const MAX_USDT = 1_000_000_000_000;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
};
const httpUrl = z
  .string()
  .trim()
  .max(300)
  .regex(HTTP_URL_PATTERN, "must be an http(s) URL")
  .refine(isHttpUrl, "must be an http(s) URL");
const usdt = z.number().int().min(0).max(MAX_USDT);
/** A volume the applicant expects or trades: a whole number of USDT above zero. */
const positiveUsdt = z.number().int().min(1).max(MAX_USDT);

// ---------------------------------------------------------------- public programme figures

/** A feature of a programme: a catalogue key and, when the text quotes a figure, its value. */
export const partnerFeatureSchema = z.object({ key: z.string(), value: z.number().nullable() });
export type PartnerFeature = z.infer<typeof partnerFeatureSchema>;

export const partnerFaqItemSchema = z.object({ id: z.string(), question: z.string(), answerHtml: z.string() });
export type PartnerFaqItem = z.infer<typeof partnerFaqItemSchema>;

export const brokerTierSchema = z.object({
  tier: z.number().int(),
  name: z.string(),
  /** 30-day thresholds (the highest met on either volume applies), whole USDT. */
  spotVolumeUsdt: z.number(),
  futuresVolumeUsdt: z.number(),
  activeTraders: z.number().int(),
  /** Commission on fees of users the broker brought itself, and of users already affiliated to someone else. */
  ownRateBps: z.number().int(),
  affiliatedRateBps: z.number().int(),
});

/** `GET /v1/partners/broker`. */
export const brokerProgrammeSchema = z.object({
  tiers: z.array(brokerTierSchema),
  /** The highest markup a broker may add on top of the exchange's fee, basis points of the traded amount. */
  maxMarkupBps: z.number().int(),
  benefits: z.array(partnerFeatureSchema),
  faq: z.array(partnerFaqItemSchema),
});
export type BrokerProgramme = z.infer<typeof brokerProgrammeSchema>;

export const makerTierSchema = z.object({
  tier: z.number().int(),
  name: z.string(),
  monthlyVolumeUsdt: z.number(),
  /** Parts per million; negative is a rebate paid to the maker. */
  makerFeePpm: z.number().int(),
  takerFeePpm: z.number().int(),
  apiRequestsPerSecond: z.number().int(),
  minMakerRatioBps: z.number().int(),
});

/** `GET /v1/partners/market-maker`. */
export const marketMakerProgrammeSchema = z.object({
  tiers: z.array(makerTierSchema),
  /** Days over which volume and maker ratio are reviewed. */
  reviewDays: z.number().int(),
  benefits: z.array(partnerFeatureSchema),
  faq: z.array(partnerFaqItemSchema),
});
export type MarketMakerProgramme = z.infer<typeof marketMakerProgrammeSchema>;

/** `GET /v1/partners/institutional`: the services and the pro offer with its entry requirement. */
export const institutionalProgrammeSchema = z.object({
  services: z.array(partnerFeatureSchema),
  pro: z.object({
    minMonthlyVolumeUsdt: z.number(),
    minAssetsUsdt: z.number(),
    offers: z.array(partnerFeatureSchema),
  }),
  faq: z.array(partnerFaqItemSchema),
});
export type InstitutionalProgramme = z.infer<typeof institutionalProgrammeSchema>;

export const incubationStageSchema = z.object({ key: z.string(), weeks: z.number().int() });

export const incubationCohortProjectSchema = z.object({
  id: z.number().int(),
  cohort: z.string(),
  name: z.string(),
  sector: z.enum(INCUBATION_SECTORS),
  raisedUsdt: z.number(),
  /** YYYY-MM-DD, or null when the token is not listed (yet). */
  listedOn: z.string().nullable(),
  website: z.string(),
});
export type IncubationCohortProject = z.infer<typeof incubationCohortProjectSchema>;

/** `GET /v1/partners/incubation`. */
export const incubationProgrammeSchema = z.object({
  offers: z.array(partnerFeatureSchema),
  stages: z.array(incubationStageSchema),
  cohorts: z.array(incubationCohortProjectSchema),
  faq: z.array(partnerFaqItemSchema),
});
export type IncubationProgramme = z.infer<typeof incubationProgrammeSchema>;

// ---------------------------------------------------------------- applications

/** Fields every application has. */
const commonFields = {
  name: z.string().trim().min(2).max(80),
  email: z.email().max(254),
  company: z.string().trim().min(2).max(120),
  /** Telegram handle or other messenger contact (optional). */
  telegram: z.string().trim().max(64).default(""),
  country: countryCodeSchema,
  message: z.string().trim().max(PARTNER_MESSAGE_MAX).default(""),
};

export const brokerApplicationSchema = z
  .object({
    kind: z.literal("broker"),
    ...commonFields,
    brokerType: z.enum(BROKER_TYPES),
    platformUrl: httpUrl,
    monthlyVolumeUsdt: positiveUsdt,
    userCount: z.number().int().min(0).max(1_000_000_000),
  })
  .strict();

export const marketMakerApplicationSchema = z
  .object({
    kind: z.literal("market-maker"),
    ...commonFields,
    monthlyVolumeUsdt: positiveUsdt,
    /** The markets the firm wants to quote, e.g. "BTC/USDT, ETH/USDT". */
    markets: z.string().trim().min(2).max(300),
    /** Other exchanges where the firm makes markets (optional). */
    exchanges: z.string().trim().max(300).default(""),
  })
  .strict();

export const institutionalApplicationSchema = z
  .object({
    kind: z.literal("institutional"),
    ...commonFields,
    institutionType: z.enum(INSTITUTION_TYPES),
    assetsUsdt: usdt,
    services: z.array(z.enum(INSTITUTIONAL_SERVICES)).min(1).max(INSTITUTIONAL_SERVICES.length),
  })
  .strict();

export const institutionalProApplicationSchema = z
  .object({
    kind: z.literal("institutional-pro"),
    ...commonFields,
    institutionType: z.enum(INSTITUTION_TYPES),
    monthlyVolumeUsdt: positiveUsdt,
    assetsUsdt: usdt,
  })
  .strict();

export const incubationApplicationSchema = z
  .object({
    kind: z.literal("incubation"),
    ...commonFields,
    projectName: z.string().trim().min(2).max(80),
    website: httpUrl,
    stage: z.enum(INCUBATION_STAGES),
    sector: z.enum(INCUBATION_SECTORS),
    raisedUsdt: usdt,
  })
  .strict();

/** `POST /v1/partners/applications` (login + dy-token): one store for every kind, validated by kind. */
export const partnerApplicationRequestSchema = z.discriminatedUnion("kind", [
  brokerApplicationSchema,
  marketMakerApplicationSchema,
  institutionalApplicationSchema,
  institutionalProApplicationSchema,
  incubationApplicationSchema,
]);
export type PartnerApplicationRequest = z.input<typeof partnerApplicationRequestSchema>;
export type PartnerApplicationInput = z.output<typeof partnerApplicationRequestSchema>;

/** The common fields (stored in their own columns); everything else of a request is its kind's `details`. */
export const PARTNER_COMMON_FIELDS = ["kind", "name", "email", "company", "telegram", "country", "message"] as const;

export const partnerApplicationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PARTNER_APPLICATION_KINDS),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  telegram: z.string(),
  country: z.string(),
  message: z.string(),
  /** The kind-specific fields as sent (e.g. brokerType, platformUrl, monthlyVolumeUsdt, userCount for a broker). */
  details: z.record(z.string(), z.unknown()),
  status: z.enum(PARTNER_APPLICATION_STATUSES),
  locale: z.string().nullable(),
  createdAt: z.string(),
});
export type PartnerApplication = z.infer<typeof partnerApplicationSchema>;

export const partnerApplicationCreatedSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PARTNER_APPLICATION_KINDS),
  status: z.literal("pending"),
});
export type PartnerApplicationCreated = z.infer<typeof partnerApplicationCreatedSchema>;

/** `GET /v1/partners/applications/me?kind=`: the user's latest application of that kind, or null. */
export const myPartnerApplicationQuerySchema = z.object({ kind: z.enum(PARTNER_APPLICATION_KINDS) }).strict();
export const myPartnerApplicationSchema = z.object({ application: partnerApplicationSchema.nullable() });
export type MyPartnerApplication = z.infer<typeof myPartnerApplicationSchema>;

/** `GET /v1/admin/partners/applications?kind=&status=&limit=`: newest first. */
export const adminPartnerApplicationListQuerySchema = z
  .object({
    kind: z.enum(PARTNER_APPLICATION_KINDS).optional(),
    status: z.enum(PARTNER_APPLICATION_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const adminPartnerApplicationListSchema = z.object({ applications: z.array(partnerApplicationSchema) });
export type AdminPartnerApplicationList = z.infer<typeof adminPartnerApplicationListSchema>;
