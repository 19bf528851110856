import { PostgresAdapter, type Kysely } from "kysely";

/** The one dialect-specific choice of this migration: how `support_messages.id` is generated. */
const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

// Portable types only (text, integer); rates are integer parts per million so they stay exact on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  let vip = db.schema
    .createTable("vip_levels")
    .addColumn("level", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull());
  for (const column of [
    "spot_maker_ppm",
    "spot_taker_ppm",
    "futures_maker_ppm",
    "futures_taker_ppm",
    "spot_volume_30d",
    "futures_volume_30d",
    "assets",
    "withdrawal_limit_24h",
  ]) {
    vip = vip.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
  }
  await vip.execute();

  // SQLite: INTEGER PRIMARY KEY AUTOINCREMENT (ids never reused); PostgreSQL: an identity column.
  const postgres = isPostgres(db);
  await db.schema
    .createTable("support_messages")
    .addColumn("id", "integer", (c) =>
      postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("locale", "text")
    .addColumn("page", "text")
    .addColumn("user_id", "text")
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("support_messages_created_at").on("support_messages").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["support_messages", "vip_levels"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
