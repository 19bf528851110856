import type { Insertable } from "kysely";
import type { PartnerProgrammeName } from "../domains/partners/repository";
import type {
  Db,
  PartnerBrokerTiersTable,
  PartnerCohortProjectsTable,
  PartnerFeaturesTable,
  PartnerMakerTiersTable,
  PartnerTables,
} from "../platform/db/schema";

/**
 * The partner programmes' published terms, seeded into empty tables. Figures follow the public programmes
 * of leading exchanges (shared/reference-data.md): broker tiers after Bybit's and OKX's API-broker programmes with
 * Bitget's "up to 60%" at the top, market-maker tiers after Bitget's spot programme (−0.015 / −0.010 / −0.005% maker,
 * 100 / 70 / 50 requests per second, maker ratio ≥ 75%). They are our demo terms, kept here and in the database,
 * never in the web app's components.
 */

const M = 1_000_000;

export const BROKER_TIERS: readonly Insertable<PartnerBrokerTiersTable>[] = [
  {
    tier: 1,
    name: "L1",
    spot_volume_usdt: 2 * M,
    futures_volume_usdt: 10 * M,
    active_traders: 5,
    own_rate_bps: 3000,
    affiliated_rate_bps: 300,
  },
  {
    tier: 2,
    name: "L2",
    spot_volume_usdt: 5 * M,
    futures_volume_usdt: 100 * M,
    active_traders: 10,
    own_rate_bps: 4000,
    affiliated_rate_bps: 500,
  },
  {
    tier: 3,
    name: "L3",
    spot_volume_usdt: 10 * M,
    futures_volume_usdt: 500 * M,
    active_traders: 20,
    own_rate_bps: 5000,
    affiliated_rate_bps: 1000,
  },
  {
    tier: 4,
    name: "L4",
    spot_volume_usdt: 50 * M,
    futures_volume_usdt: 1000 * M,
    active_traders: 50,
    own_rate_bps: 6000,
    affiliated_rate_bps: 1250,
  },
];

export const MAKER_TIERS: readonly Insertable<PartnerMakerTiersTable>[] = [
  {
    tier: 1,
    name: "T1",
    monthly_volume_usdt: 10 * M,
    maker_fee_ppm: -150,
    taker_fee_ppm: 400,
    api_rps: 100,
    min_maker_ratio_bps: 7500,
  },
  {
    tier: 2,
    name: "T2",
    monthly_volume_usdt: 5 * M,
    maker_fee_ppm: -100,
    taker_fee_ppm: 450,
    api_rps: 70,
    min_maker_ratio_bps: 7500,
  },
  {
    tier: 3,
    name: "T3",
    monthly_volume_usdt: 2 * M,
    maker_fee_ppm: -50,
    taker_fee_ppm: 500,
    api_rps: 50,
    min_maker_ratio_bps: 7500,
  },
];

type FeatureSeed = readonly [key: string, value: number | null];

const FEATURES: Readonly<Record<PartnerProgrammeName, Readonly<Record<string, readonly FeatureSeed[]>>>> = {
  broker: {
    // maxMarkupBps: basis points of the traded amount a broker may add on top of the exchange's fee (10 = 0.10%).
    setting: [["maxMarkupBps", 10]],
    benefit: [
      ["commission", 60],
      ["markup", 10],
      ["subAccounts", 1000],
      ["apiRateLimit", 300],
      ["oauth", null],
      ["dailySettlement", null],
      ["dedicatedManager", null],
      ["coMarketing", null],
    ],
  },
  "market-maker": {
    setting: [["reviewDays", 30]],
    benefit: [
      ["rebates", null],
      ["apiLimits", 100],
      ["colocation", null],
      ["subAccounts", 200],
      ["newListings", null],
      ["support", null],
    ],
  },
  institutional: {
    service: [
      ["subAccounts", 200],
      ["otc", 100_000],
      ["custody", 95],
      ["api", 300],
      ["support", null],
      ["reporting", null],
    ],
  },
  "institutional-pro": {
    setting: [
      ["minMonthlyVolumeUsdt", 50 * M],
      ["minAssetsUsdt", 5 * M],
    ],
    offer: [
      ["vipLevel", 5],
      ["otcDesk", 1 * M],
      ["apiLimit", 1000],
      ["creditLine", null],
      ["dedicatedTeam", null],
      ["customReports", null],
    ],
  },
  incubation: {
    offer: [
      ["funding", 500_000],
      ["listing", null],
      ["marketing", 20],
      ["mentors", 40],
      ["security", null],
      ["liquidity", null],
    ],
    // value: weeks
    stage: [
      ["application", 2],
      ["diligence", 3],
      ["incubation", 12],
      ["demoDay", 1],
      ["launch", 4],
    ],
  },
};

export const PARTNER_FEATURES: readonly Insertable<PartnerFeaturesTable>[] = Object.entries(FEATURES).flatMap(
  ([programme, sections]) =>
    Object.entries(sections).flatMap(([section, list]) =>
      list.map(([key, value], sort) => ({ programme, section, key, sort, value })),
    ),
);

export const COHORT_PROJECTS: readonly Insertable<PartnerCohortProjectsTable>[] = [
  {
    id: 1,
    cohort: "2026 S1",
    name: "Lumen Ledger",
    sector: "rwa",
    raised_usdt: 4_200_000,
    listed_on: null,
    website: "https://lumenledger.example",
  },
  {
    id: 2,
    cohort: "2026 S1",
    name: "Quillpay",
    sector: "payments",
    raised_usdt: 2_750_000,
    listed_on: null,
    website: "https://quillpay.example",
  },
  {
    id: 3,
    cohort: "2026 S1",
    name: "Synapse Grid",
    sector: "ai",
    raised_usdt: 6_100_000,
    listed_on: null,
    website: "https://synapsegrid.example",
  },
  {
    id: 4,
    cohort: "2025 S2",
    name: "Harbor Swap",
    sector: "defi",
    raised_usdt: 3_400_000,
    listed_on: "2025-12-09",
    website: "https://harborswap.example",
  },
  {
    id: 5,
    cohort: "2025 S2",
    name: "Pixel Forge",
    sector: "gaming",
    raised_usdt: 1_800_000,
    listed_on: "2026-01-20",
    website: "https://pixelforge.example",
  },
  {
    id: 6,
    cohort: "2025 S2",
    name: "Relaymesh",
    sector: "infrastructure",
    raised_usdt: 5_300_000,
    listed_on: "2025-11-18",
    website: "https://relaymesh.example",
  },
  {
    id: 7,
    cohort: "2025 S1",
    name: "Atlas Oracle",
    sector: "infrastructure",
    raised_usdt: 8_000_000,
    listed_on: "2025-06-24",
    website: "https://atlasoracle.example",
  },
  {
    id: 8,
    cohort: "2025 S1",
    name: "Verdant Yield",
    sector: "defi",
    raised_usdt: 2_100_000,
    listed_on: "2025-07-15",
    website: "https://verdantyield.example",
  },
];

async function isEmpty(db: Pick<Db, "selectFrom">, table: keyof PartnerTables): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * Seeds each partner table that is empty (tiers, features, cohorts) in one transaction; applications are never
 * seeded, nor is partner_faq (the FAQs are read from domains/content/faq/<locale>.json). Returns whether anything was seeded.
 */
export async function seedPartnersIfEmpty(db: Db): Promise<boolean> {
  let seeded = false;
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, "partner_broker_tiers")) {
      await trx
        .insertInto("partner_broker_tiers")
        .values([...BROKER_TIERS])
        .execute();
      seeded = true;
    }
    if (await isEmpty(trx, "partner_maker_tiers")) {
      await trx
        .insertInto("partner_maker_tiers")
        .values([...MAKER_TIERS])
        .execute();
      seeded = true;
    }
    if (await isEmpty(trx, "partner_features")) {
      await trx
        .insertInto("partner_features")
        .values([...PARTNER_FEATURES])
        .execute();
      seeded = true;
    }
    if (await isEmpty(trx, "partner_cohort_projects")) {
      await trx
        .insertInto("partner_cohort_projects")
        .values([...COHORT_PROJECTS])
        .execute();
      seeded = true;
    }
  });
  return seeded;
}
