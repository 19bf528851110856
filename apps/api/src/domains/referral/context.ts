import type { Db } from "../../platform/db/schema";
import type { RiskRepository } from "../risk/repository";

export interface ReferralRepositoryOptions {
  now: () => number;
}

/** What the referral repository's parts share: the database, the clock, and the risk checks. */
export interface ReferralContext {
  db: Db;
  options: ReferralRepositoryOptions;
  nowIso: () => string;
  risk: RiskRepository;
}
