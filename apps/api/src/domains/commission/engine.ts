import fp from "fastify-plugin";
import { PostgresAdapter } from "kysely";
import type { Db } from "../../platform/db/schema";
import type { CommissionEngineOptions, EngineContext } from "./engine-context";
import { createFeed } from "./feed";
import { createSettlement } from "./settlement";
import { createLevelReview } from "./level-review";

export type { CommissionEngineOptions } from "./engine-context";
export { earningsOf } from "./rules";

/**
 * The commission engine of the reference exchange: the fills it is fed, the commission lines they add to, the daily
 * settlement into the affiliates' ledgers, and the monthly level review. Every step is one transaction whose writes
 * are keyed so that a retried or concurrent call changes nothing twice (on SQLite and PostgreSQL alike).
 */
export function createCommissionEngine(db: Db, options: CommissionEngineOptions) {
  const nowIso = () => new Date(options.now()).toISOString();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const context: EngineContext = { db, postgres, nowIso, options };
  return { ...createFeed(context), ...createSettlement(context), ...createLevelReview(context) };
}

export type CommissionEngine = ReturnType<typeof createCommissionEngine>;

declare module "fastify" {
  interface FastifyInstance {
    commissions: CommissionEngine;
  }
}

export default fp<CommissionEngineOptions>(
  (app, options, done) => {
    app.decorate(
      "commissions",
      createCommissionEngine(app.db, { ...options, ...(app.hasDecorator("metrics") ? { metrics: app.metrics } : {}) }),
    );
    done();
  },
  { name: "commission-engine", dependencies: ["db"] },
);
