import { Migrator, sql, type Migration } from "kysely";
import type { Db, Dialect } from "./schema";
/**
 * On PostgreSQL the migration tables are looked up by schema: Kysely's check otherwise finds them in any schema
 * (e.g. another test's) and skips creating its own.
 */
export async function migrateToLatest(
  db: Db,
  migrations: Record<string, Migration>,
  migrationTableSchema?: string,
): Promise<string[]> {
  const provider = { getMigrations: () => Promise.resolve(migrations) };
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
  /**
   * The migrations by name (src/migrations: above the domains, whose code some of them run; the platform never
   * imports them).
   */
  migrations: Record<string, Migration>;
  /** PostgreSQL: the schema the tables live in (first on the connection's search_path); default `public`. */
  pgSchema?: string | undefined;
  /** Runs after the migrations, still under the lock (the seed's check-then-insert). */
  afterMigrate?: (db: Db) => Promise<void>;
}

/**
 * Migrates (and seeds, through `afterMigrate`) under the migration lock: what each API instance does at start and
 * `npm run migrate` does alone. Returns the migrations applied by this call.
 */
export async function prepareDatabase(db: Db, dialect: Dialect, options: PrepareOptions): Promise<string[]> {
  const schema = dialect === "postgres" ? (options.pgSchema ?? "public") : undefined;
  return withMigrationLock(db, dialect, schema, async () => {
    if (schema && options.pgSchema) await ensureSchema(db, schema);
    const applied = await migrateToLatest(db, options.migrations, schema);
    await options.afterMigrate?.(db);
    return applied;
  });
}
