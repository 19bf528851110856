import { PostgresAdapter, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Error events received by the Sentry tunnel (requirements.md §7) when no upstream is configured: one row per event item,
 * deduplicated by `event_id` (`insert … on conflict do nothing` on both dialects). `tags` is JSON text, `raw` the
 * item as received (truncated), `created_at` an ISO-8601 UTC string.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("error_events")
    .addColumn("id", "integer", (c) =>
      postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("event_id", "text", (c) => c.notNull().unique())
    .addColumn("project_id", "text", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("environment", "text")
    .addColumn("tags", "text", (c) => c.notNull())
    .addColumn("breadcrumbs", "integer", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("raw", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("error_events_created_at").on("error_events").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("error_events").ifExists().execute();
}
