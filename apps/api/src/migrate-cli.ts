// `npm run migrate`: applies the API's pending migrations to the configured database, and nothing else (no seed, no
// server), then exits: 0 when the database is up to date, 1 on failure. Reads DATABASE_URL, DATABASE_SCHEMA and
// DATA_DIR like the API (platform/config.ts). Takes the same lock as an API instance's start (platform/db/migrate.ts), so it may run
// while instances boot. Deployments run it once per release, before starting or replacing the instances.
import { MIGRATIONS } from "./migrations";
import { loadConfig } from "./platform/config";
import { assertSchemaName, createDb, isPostgresUrl, sqliteFile } from "./platform/db/connection";
import { prepareDatabase } from "./platform/db/migrate";

function describeTarget(databaseUrl: string, dataDir: string, schema: string | undefined): string {
  if (!isPostgresUrl(databaseUrl)) return `SQLite ${sqliteFile(databaseUrl, dataDir)}`;
  const url = new URL(databaseUrl);
  url.password = url.password ? "***" : "";
  return `PostgreSQL ${url.host}${url.pathname}, schema ${schema ?? "public"}`;
}

const config = loadConfig();
assertSchemaName(config.pgSchema);
const target = describeTarget(config.databaseUrl, config.dataDir, config.pgSchema);
const { db, dialect } = createDb(config);
try {
  const applied = await prepareDatabase(db, dialect, { migrations: MIGRATIONS, pgSchema: config.pgSchema });
  console.log(
    applied.length ? `[migrate] ${target}: applied ${applied.join(", ")}` : `[migrate] ${target}: up to date`,
  );
  process.exitCode = 0;
} catch (error) {
  console.error(`[migrate] ${target}: failed:`, error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
