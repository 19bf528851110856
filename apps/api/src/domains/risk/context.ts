import type { Db } from "../../platform/db/schema";

export interface RiskRepositoryOptions {
  now: () => number;
}

/** What the risk repository's parts share: the database and the clock. */
export interface RiskContext {
  db: Db;
  options: RiskRepositoryOptions;
  nowIso: () => string;
}
