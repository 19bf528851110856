import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The referral loop: clicks counted once per visitor, link and day; one inviter per user; fills fed by the exchange
 * (idempotent by trade id) and the commission each one earned; an append-only ledger of settled commission and
 * payouts; sub-affiliate invitations that only the invitee's consent turns into a relationship.
 *
 * Fills carry sub-cent amounts, so fees and commissions are also kept in micro-USDT (`*_micros`, 1e-6 USDT): a daily
 * commission line adds its fills' micros and derives its cents (`micros / 10000`, rounded down) from them, so many
 * small fills add up exactly instead of each rounding to zero.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("affiliate_link_clicks")
    .addColumn("link_id", "integer", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("affiliate_link_clicks_pk", ["link_id", "visitor", "day"])
    .execute();

  // A user has at most one inviter, ever: the seed's invitee ids are unique too.
  await db.schema
    .createIndex("affiliate_invitees_user_unique")
    .on("affiliate_invitees")
    .column("user_id")
    .unique()
    .execute();
  await db.schema
    .alterTable("affiliate_invitees")
    .addColumn("commission_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update affiliate_invitees set commission_micros = commission_cents * 10000`.execute(db);

  for (const column of ["fills", "fee_micros", "commission_micros", "rebate_micros"]) {
    await db.schema
      .alterTable("affiliate_commissions")
      .addColumn(column, column === "fills" ? "integer" : "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // direct: the affiliate's own invitee; override: a sub-affiliate's invitee, earning the rate the sub's leaves.
  await db.schema
    .alterTable("affiliate_commissions")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("direct"))
    .execute();
  await sql`update affiliate_commissions set fee_micros = fee_cents * 10000, commission_micros = commission_cents * 10000`.execute(
    db,
  );
  // The open (pending) line of an invitee, day, product and source is unique: fills add to it; a settled line is closed.
  await db.schema
    .createIndex("affiliate_commissions_open_line")
    .on("affiliate_commissions")
    .columns(["affiliate_user_id", "invitee_id", "trade_day", "business_line", "source"])
    .unique()
    .where(sql.ref("status"), "=", sql.lit("pending"))
    .execute();
  await db.schema
    .createIndex("affiliate_commissions_pending_day")
    .on("affiliate_commissions")
    .columns(["status", "trade_day"])
    .execute();

  await db.schema
    .createTable("affiliate_trades")
    .addColumn("trade_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("notional_cents", "bigint", (c) => c.notNull())
    .addColumn("fee_micros", "bigint", (c) => c.notNull())
    .addColumn("fee_currency", "text", (c) => c.notNull())
    .addColumn("traded_at", "text", (c) => c.notNull())
    .addColumn("trade_day", "text", (c) => c.notNull())
    .addColumn("invitee_id", "integer")
    .addColumn("affiliate_user_id", "text")
    .addColumn("rate_bps", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("share_bps", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("commission_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("rebate_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("override_user_id", "text")
    .addColumn("override_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("affiliate_trades_affiliate_day")
    .on("affiliate_trades")
    .columns(["affiliate_user_id", "trade_day"])
    .execute();

  // Append-only: settlement credits (+) and payouts (-); the balance is their sum. Triggers refuse edits.
  await db.schema
    .createTable("affiliate_ledger")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    .addColumn("trade_day", "text")
    .addColumn("destination", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("affiliate_ledger_user").on("affiliate_ledger").columns(["user_id", "id"]).execute();
  if (postgres) {
    await sql`create or replace function affiliate_ledger_immutable() returns trigger language plpgsql as $$
      begin raise exception 'affiliate_ledger entries are immutable'; end $$`.execute(db);
    await sql`create trigger affiliate_ledger_no_update before update or delete on affiliate_ledger
      for each row execute function affiliate_ledger_immutable()`.execute(db);
  } else {
    for (const event of ["update", "delete"]) {
      await sql
        .raw(
          `create trigger affiliate_ledger_no_${event} before ${event} on affiliate_ledger begin select raise(abort, 'affiliate_ledger entries are immutable'); end`,
        )
        .execute(db);
    }
  }

  await db.schema
    .createTable("affiliate_sub_invitations")
    .addColumn("id", "integer", id)
    .addColumn("parent_user_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("rate_bps", "integer", (c) => c.notNull())
    // pending | accepted | declined | withdrawn
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .execute();
  await db.schema
    .createIndex("affiliate_sub_invitations_email")
    .on("affiliate_sub_invitations")
    .columns(["email", "status"])
    .execute();
  await db.schema
    .createIndex("affiliate_sub_invitations_open")
    .on("affiliate_sub_invitations")
    .columns(["parent_user_id", "email"])
    .unique()
    .where(sql.ref("status"), "=", sql.lit("pending"))
    .execute();

  // Level reviews done, one per month (several instances may try the same review at once).
  await db.schema
    .createTable("affiliate_level_reviews")
    .addColumn("month", "text", (c) => c.primaryKey())
    .addColumn("reviewed_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "affiliate_level_reviews",
    "affiliate_sub_invitations",
    "affiliate_ledger",
    "affiliate_trades",
    "affiliate_link_clicks",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  if (isPostgres(db)) await sql`drop function if exists affiliate_ledger_immutable()`.execute(db);
  await db.schema.dropIndex("affiliate_commissions_pending_day").ifExists().execute();
  await db.schema.dropIndex("affiliate_commissions_open_line").ifExists().execute();
  await db.schema.dropIndex("affiliate_invitees_user_unique").ifExists().execute();
  for (const column of ["source", "rebate_micros", "commission_micros", "fee_micros", "fills"]) {
    await db.schema.alterTable("affiliate_commissions").dropColumn(column).execute();
  }
  await db.schema.alterTable("affiliate_invitees").dropColumn("commission_micros").execute();
}
