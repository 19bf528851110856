import type { Db, VipTables } from "../platform/db/schema";
import { DAY_MS, dayOf, dayStart } from "../platform/lib/days";
import { DEFAULT_VIP_RULES, DEFAULT_VIP_TRIAL, VIP_RULES_SETTING, VIP_TRIAL_SETTING } from "../domains/vip/repository";

/**
 * The VIP programme's demo data, seeded into empty tables after the accounts and the affiliate data:
 * - benefits per level (dedicated manager from VIP2, airdrops and VIP earn from VIP1, API limits and sub-accounts rising);
 * - the trial offer and the review rules (reference data: a 15k USD deposit or 250k spot / 2.5M futures volume;
 *   no downgrade for 60 days, then a 15-day grace period);
 * - VIP metrics of the demo users: affiliate@example.com is VIP2 by futures volume, partner@example.com earns VIP1 but
 *   keeps VIP3 in a grace period, user@example.com is VIP0 on its way to VIP1;
 * - four new-coin airdrops around the clock at seeding: two live (VIP1 and VIP3), one upcoming (VIP2), one ended.
 */

const M = 1_000_000;

/** level, dedicated manager, airdrops, VIP earn, API requests per second, sub-accounts. */
export const VIP_BENEFITS: readonly (readonly [number, boolean, boolean, boolean, number, number])[] = [
  [0, false, false, false, 20, 20],
  [1, false, true, true, 30, 50],
  [2, true, true, true, 40, 100],
  [3, true, true, true, 60, 200],
  [4, true, true, true, 80, 300],
  [5, true, true, true, 100, 500],
  [6, true, true, true, 150, 800],
  [7, true, true, true, 200, 1000],
];

export interface VipMetricsSeed {
  userId: string;
  spotVolume30d: number;
  futuresVolume30d: number;
  assets: number;
  /** A grace period keeping this level for `graceDaysLeft` more days. */
  grace?: { level: number; daysLeft: number };
}

export const VIP_DEMO_METRICS: readonly VipMetricsSeed[] = [
  { userId: "8012345678", spotVolume30d: 620_000, futuresVolume30d: 14 * M, assets: 42_000 },
  { userId: "8012345679", spotVolume30d: 120_000, futuresVolume30d: 800_000, assets: 6_500 },
  {
    userId: "8012345680",
    spotVolume30d: 900_000,
    futuresVolume30d: 3 * M,
    assets: 28_000,
    grace: { level: 3, daysLeft: 9 },
  },
];

export interface AirdropSeed {
  id: string;
  coin: string;
  name: string;
  poolAmount: number;
  requiredLevel: number;
  /** Start and end in days from the seeding clock. */
  startDay: number;
  endDay: number;
  /** Demo users who already joined. */
  joinedBy: readonly string[];
}

export const VIP_AIRDROPS: readonly AirdropSeed[] = [
  {
    id: "nova-launch",
    coin: "NOVA",
    name: "Nova Network",
    poolAmount: 2 * M,
    requiredLevel: 1,
    startDay: -2,
    endDay: 5,
    joinedBy: ["8012345680"],
  },
  {
    id: "zeta-prime",
    coin: "ZETA",
    name: "Zeta Prime",
    poolAmount: 500_000,
    requiredLevel: 3,
    startDay: -1,
    endDay: 6,
    joinedBy: [],
  },
  {
    id: "orbit-drop",
    coin: "ORBT",
    name: "Orbit Protocol",
    poolAmount: 1_200_000,
    requiredLevel: 2,
    startDay: 3,
    endDay: 10,
    joinedBy: [],
  },
  {
    id: "lumen-airdrop",
    coin: "LMN",
    name: "Lumen Chain",
    poolAmount: 800_000,
    requiredLevel: 1,
    startDay: -20,
    endDay: -10,
    joinedBy: ["8012345678", "8012345680"],
  },
];

const countOf = async (db: Pick<Db, "selectFrom">, table: keyof VipTables): Promise<number> => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/** Seeds each empty VIP-programme table (and missing settings) in one transaction; returns whether anything was seeded. */
export async function seedVipProgrammeIfEmpty(db: Db, now: number = Date.now()): Promise<boolean> {
  const iso = (days: number) => new Date(now + days * DAY_MS).toISOString();
  const todayStart = dayStart(dayOf(now));
  let seeded = false;
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of [
      [VIP_TRIAL_SETTING, DEFAULT_VIP_TRIAL],
      [VIP_RULES_SETTING, DEFAULT_VIP_RULES],
    ] as const) {
      const exists = await trx.selectFrom("client_settings").select("key").where("key", "=", key).executeTakeFirst();
      if (!exists) {
        await trx
          .insertInto("client_settings")
          .values({ key, value: JSON.stringify(value) })
          .execute();
        seeded = true;
      }
    }
    if ((await countOf(trx, "vip_level_benefits")) === 0) {
      await trx
        .insertInto("vip_level_benefits")
        .values(
          VIP_BENEFITS.map(([level, manager, airdrops, earn, rps, subs]) => ({
            level,
            dedicated_manager: manager ? 1 : 0,
            airdrops: airdrops ? 1 : 0,
            vip_earn: earn ? 1 : 0,
            api_rps: rps,
            sub_accounts: subs,
          })),
        )
        .execute();
      seeded = true;
    }
    const users = new Set((await trx.selectFrom("users").select("user_id").execute()).map((u) => u.user_id));
    if ((await countOf(trx, "vip_user_metrics")) === 0) {
      const rows = VIP_DEMO_METRICS.filter((m) => users.has(m.userId)).map((m) => ({
        user_id: m.userId,
        spot_volume_30d: m.spotVolume30d,
        futures_volume_30d: m.futuresVolume30d,
        assets: m.assets,
        grace_level: m.grace?.level ?? null,
        grace_ends_at: m.grace ? iso(m.grace.daysLeft) : null,
        reviewed_at: todayStart,
      }));
      if (rows.length) {
        await trx.insertInto("vip_user_metrics").values(rows).execute();
        seeded = true;
      }
    }
    if ((await countOf(trx, "vip_airdrops")) === 0) {
      await trx
        .insertInto("vip_airdrops")
        .values(
          VIP_AIRDROPS.map((a) => ({
            id: a.id,
            coin: a.coin,
            name: a.name,
            pool_amount: a.poolAmount,
            required_level: a.requiredLevel,
            starts_at: iso(a.startDay),
            ends_at: iso(a.endDay),
          })),
        )
        .execute();
      const joins = VIP_AIRDROPS.flatMap((a) =>
        a.joinedBy
          .filter((u) => users.has(u))
          .map((userId) => ({ campaign_id: a.id, user_id: userId, joined_at: iso(a.startDay + 0.5) })),
      );
      if (joins.length) await trx.insertInto("vip_airdrop_participants").values(joins).execute();
      seeded = true;
    }
  });
  return seeded;
}
