import fp from "fastify-plugin";
import type { FeeLevel, FeeSchedule } from "@affiliates/contracts";
import type { Db } from "../../db/schema";
import type { ConfigRepository } from "./config-repository";

/** Parts per million to the fraction the contract speaks (375 → 0.000375, the same double as the literal). */
export const ppmToFraction = (ppm: number | string): number => Number(ppm) / 1_000_000;

export const DEFAULT_PLATFORM_TOKEN_DISCOUNT = 0.2;

export function createVipRepository(db: Db, config: ConfigRepository) {
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
    /** The schedule of `GET /v1/vip/fee-schedule`; a discount outside 0..1 in the settings falls back to the default. */
    async feeSchedule(): Promise<FeeSchedule> {
      const [levels, discount] = await Promise.all([
        this.levels(),
        config.clientSetting("platformTokenDiscount", DEFAULT_PLATFORM_TOKEN_DISCOUNT),
      ]);
      const platformTokenDiscount = Number.isFinite(discount) && discount >= 0 && discount <= 1 ? discount : DEFAULT_PLATFORM_TOKEN_DISCOUNT;
      return { levels, platformTokenDiscount };
    },
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;

declare module "fastify" {
  interface FastifyInstance {
    vip: VipRepository;
  }
}

export default fp(
  (app, _options, done) => {
    app.decorate("vip", createVipRepository(app.db, app.configRepository));
    done();
  },
  { name: "vip-repository", dependencies: ["db", "config-repository"] },
);
