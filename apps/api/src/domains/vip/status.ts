import { VIP_METRICS, type FeeLevel, type VipMetrics, type VipStatus } from "@affiliates/contracts";
import { ApiError } from "../../platform/http/errors";
import { levelOfMetrics, THRESHOLD_OF, type VipContext } from "./levels";

/** A user's VIP status. */
export function createVipStatus({ db, nowIso }: VipContext, programme: { levels(): Promise<FeeLevel[]> }) {
  return {
    /** The user's level: from the metrics (the highest met applies), or the higher level a running grace period keeps. */
    async status(userId: string): Promise<VipStatus> {
      const [levels, row] = await Promise.all([
        programme.levels(),
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
  };
}
