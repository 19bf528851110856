import fp from "fastify-plugin";
import {
  VIP_METRICS,
  vipRulesSchema,
  vipTrialSchema,
  type FeeLevel,
  type FeeSchedule,
  type VipAirdrop,
  type VipAirdropJoined,
  type VipAirdropList,
  type VipAirdropParticipantList,
  type VipAirdropState,
  type VipGuide,
  type VipLevelBenefits,
  type VipMetric,
  type VipMetrics,
  type VipProgramme,
  type VipRules,
  type VipStatus,
  type VipTrial,
} from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { ApiError } from "../../platform/http/errors";
import type { ConfigRepository } from "../config/repository";
import { faqFor, faqLocale } from "../content/faq";

/** Parts per million to the fraction the contract speaks (375 → 0.000375, the same double as the literal). */
export const ppmToFraction = (ppm: number | string): number => Number(ppm) / 1_000_000;

export const DEFAULT_PLATFORM_TOKEN_DISCOUNT = 0.2;
export const VIP_TRIAL_SETTING = "vipTrial";
export const VIP_RULES_SETTING = "vipRules";
export const DEFAULT_VIP_TRIAL: VipTrial = {
  level: 1,
  days: 14,
  depositUsd: 15_000,
  spotVolume30d: 250_000,
  futuresVolume30d: 2_500_000,
};
export const DEFAULT_VIP_RULES: VipRules = { reviewHourUtc: 0, protectionDays: 60, graceDays: 15 };

const THRESHOLD_OF: Record<VipMetric, keyof FeeLevel> = {
  spotVolume30d: "spotVolume30d",
  futuresVolume30d: "futuresVolume30d",
  assets: "assets",
};

/** The highest level a metric value reaches on its own (a threshold of 0 means none: only VIP0 has it). */
export function levelByMetric(levels: readonly FeeLevel[], metric: VipMetric, value: number): number {
  let best = 0;
  for (const level of levels) {
    const threshold = Number(level[THRESHOLD_OF[metric]] ?? 0);
    if (threshold > 0 && value >= threshold && level.level > best) best = level.level;
  }
  return best;
}

/** The level the metrics earn (the highest met applies) and the metric that earns it (first in VIP_METRICS order on ties). */
export function levelOfMetrics(
  levels: readonly FeeLevel[],
  metrics: VipMetrics,
): { level: number; qualifiedBy: VipMetric | null } {
  let level = 0;
  let qualifiedBy: VipMetric | null = null;
  for (const metric of VIP_METRICS) {
    const reached = levelByMetric(levels, metric, metrics[metric]);
    if (reached > level) {
      level = reached;
      qualifiedBy = metric;
    }
  }
  return { level, qualifiedBy };
}

export function airdropState(startsAt: string, endsAt: string, nowIso: string): VipAirdropState {
  if (nowIso < startsAt) return "upcoming";
  return nowIso < endsAt ? "live" : "ended";
}

const STATE_ORDER: Record<VipAirdropState, number> = { live: 0, upcoming: 1, ended: 2 };

export interface VipRepositoryOptions {
  now?: () => number;
}

export function createVipRepository(db: Db, config: ConfigRepository, options: VipRepositoryOptions = {}) {
  const now = options.now ?? Date.now;
  const nowIso = () => new Date(now()).toISOString();

  /** A JSON object setting from client_settings, validated; missing or malformed → the fallback. */
  async function setting<T>(key: string, parse: (value: unknown) => T | undefined, fallback: T): Promise<T> {
    const row = await db.selectFrom("client_settings").select("value").where("key", "=", key).executeTakeFirst();
    if (!row) return fallback;
    try {
      return parse(JSON.parse(row.value)) ?? fallback;
    } catch {
      return fallback;
    }
  }

  return {
    async levels(): Promise<FeeLevel[]> {
      const rows = await db.selectFrom("vip_levels").selectAll().orderBy("level").execute();
      return rows.map((r) => ({
        level: Number(r.level),
        name: r.name,
        spotMaker: ppmToFraction(r.spot_maker_ppm),
        spotTaker: ppmToFraction(r.spot_taker_ppm),
        futuresMaker: ppmToFraction(r.futures_maker_ppm),
        futuresTaker: ppmToFraction(r.futures_taker_ppm),
        spotVolume30d: Number(r.spot_volume_30d),
        futuresVolume30d: Number(r.futures_volume_30d),
        assets: Number(r.assets),
        withdrawalLimit24h: Number(r.withdrawal_limit_24h),
      }));
    },

    async platformTokenDiscount(): Promise<number> {
      const discount = await config.clientSetting("platformTokenDiscount", DEFAULT_PLATFORM_TOKEN_DISCOUNT);
      return Number.isFinite(discount) && discount >= 0 && discount <= 1 ? discount : DEFAULT_PLATFORM_TOKEN_DISCOUNT;
    },

    /** The schedule of `GET /v1/vip/fee-schedule`; a discount outside 0..1 in the settings falls back to the default. */
    async feeSchedule(): Promise<FeeSchedule> {
      const [levels, platformTokenDiscount] = await Promise.all([this.levels(), this.platformTokenDiscount()]);
      return { levels, platformTokenDiscount };
    },

    async benefits(): Promise<VipLevelBenefits[]> {
      const rows = await db.selectFrom("vip_level_benefits").selectAll().orderBy("level").execute();
      return rows.map((r) => ({
        level: Number(r.level),
        dedicatedManager: Number(r.dedicated_manager) === 1,
        airdrops: Number(r.airdrops) === 1,
        vipEarn: Number(r.vip_earn) === 1,
        apiRequestsPerSecond: Number(r.api_rps),
        subAccounts: Number(r.sub_accounts),
      }));
    },

    /** `GET /v1/vip/programme`; a malformed trial or rules setting falls back to the defaults. */
    async programme(): Promise<VipProgramme> {
      const [schedule, benefits, trial, rules] = await Promise.all([
        this.feeSchedule(),
        this.benefits(),
        setting(VIP_TRIAL_SETTING, (v) => vipTrialSchema.safeParse(v).data, DEFAULT_VIP_TRIAL),
        setting(VIP_RULES_SETTING, (v) => vipRulesSchema.safeParse(v).data, DEFAULT_VIP_RULES),
      ]);
      return { ...schedule, benefits, trial, rules };
    },

    /** The guide's FAQ in `locale` (item by item falling back to English) and the locale whose file answered. */
    guide(locale: string | null | undefined): VipGuide {
      return { locale: faqLocale(locale), faq: faqFor("vip", locale) };
    },

    /** The user's level: from the metrics (the highest met applies), or the higher level a running grace period keeps. */
    async status(userId: string): Promise<VipStatus> {
      const [levels, row] = await Promise.all([
        this.levels(),
        db.selectFrom("vip_user_metrics").selectAll().where("user_id", "=", userId).executeTakeFirst(),
      ]);
      const metrics: VipMetrics = {
        spotVolume30d: Number(row?.spot_volume_30d ?? 0),
        futuresVolume30d: Number(row?.futures_volume_30d ?? 0),
        assets: Number(row?.assets ?? 0),
      };
      const earned = levelOfMetrics(levels, metrics);
      const at = nowIso();
      const graceLevel = row?.grace_level ?? null;
      const grace =
        graceLevel !== null && row?.grace_ends_at && row.grace_ends_at > at && graceLevel > earned.level
          ? { level: Number(graceLevel), endsAt: row.grace_ends_at }
          : null;
      const levelNumber = grace ? grace.level : earned.level;
      const level = levels.find((l) => l.level === levelNumber) ?? levels[0];
      if (!level) throw new ApiError("internal", "vip: no levels configured");
      const targetLevel = grace ? level : levels.find((l) => l.level === levelNumber + 1);
      const target = targetLevel
        ? {
            level: targetLevel.level,
            name: targetLevel.name,
            reason: grace ? ("keep" as const) : ("next" as const),
            progress: VIP_METRICS.map((metric) => {
              const goal = Number(targetLevel[THRESHOLD_OF[metric]] ?? 0);
              return {
                metric,
                current: metrics[metric],
                target: goal,
                ratio: goal > 0 ? Math.min(1, metrics[metric] / goal) : 1,
              };
            }),
          }
        : null;
      return {
        level: level.level,
        name: level.name,
        qualifiedBy: earned.qualifiedBy,
        metricLevel: earned.level,
        metrics,
        target,
        fees: {
          spotMaker: level.spotMaker,
          spotTaker: level.spotTaker,
          futuresMaker: level.futuresMaker,
          futuresTaker: level.futuresTaker,
        },
        withdrawalLimit24h: level.withdrawalLimit24h ?? 0,
        grace,
        reviewedAt: row?.reviewed_at ?? `${at.slice(0, 10)}T00:00:00.000Z`,
      };
    },

    /** Campaigns live first, then upcoming (soonest first), then ended (latest first); `joined` for a logged-in user. */
    async airdrops(userId: string): Promise<VipAirdropList> {
      const at = nowIso();
      const [rows, counts, mine, userLevel] = await Promise.all([
        db.selectFrom("vip_airdrops").selectAll().execute(),
        db
          .selectFrom("vip_airdrop_participants")
          .select((eb) => ["campaign_id", eb.fn.countAll().as("n")])
          .groupBy("campaign_id")
          .execute(),
        userId
          ? db.selectFrom("vip_airdrop_participants").select("campaign_id").where("user_id", "=", userId).execute()
          : Promise.resolve([]),
        userId ? this.status(userId).then((s) => s.level) : Promise.resolve(null),
      ]);
      const countOf = new Map(counts.map((c) => [c.campaign_id, Number(c.n)]));
      const joined = new Set(mine.map((m) => m.campaign_id));
      const campaigns: VipAirdrop[] = rows.map((r) => ({
        id: r.id,
        coin: r.coin,
        name: r.name,
        poolAmount: Number(r.pool_amount),
        requiredLevel: Number(r.required_level),
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        state: airdropState(r.starts_at, r.ends_at, at),
        participants: countOf.get(r.id) ?? 0,
        joined: userId ? joined.has(r.id) : null,
      }));
      campaigns.sort((a, b) => {
        const byState = STATE_ORDER[a.state] - STATE_ORDER[b.state];
        if (byState !== 0) return byState;
        return a.state === "ended" ? b.endsAt.localeCompare(a.endsAt) : a.startsAt.localeCompare(b.startsAt);
      });
      return { now: at, userLevel, campaigns };
    },

    /**
     * Joins a live campaign: 404 for an unknown id, 409 (21002) when it is not live, 403 (21001) when the user's level
     * is below the required one. Joining again answers the first join with `alreadyJoined: true`.
     */
    async joinAirdrop(userId: string, campaignId: string): Promise<VipAirdropJoined> {
      const campaign = await db.selectFrom("vip_airdrops").selectAll().where("id", "=", campaignId).executeTakeFirst();
      if (!campaign) throw new ApiError("not_found", "campaign: not found");
      const existing = await db
        .selectFrom("vip_airdrop_participants")
        .select("joined_at")
        .where("campaign_id", "=", campaignId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (existing) return { campaignId, joinedAt: existing.joined_at, alreadyJoined: true };
      const at = nowIso();
      const state = airdropState(campaign.starts_at, campaign.ends_at, at);
      if (state !== "live")
        throw new ApiError(
          "airdrop_not_live",
          `campaign: ${state === "upcoming" ? "has not started yet" : "has ended"}`,
        );
      const { level } = await this.status(userId);
      const required = Number(campaign.required_level);
      if (level < required)
        throw new ApiError("vip_level_too_low", `campaign: requires VIP${required}, your level is VIP${level}`);
      // A concurrent first join of the same user loses the insert race harmlessly: the primary key keeps one row.
      await db
        .insertInto("vip_airdrop_participants")
        .values({ campaign_id: campaignId, user_id: userId, joined_at: at })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await db
        .selectFrom("vip_airdrop_participants")
        .select("joined_at")
        .where("campaign_id", "=", campaignId)
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return { campaignId, joinedAt: row.joined_at, alreadyJoined: row.joined_at !== at };
    },

    /** Operators' view of a campaign's participants (404 for an unknown campaign). */
    async airdropParticipants(campaignId: string): Promise<VipAirdropParticipantList> {
      const campaign = await db.selectFrom("vip_airdrops").select("id").where("id", "=", campaignId).executeTakeFirst();
      if (!campaign) throw new ApiError("not_found", "campaign: not found");
      const rows = await db
        .selectFrom("vip_airdrop_participants")
        .select(["user_id", "joined_at"])
        .where("campaign_id", "=", campaignId)
        .orderBy("joined_at")
        .orderBy("user_id")
        .execute();
      return { campaignId, participants: rows.map((r) => ({ userId: r.user_id, joinedAt: r.joined_at })) };
    },
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;

declare module "fastify" {
  interface FastifyInstance {
    vip: VipRepository;
  }
}

export default fp<VipRepositoryOptions>(
  (app, options, done) => {
    app.decorate("vip", createVipRepository(app.db, app.configRepository, options));
    done();
  },
  { name: "vip-repository", dependencies: ["db", "config-repository"] },
);
