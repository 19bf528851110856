import fp from "fastify-plugin";
import type { Migration } from "kysely";
import { assertSchemaName, createDb, type ConnectionOptions } from "../db/connection";
import { prepareDatabase } from "../db/migrate";
import type { Db, Dialect } from "../db/schema";
import { observePool } from "./metrics";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    dbDialect: Dialect;
  }
}

export interface DbOptions extends ConnectionOptions {
  /** The migrations to apply at start (src/migrations). */
  migrations: Record<string, Migration>;
  /**
   * Fills an empty database once it is migrated, under the migration lock; answers whether it did. Passed in by the
   * application (seeds live above the domains and use them; the platform never imports them).
   */
  seed?: (db: Db) => Promise<boolean>;
}

/**
 * Kysely on SQLite (default) or PostgreSQL (DATABASE_URL=postgres://…); migrates and seeds at start under the migration
 * lock (platform/db/migrate.ts), closes on onClose.
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
      migrations: options.migrations,
      pgSchema: options.pgSchema,
      afterMigrate: async () => {
        if (options.seed) seeded = await options.seed(db);
      },
    });
    if (applied.length) app.log.info({ applied }, "database migrated");
    if (seeded) app.log.info("empty tables seeded with demo data");
  },
  { name: "db" },
);
