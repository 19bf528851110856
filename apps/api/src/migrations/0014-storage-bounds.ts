import { sql, type Kysely } from "kysely";

/**
 * Bounded error store (issues 31 and 32): each error event records the bytes it stores (`size_bytes`: its text
 * columns), so the tunnel can cap what one client IP adds per window (the `(ip, created_at)` index answers that sum)
 * and the total (oldest deleted first, by the existing `(created_at, id)` index). Rows stored before have their size
 * computed here from their columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("error_events")
    .addColumn("size_bytes", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update error_events set size_bytes = length(event_id) + length(project_id) + length(level)
    + length(message) + coalesce(length(url), 0) + coalesce(length(environment), 0) + length(tags) + length(ip)
    + length(created_at) + length(raw)`.execute(db);
  await db.schema.createIndex("error_events_ip_created_at").on("error_events").columns(["ip", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("error_events_ip_created_at").ifExists().execute();
  await db.schema.alterTable("error_events").dropColumn("size_bytes").execute();
}
