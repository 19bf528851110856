import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type DatabaseIntrospector } from "kysely";
import pg from "pg";
import { OwnSchemaIntrospector } from "./own-schema-introspector";
import type { Database, Db, Dialect } from "./schema";

/** Where the database is: the parts of the API's configuration the connection needs. */
export interface ConnectionOptions {
  databaseUrl: string;
  dataDir: string;
  pgSchema: string | undefined;
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

/** PostgreSQL whose introspection (what Kysely's migrator asks at start) sees the API's own schema alone. */
class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

export function createDb(options: ConnectionOptions): {
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
    return { db: new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) }), dialect: "postgres", pool };
  }
  const file = sqliteFile(options.databaseUrl, options.dataDir);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: "sqlite" };
}
