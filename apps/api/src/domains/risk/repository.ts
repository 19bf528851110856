import fp from "fastify-plugin";
import type { Db } from "../../platform/db/schema";
import type { RiskContext, RiskRepositoryOptions } from "./context";
import { createHolderChecks } from "./holder-checks";
import { createRiskFlags } from "./flags";

export type { RiskRepositoryOptions } from "./context";
export type { HolderSignals } from "./holder-checks";
export { holdOf } from "./flags";

/** Same-account-holder checks of referrals, the sightings they compare, and the operators' hold flags. */
export function createRiskRepository(db: Db, options: RiskRepositoryOptions) {
  const nowIso = () => new Date(options.now()).toISOString();
  const context: RiskContext = { db, options, nowIso };
  return { ...createHolderChecks(context), ...createRiskFlags(context) };
}

export type RiskRepository = ReturnType<typeof createRiskRepository>;

declare module "fastify" {
  interface FastifyInstance {
    risk: RiskRepository;
  }
}

export default fp<RiskRepositoryOptions>(
  (app, options, done) => {
    app.decorate("risk", createRiskRepository(app.db, options));
    done();
  },
  { name: "risk-repository", dependencies: ["db"] },
);
