import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import fp from "fastify-plugin";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { prepareDatabase } from "../../db/migrate";
import type { Database, Db, Dialect } from "../../db/schema";
import { seedIfEmpty } from "../../db/seed";
import { observePool } from "./metrics";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    dbDialect: Dialect;
  }
}

export interface DbOptions {
  databaseUrl: string;
  dataDir: string;
  pgSchema: string | undefined;
  seed: boolean;
  /** The reference deployment's public origin: its own image host in the test environment. */
  publicOrigin?: string;
}

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/** The SQLite file for a database URL: `:memory:`, a path (optionally `sqlite:`/`file:` prefixed), or the default under DATA_DIR. */
export function sqliteFile(databaseUrl: string, dataDir: string): string {
  if (databaseUrl === ":memory:") return databaseUrl;
  const stripped = databaseUrl.replace(/^(sqlite|file):(\/\/)?/i, "");
  if (stripped === "") return path.join(dataDir, "exchange.sqlite");
  return path.resolve(dataDir, stripped);
}

/** DATABASE_SCHEMA must be a plain identifier: it goes into the connection's search_path. */
export function assertSchemaName(schema: string | undefined): void {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/i.test(schema))
    throw new RangeError(`Invalid PostgreSQL schema name "${schema}"`);
}

export function createDb(options: Pick<DbOptions, "databaseUrl" | "dataDir" | "pgSchema">): {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL's connection pool (its usage is a metric); none on SQLite. */
  pool?: pg.Pool;
} {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres", pool };
  }
  const file = sqliteFile(options.databaseUrl, options.dataDir);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: "sqlite" };
}

/**
 * Kysely on SQLite (default) or PostgreSQL (DATABASE_URL=postgres://…); migrates and seeds at start under the migration
 * lock (db/migrate.ts), closes on onClose.
 */
export default fp<DbOptions>(
  async (app, options) => {
    assertSchemaName(options.pgSchema);
    const { db, dialect, pool } = createDb(options);
    if (pool && app.hasDecorator("metrics")) observePool(app.metrics, pool);
    app.decorate("db", db);
    app.decorate("dbDialect", dialect);
    app.addHook("onClose", async () => {
      await db.destroy();
    });
    // Migrate and seed under one lock (PostgreSQL advisory lock): instances booting at once on one database neither
    // fail nor seed twice; the later ones find the migrations applied and the tables filled.
    let seeded = false;
    const applied = await prepareDatabase(db, dialect, {
      pgSchema: options.pgSchema,
      afterMigrate: async () => {
        if (options.seed) seeded = await seedIfEmpty(db, { publicOrigin: options.publicOrigin });
      },
    });
    if (applied.length) app.log.info({ applied }, "database migrated");
    if (seeded) app.log.info("empty tables seeded with demo data");
  },
  { name: "db" },
);
