import fp from "fastify-plugin";
import type { Db } from "../../platform/db/schema";
import type { ConfigRepository } from "../config/repository";
import type { VipContext } from "./levels";
import { createVipProgramme } from "./programme";
import { createVipStatus } from "./status";
import { createVipAirdrops } from "./airdrops";

export { DEFAULT_VIP_RULES, DEFAULT_VIP_TRIAL, levelOfMetrics, VIP_RULES_SETTING, VIP_TRIAL_SETTING } from "./levels";

export interface VipRepositoryOptions {
  now?: () => number;
}

export function createVipRepository(db: Db, config: ConfigRepository, options: VipRepositoryOptions = {}) {
  const now = options.now ?? Date.now;
  const nowIso = () => new Date(now()).toISOString();
  const context: VipContext = { db, config, nowIso };
  const programme = createVipProgramme(context);
  const status = createVipStatus(context, programme);
  return { ...programme, ...status, ...createVipAirdrops(context, status) };
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
