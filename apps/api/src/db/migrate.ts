import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./schema";
import * as initial from "./migrations/0001-initial";
import * as vipAndSupport from "./migrations/0002-vip-and-support";
import * as deviceTokens from "./migrations/0003-device-tokens";
import * as analytics from "./migrations/0004-analytics";
import * as errorEvents from "./migrations/0005-error-events";
import * as affiliate from "./migrations/0006-affiliate";
import * as vipProgramme from "./migrations/0007-vip-programme";
import * as partnerProgrammes from "./migrations/0008-partner-programmes";
import * as affiliateCardQuota from "./migrations/0009-affiliate-card-quota";
import * as referralLoop from "./migrations/0010-referral-loop";

/** Migrations are imported statically (no directory scanning), so they work the same under tsx, vitest and bundlers. */
const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-vip-and-support": vipAndSupport,
  "0003-device-tokens": deviceTokens,
  "0004-analytics": analytics,
  "0005-error-events": errorEvents,
  "0006-affiliate": affiliate,
  "0007-vip-programme": vipProgramme,
  "0008-partner-programmes": partnerProgrammes,
  "0009-affiliate-card-quota": affiliateCardQuota,
  "0010-referral-loop": referralLoop,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/**
 * On PostgreSQL the migration tables are looked up by schema: Kysely's check otherwise finds them in any schema
 * (e.g. another test's) and skips creating its own.
 */
export async function migrateToLatest(db: Db, migrationTableSchema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
