import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Db } from "../platform/db/schema";
import { rebuildTotals } from "../domains/commission/totals";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Figures from totals, not from lines (a top partner has 100,000 invitees and millions of fills): the feed keeps,
 * in the transaction that writes the lines,
 * - `affiliate_trading_totals`: per affiliate, day, link (0: none), market and source — fills, volume, fee,
 *   commission (micros and the lines' whole cents by status), rebate and line counts;
 * - `affiliate_funnel_totals`: per affiliate, day and link — sign-ups, KYC, first deposits, first trades and active
 *   traders (an invitee has one link, so per-link counts add up to the affiliate's);
 * - `affiliate_trader_days`: one row per invitee and day traded, for "active traders" over any period.
 * Commission lines carry their invitee's link. The invitees' volume and commission indexes go: the feed updates those
 * columns on every batch, and without an index on them PostgreSQL can update in place (HOT) instead of rewriting
 * every index of the row; the table keeps free space per page for that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.alterTable("affiliate_commissions").addColumn("link_id", "integer").execute();
  await sql`update affiliate_commissions set link_id = (select i.link_id from affiliate_invitees i
    where i.id = affiliate_commissions.invitee_id) where source = 'direct'`.execute(db);

  await db.schema
    .createTable("affiliate_trading_totals")
    .addColumn("affiliate_user_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("link_id", "integer", (c) => c.notNull())
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("fills", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("volume_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("fee_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("commission_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("rebate_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("pending_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("settled_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("pending_lines", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("settled_lines", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("affiliate_trading_totals_pk", ["affiliate_user_id", "day", "link_id", "market", "source"])
    .execute();

  await db.schema
    .createTable("affiliate_funnel_totals")
    .addColumn("affiliate_user_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("link_id", "integer", (c) => c.notNull())
    .addColumn("signups", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("kyc", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("deposits", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("first_trades", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("active_traders", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("affiliate_funnel_totals_pk", ["affiliate_user_id", "day", "link_id"])
    .execute();

  await db.schema
    .createTable("affiliate_trader_days")
    .addColumn("affiliate_user_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("invitee_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("affiliate_trader_days_pk", ["affiliate_user_id", "day", "invitee_id"])
    .execute();

  for (const column of ["volume_cents", "commission_cents"])
    await db.schema.dropIndex(`affiliate_invitees_${column}`).ifExists().execute();
  // An invitee's last trade day: "active traders" of a period that ends with the latest fills is the count of
  // invitees whose last trade day is in it, an index range instead of a distinct count over every day traded.
  await db.schema.alterTable("affiliate_invitees").addColumn("last_trade_day", "text").execute();
  await db.schema
    .createIndex("affiliate_invitees_last_trade_day")
    .on("affiliate_invitees")
    .columns(["affiliate_user_id", "last_trade_day"])
    .execute();
  // Nothing reads fills by affiliate and day (the totals answer that): one index less on the table written most.
  await db.schema.dropIndex("affiliate_trades_affiliate_day").ifExists().execute();
  if (postgres) {
    // Partial search (`%…%`) on an affiliate's invitees uses trigrams; pg_trgm ships with PostgreSQL (docs/deploy.md).
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index affiliate_invitees_masked_trgm on affiliate_invitees
      using gin (masked_user_id public.gin_trgm_ops)`.execute(db);
    await sql`alter table affiliate_invitees set (fillfactor = 80)`.execute(db);
    // A day's line takes several batches' fills: with room on its page the update stays in place (no index write).
    await sql`alter table affiliate_commissions set (fillfactor = 70)`.execute(db);
    await sql`alter table affiliate_trading_totals set (fillfactor = 80)`.execute(db);
    await sql`alter table affiliate_funnel_totals set (fillfactor = 80)`.execute(db);
  }

  await rebuildTotals(db as unknown as Db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("affiliate_invitees_last_trade_day").ifExists().execute();
  await db.schema.alterTable("affiliate_invitees").dropColumn("last_trade_day").execute();
  await db.schema.dropIndex("affiliate_invitees_masked_trgm").ifExists().execute();
  for (const table of ["affiliate_trader_days", "affiliate_funnel_totals", "affiliate_trading_totals"])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema
    .createIndex("affiliate_trades_affiliate_day")
    .ifNotExists()
    .on("affiliate_trades")
    .columns(["affiliate_user_id", "trade_day"])
    .execute();
  for (const column of ["volume_cents", "commission_cents"])
    await db.schema
      .createIndex(`affiliate_invitees_${column}`)
      .ifNotExists()
      .on("affiliate_invitees")
      .columns(["affiliate_user_id", column])
      .execute();
  await db.schema.alterTable("affiliate_commissions").dropColumn("link_id").execute();
}
