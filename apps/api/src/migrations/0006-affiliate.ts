import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The affiliate programme. Portable types only (text, integer, bigint):
 * - money is integer USDT cents in `bigint` columns (`*_cents`), exact on both dialects; the API divides by 100;
 * - rates and shares are integer basis points of the trading fee (4000 = 40%);
 * - days are `YYYY-MM-DD` text, times ISO-8601 UTC text (both compare in order as strings);
 * - ids are database-assigned (SQLite AUTOINCREMENT, PostgreSQL identity); the seed sets them explicitly and then
 *   moves the PostgreSQL sequences past them (seed-affiliate.ts).
 * Table names carry the `affiliate_` prefix so they never clash with other programmes' tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("affiliate_levels")
    .addColumn("level", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("monthly_new_traders", "integer", (c) => c.notNull())
    .addColumn("monthly_volume_usdt", "bigint", (c) => c.notNull())
    .addColumn("spot_rate_bps", "integer", (c) => c.notNull())
    .addColumn("futures_rate_bps", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("affiliate_applications")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "text", (c) => c.notNull().references("users.user_id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    // JSON text: [{type, url, audience}]
    .addColumn("channels", "text", (c) => c.notNull())
    .addColumn("region", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by_note", "text")
    .execute();
  await db.schema
    .createIndex("affiliate_applications_user")
    .on("affiliate_applications")
    .columns(["user_id", "id"])
    .execute();
  await db.schema
    .createIndex("affiliate_applications_status")
    .on("affiliate_applications")
    .columns(["status", "id"])
    .execute();

  await db.schema
    .createTable("affiliates")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.user_id").onDelete("cascade"))
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("rate_bps", "integer", (c) => c.notNull())
    .addColumn("parent_user_id", "text")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("joined_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("affiliates_parent").on("affiliates").column("parent_user_id").execute();

  await db.schema
    .createTable("affiliate_links")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    // lower(code): vanity codes are unique case-insensitively.
    .addColumn("code_key", "text", (c) => c.notNull().unique())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("channel", "text")
    .addColumn("spot_share_bps", "integer", (c) => c.notNull())
    .addColumn("futures_share_bps", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("affiliate_links_user").on("affiliate_links").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("affiliate_link_daily_stats")
    .addColumn("link_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("clicks", "integer", (c) => c.notNull())
    .addColumn("signups", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("affiliate_link_daily_stats_pk", ["link_id", "day"])
    .execute();

  await db.schema
    .createTable("affiliate_invitees")
    .addColumn("id", "integer", id)
    .addColumn("affiliate_user_id", "text", (c) => c.notNull())
    .addColumn("link_id", "integer")
    // The invitee's own user id: private (only the masked form is answered), used for exact search and card claims.
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("masked_user_id", "text", (c) => c.notNull())
    .addColumn("registered_at", "text", (c) => c.notNull())
    .addColumn("kyc_at", "text")
    .addColumn("first_deposit_at", "text")
    .addColumn("first_trade_at", "text")
    .addColumn("volume_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("commission_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of [
    "registered_at",
    "kyc_at",
    "first_deposit_at",
    "first_trade_at",
    "volume_cents",
    "commission_cents",
    "link_id",
  ]) {
    await db.schema
      .createIndex(`affiliate_invitees_${column}`)
      .on("affiliate_invitees")
      .columns(["affiliate_user_id", column])
      .execute();
  }

  await db.schema
    .createTable("affiliate_commissions")
    .addColumn("id", "integer", id)
    .addColumn("affiliate_user_id", "text", (c) => c.notNull())
    .addColumn("invitee_id", "integer", (c) => c.notNull())
    .addColumn("trade_day", "text", (c) => c.notNull())
    .addColumn("business_line", "text", (c) => c.notNull())
    .addColumn("volume_cents", "bigint", (c) => c.notNull())
    .addColumn("fee_cents", "bigint", (c) => c.notNull())
    .addColumn("commission_cents", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("settled_at", "text")
    .addColumn("reason_none", "text")
    .execute();
  await db.schema
    .createIndex("affiliate_commissions_day")
    .on("affiliate_commissions")
    .columns(["affiliate_user_id", "trade_day", "id"])
    .execute();

  await db.schema
    .createTable("affiliate_cards")
    .addColumn("id", "integer", id)
    .addColumn("affiliate_user_id", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    // issued | claimed | used | expired (an issued or claimed card past expires_at is answered as expired)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("issued_to_link_id", "integer")
    .addColumn("issued_to_invitee_id", "integer")
    .addColumn("claimed_by_user_id", "text")
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("used_at", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("affiliate_cards_issued")
    .on("affiliate_cards")
    .columns(["affiliate_user_id", "issued_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "affiliate_cards",
    "affiliate_commissions",
    "affiliate_invitees",
    "affiliate_link_daily_stats",
    "affiliate_links",
    "affiliates",
    "affiliate_applications",
    "affiliate_levels",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
