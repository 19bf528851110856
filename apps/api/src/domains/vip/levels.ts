import {
  VIP_METRICS,
  type FeeLevel,
  type VipAirdropState,
  type VipMetric,
  type VipMetrics,
  type VipRules,
  type VipTrial,
} from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import type { ConfigRepository } from "../config/repository";

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

export const THRESHOLD_OF: Record<VipMetric, keyof FeeLevel> = {
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

/** What the VIP repository's parts share: the database, the client settings and the clock. */
export interface VipContext {
  db: Db;
  config: ConfigRepository;
  nowIso: () => string;
}
