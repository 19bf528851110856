import type { AppEnv } from "../platform/config";
import { hashPassword } from "../domains/auth/password";
import type { Db, UserSettingsTable } from "../platform/db/schema";
import { seedAffiliateIfEmpty } from "./affiliate";
import { seedPartnersIfEmpty } from "./partners";
import { seedVipProgrammeIfEmpty } from "./vip";

export type DemoRole = "affiliate" | "user";

export interface DemoAccount {
  email: string;
  password: string;
  role: DemoRole;
  userId: string;
  userName: string;
  mobile: string | null;
  settings: Omit<UserSettingsTable, "user_id">;
}

/** The demo accounts an empty database is seeded with; `scripts/start.mjs` prints them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "affiliate@example.com",
    password: "Affiliate#2026",
    role: "affiliate",
    userId: "8012345678",
    userName: "Aurora Affiliate",
    mobile: "+1 4155552671",
    // Real-name verified (kf 2), phone, email and authenticator bound and enabled, fund password set, OTC and contracts open.
    settings: { mbf: 1, ebf: 1, gbf: 1, tbf: 1, tpi: "1", tpl: 0, kf: 2, oo: 1, oc: 1, ob: 1, eef: 1, mef: 1, gef: 1 },
  },
  {
    email: "user@example.com",
    password: "User#2026",
    role: "user",
    userId: "8012345679",
    userName: "Uma User",
    mobile: null,
    settings: { mbf: 0, ebf: 1, gbf: 0, tbf: 0, tpi: "", tpl: 0, kf: 0, oo: 0, oc: 0, ob: 0, eef: 1, mef: 0, gef: 0 },
  },
];

/** Image CDN origins per environment (illustrative hosts under the reserved .example TLD). */
export const DEMO_DOMAINS: Readonly<Record<AppEnv, { foreign: readonly string[]; internal: readonly string[] }>> = {
  test: {
    foreign: ["https://img-test-1.exchange-cdn.example", "https://img-test-2.exchange-cdn.example"],
    internal: ["https://img-test-1.exchange-cdn-cn.example", "https://img-test-2.exchange-cdn-cn.example"],
  },
  beta: {
    foreign: ["https://img-beta-1.exchange-cdn.example", "https://img-beta-2.exchange-cdn.example"],
    internal: ["https://img-beta-1.exchange-cdn-cn.example", "https://img-beta-2.exchange-cdn-cn.example"],
  },
  online: {
    foreign: ["https://img1.exchange-cdn.example", "https://img2.exchange-cdn.example"],
    internal: ["https://img1.exchange-cdn-cn.example", "https://img2.exchange-cdn-cn.example"],
  },
};

export const DEMO_CLIENT_SETTINGS: Readonly<Record<string, unknown>> = { eventLogUploadSwitch: true };

/** Settings seeded together with the VIP levels (a database created before them gets them too). */
export const VIP_CLIENT_SETTINGS: Readonly<Record<string, unknown>> = { platformTokenDiscount: 0.2 };

/** A level's fee rates in percent as published (0.10 = 0.10%); thresholds and limit in USD. */
interface VipSeed {
  level: number;
  spot: readonly [maker: number, taker: number];
  futures: readonly [maker: number, taker: number];
  spotVolume30d: number;
  futuresVolume30d: number;
  assets: number;
  withdrawalLimit24h: number;
}

const M = 1_000_000;

/** VIP0–VIP4 as in the reference data (Bitget 2024); VIP5–VIP7 extrapolated from their trend. */
export const DEMO_VIP_LEVELS: readonly VipSeed[] = [
  {
    level: 0,
    spot: [0.1, 0.1],
    futures: [0.02, 0.06],
    spotVolume30d: 0,
    futuresVolume30d: 0,
    assets: 0,
    withdrawalLimit24h: 3 * M,
  },
  {
    level: 1,
    spot: [0.08, 0.08],
    futures: [0.019, 0.06],
    spotVolume30d: 500_000,
    futuresVolume30d: 5 * M,
    assets: 30_000,
    withdrawalLimit24h: 4 * M,
  },
  {
    level: 2,
    spot: [0.065, 0.07],
    futures: [0.016, 0.04],
    spotVolume30d: 2 * M,
    futuresVolume30d: 10 * M,
    assets: 50_000,
    withdrawalLimit24h: 6 * M,
  },
  {
    level: 3,
    spot: [0.05, 0.06],
    futures: [0.014, 0.0375],
    spotVolume30d: 8 * M,
    futuresVolume30d: 20 * M,
    assets: 250_000,
    withdrawalLimit24h: 8 * M,
  },
  {
    level: 4,
    spot: [0.04, 0.05],
    futures: [0.012, 0.035],
    spotVolume30d: 30 * M,
    futuresVolume30d: 50 * M,
    assets: 750_000,
    withdrawalLimit24h: 10 * M,
  },
  {
    level: 5,
    spot: [0.035, 0.045],
    futures: [0.01, 0.032],
    spotVolume30d: 50 * M,
    futuresVolume30d: 100 * M,
    assets: 2 * M,
    withdrawalLimit24h: 12 * M,
  },
  {
    level: 6,
    spot: [0.03, 0.04],
    futures: [0.008, 0.03],
    spotVolume30d: 100 * M,
    futuresVolume30d: 250 * M,
    assets: 5 * M,
    withdrawalLimit24h: 15 * M,
  },
  {
    level: 7,
    spot: [0.02, 0.035],
    futures: [0.006, 0.028],
    spotVolume30d: 250 * M,
    futuresVolume30d: 500 * M,
    assets: 10 * M,
    withdrawalLimit24h: 20 * M,
  },
];

/** Percent (0.0375) to parts per million (375), rounded so float noise never leaks into the database. */
export const percentToPpm = (percent: number): number => Math.round(percent * 10_000);

/** Fixed creation time so a seeded database is the same on every machine. */
const SEEDED_AT = "2026-01-05T09:00:00.000Z";

type Executor = Pick<Db, "selectFrom" | "insertInto">;

async function isEmpty(db: Executor, table: "users" | "domain_config" | "vip_levels"): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

async function seedClientSettings(db: Executor, settings: Readonly<Record<string, unknown>>): Promise<void> {
  for (const [key, value] of Object.entries(settings)) {
    const exists = await db.selectFrom("client_settings").select("key").where("key", "=", key).executeTakeFirst();
    if (!exists)
      await db
        .insertInto("client_settings")
        .values({ key, value: JSON.stringify(value) })
        .execute();
  }
}

/**
 * The image hosts seeded for each environment. A reference deployment with a public origin serves the images itself
 * (`/affiliates/static/…`), so in every environment its hosts are that origin: the web app's host probe then finds a
 * real host instead of logging a console error per `.example` host that never resolves. Without one, the
 * illustrative hosts stay.
 */
export function demoDomains(publicOrigin?: string): typeof DEMO_DOMAINS {
  if (!publicOrigin) return DEMO_DOMAINS;
  const own = { foreign: [publicOrigin], internal: [publicOrigin] };
  return { test: own, beta: own, online: own };
}

/** Seeds the demo accounts, CDN domains and client settings into a database without users; returns whether it did. */
async function seedAccountsIfEmpty(db: Db, publicOrigin?: string): Promise<boolean> {
  if (!(await isEmpty(db, "users"))) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction().execute(async (trx) => {
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      await trx
        .insertInto("users")
        .values({
          user_id: account.userId,
          email: account.email,
          password_hash: hashes[i] ?? "",
          mobile: account.mobile,
          user_name: account.userName,
          role: account.role,
          created_at: SEEDED_AT,
        })
        .execute();
      await trx
        .insertInto("user_settings")
        .values({ user_id: account.userId, ...account.settings })
        .execute();
    }
    if (await isEmpty(trx, "domain_config")) {
      let id = 1;
      for (const [env, lists] of Object.entries(demoDomains(publicOrigin))) {
        for (const kind of ["foreign", "internal"] as const) {
          for (const [sort, domain] of lists[kind].entries()) {
            await trx.insertInto("domain_config").values({ id: id++, app_env: env, kind, domain, sort }).execute();
          }
        }
      }
    }
    await seedClientSettings(trx, DEMO_CLIENT_SETTINGS);
  });
  return true;
}

/** Seeds the VIP levels (and the platform-token discount) when `vip_levels` is empty, e.g. a database migrated from 0001. */
async function seedVipIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db, "vip_levels"))) return false;
  await db.transaction().execute(async (trx) => {
    for (const v of DEMO_VIP_LEVELS) {
      await trx
        .insertInto("vip_levels")
        .values({
          level: v.level,
          name: `VIP${v.level}`,
          spot_maker_ppm: percentToPpm(v.spot[0]),
          spot_taker_ppm: percentToPpm(v.spot[1]),
          futures_maker_ppm: percentToPpm(v.futures[0]),
          futures_taker_ppm: percentToPpm(v.futures[1]),
          spot_volume_30d: v.spotVolume30d,
          futures_volume_30d: v.futuresVolume30d,
          assets: v.assets,
          withdrawal_limit_24h: v.withdrawalLimit24h,
        })
        .execute();
    }
    await seedClientSettings(trx, VIP_CLIENT_SETTINGS);
  });
  return true;
}

/**
 * Seeds each part of the demo data whose table is empty (accounts, VIP levels), each in one transaction,
 * so a database created before a later migration still gets that migration's data. Returns whether anything was seeded.
 */
export async function seedIfEmpty(db: Db, options: { publicOrigin?: string } = {}): Promise<boolean> {
  const accounts = await seedAccountsIfEmpty(db, options.publicOrigin);
  const vip = await seedVipIfEmpty(db);
  const affiliate = await seedAffiliateIfEmpty(db);
  const vipProgramme = await seedVipProgrammeIfEmpty(db);
  const partners = await seedPartnersIfEmpty(db);
  return accounts || vip || affiliate || vipProgramme || partners;
}
