import { PostgresAdapter, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Analytics ingestion: the stored events (deduplicated by `event_id`, a unique column so that
 * `insert … on conflict (event_id) do nothing` works on both dialects) and the per-client upload switch.
 * Times are integer ms since epoch (bigint: PostgreSQL's integer is 32-bit); the full event is kept as JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("analytics_events")
    .addColumn("id", "integer", (c) =>
      postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("event_id", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("event_tracking_id", "text", (c) => c.notNull())
    .addColumn("device_id", "text", (c) => c.notNull())
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("uid", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("log_env", "text", (c) => c.notNull())
    .addColumn("event_time", "bigint", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("analytics_events_event_time")
    .on("analytics_events")
    .columns(["event_time", "id"])
    .execute();
  await db.schema
    .createIndex("analytics_events_type_time")
    .on("analytics_events")
    .columns(["type", "event_time"])
    .execute();

  // One row per client with an override: client_key "device:<device id>" or "ip:<address>"; enabled 0 or 1.
  await db.schema
    .createTable("analytics_switch")
    .addColumn("client_key", "text", (c) => c.primaryKey())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["analytics_switch", "analytics_events"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
