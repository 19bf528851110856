import { PostgresAdapter, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Device tokens (issued by POST /v1/constantid/udid/c1), custom anti-fraud tokens and the anti-fraud log
 * (POST /v1/risk/log/report). Tokens are bearer credentials, so only their SHA-256 is stored, as for sessions.
 * Portable types only (text, integer); timestamps are ISO-8601 UTC text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("device_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("app_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("device_tokens_fingerprint")
    .on("device_tokens")
    .columns(["fingerprint", "expires_at"])
    .execute();
  await db.schema.createIndex("device_tokens_expires_at").on("device_tokens").column("expires_at").execute();

  await db.schema
    .createTable("custom_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("custom_tokens_created_at").on("custom_tokens").column("created_at").execute();

  const postgres = isPostgres(db);
  await db.schema
    .createTable("risk_logs")
    .addColumn("id", "integer", (c) =>
      postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("version", "text", (c) => c.notNull())
    /** SHA-256 of the device token the client reported (null when it had none): the token itself is a credential. */
    .addColumn("dx_token_hash", "text")
    /** Whether that device token was one we issued and still live when reported (1/0). */
    .addColumn("dx_token_live", "integer", (c) => c.notNull().defaultTo(0))
    /** SHA-256 of the custom token answered. */
    .addColumn("custom_token_hash", "text", (c) => c.notNull())
    .addColumn("client_time", "text", (c) => c.notNull())
    .addColumn("device_info", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("risk_logs_created_at").on("risk_logs").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["risk_logs", "custom_tokens", "device_tokens"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
