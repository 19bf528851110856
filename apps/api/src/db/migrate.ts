import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import type { Db, Dialect } from "./schema";
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
import * as analyticsSender from "./migrations/0011-analytics-sender";
import * as scaleTotals from "./migrations/0012-scale-totals";
import * as abuseLimits from "./migrations/0013-abuse-limits";
import * as storageBounds from "./migrations/0014-storage-bounds";
import * as riskHolds from "./migrations/0015-risk-holds";
import * as subAffiliateConsent from "./migrations/0016-sub-affiliate-consent";
import * as analyticsRetention from "./migrations/0017-analytics-retention";
import * as partnerDesk from "./migrations/0018-partner-desk";

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
  "0011-analytics-sender": analyticsSender,
  "0012-scale-totals": scaleTotals,
  "0013-abuse-limits": abuseLimits,
  "0014-storage-bounds": storageBounds,
  "0015-risk-holds": riskHolds,
  "0016-sub-affiliate-consent": subAffiliateConsent,
  "0017-analytics-retention": analyticsRetention,
  "0018-partner-desk": partnerDesk,
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

/**
 * The first half of the PostgreSQL advisory-lock key taken around migrating and seeding ("AFF1"); the second half is
 * a hash of the schema, so instances of one deployment queue behind each other while test schemas do not.
 */
export const MIGRATION_LOCK_CLASS = 0x41464631;

/** A stable signed 32-bit hash (FNV-1a) of the schema name: the lock's second key. */
export function migrationLockKey(schema: string): number {
  let hash = 0x811c9dc5;
  for (const char of schema) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/**
 * Runs `work` while holding the deployment's migration lock. PostgreSQL: a session-level `pg_advisory_lock` on one
 * pooled connection, so several instances booting at once on one database run their migrations and seed one after
 * the other (the later ones then find nothing to do); the lock goes with the connection if the process dies.
 * SQLite: one process per file, nothing to lock.
 */
export async function withMigrationLock<T>(
  db: Db,
  dialect: Dialect,
  schema: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (dialect !== "postgres") return work();
  const key = migrationLockKey(schema ?? "public");
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_CLASS}::int4, ${key}::int4)`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_CLASS}::int4, ${key}::int4)`.execute(connection);
    }
  });
}

/** Creates the PostgreSQL schema when it does not exist yet (checked first: CREATE needs a privilege an app user may lack). */
async function ensureSchema(db: Db, schema: string): Promise<void> {
  const found = await sql<{ one: number }>`select 1 as one from pg_namespace where nspname = ${schema}`.execute(db);
  if (found.rows.length === 0) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
}

export interface PrepareOptions {
  /** PostgreSQL: the schema the tables live in (first on the connection's search_path); default `public`. */
  pgSchema?: string | undefined;
  /** Runs after the migrations, still under the lock (the seed's check-then-insert). */
  afterMigrate?: (db: Db) => Promise<void>;
}

/**
 * Migrates (and seeds, through `afterMigrate`) under the migration lock: what each API instance does at start and
 * `npm run migrate` does alone. Returns the migrations applied by this call.
 */
export async function prepareDatabase(db: Db, dialect: Dialect, options: PrepareOptions = {}): Promise<string[]> {
  const schema = dialect === "postgres" ? (options.pgSchema ?? "public") : undefined;
  return withMigrationLock(db, dialect, schema, async () => {
    if (schema && options.pgSchema) await ensureSchema(db, schema);
    const applied = await migrateToLatest(db, schema);
    await options.afterMigrate?.(db);
    return applied;
  });
}
