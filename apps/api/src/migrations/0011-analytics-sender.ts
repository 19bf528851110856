import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const COLUMNS =
  "id, event_id, type, event_tracking_id, device_id, session_id, uid, log_env, event_time, received_at, ip, payload";

/**
 * Analytics events are deduplicated per sender (`uid:<user id>` for a logged-in session, else `device:<device id>`),
 * not globally: an `event_id` uploaded by one sender must never block another sender's real event. The global unique
 * constraint on `event_id` goes, `(sender, event_id)` becomes unique; stored rows get their device as sender.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable("analytics_events")
      .addColumn("sender", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await sql`update analytics_events set sender = 'device:' || device_id`.execute(db);
    await sql`alter table analytics_events drop constraint if exists analytics_events_event_id_key`.execute(db);
  } else {
    // SQLite cannot drop a column's UNIQUE: the table is rebuilt (in the migration's transaction).
    await db.schema
      .createTable("analytics_events_next")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("event_id", "text", (c) => c.notNull())
      .addColumn("sender", "text", (c) => c.notNull().defaultTo(""))
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
    await sql
      .raw(
        `insert into analytics_events_next (${COLUMNS}, sender) select ${COLUMNS}, 'device:' || device_id from analytics_events`,
      )
      .execute(db);
    await db.schema.dropTable("analytics_events").execute();
    await db.schema.alterTable("analytics_events_next").renameTo("analytics_events").execute();
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
  }
  await db.schema
    .createIndex("analytics_events_sender_event")
    .on("analytics_events")
    .columns(["sender", "event_id"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("analytics_events_sender_event").ifExists().execute();
  // Back to one row per event_id (the oldest), then the global constraint again.
  await sql`delete from analytics_events where id not in (select min(id) from analytics_events group by event_id)`.execute(
    db,
  );
  await db.schema
    .createIndex("analytics_events_event_id_key")
    .on("analytics_events")
    .column("event_id")
    .unique()
    .execute();
  await db.schema.alterTable("analytics_events").dropColumn("sender").execute();
}
