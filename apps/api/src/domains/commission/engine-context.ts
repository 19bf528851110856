import type { Db } from "../../platform/db/schema";
import type { Metrics } from "../../platform/plugins/metrics";

export interface CommissionEngineOptions {
  now: () => number;
  /** The instance's metrics (feed fills/s and lag, settlement runs and duration), when it has them. */
  metrics?: Pick<
    Metrics,
    "feedFills" | "feedBatch" | "feedLag" | "settlementRuns" | "settlementLines" | "settlementDuration"
  >;
}

/** What the engine's parts share: the database, its dialect, the clock and the metrics. */
export interface EngineContext {
  db: Db;
  /** PostgreSQL (row locks, one-statement settlement) rather than SQLite (one transaction at a time). */
  postgres: boolean;
  nowIso: () => string;
  options: CommissionEngineOptions;
}
