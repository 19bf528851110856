import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The validity invitations stored before this migration get, counted from when they were (last) sent. */
const DAY_MS = 86_400_000;
const VALID_DAYS_AT_MIGRATION = 14;

/**
 * Consent that means something: an invitation's terms never change once sent, so it gets the date it expires with them
 * (`expires_at`, ISO like `created_at`); a rate change after acceptance is an offer the sub-affiliate answers
 * (`affiliate_sub_rate_offers`, at most one pending per sub), while `affiliates.rate_bps` keeps the agreed rate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .alterTable("affiliate_sub_invitations")
    .addColumn("expires_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const rows = await sql<{
    id: number;
    created_at: string;
  }>`select id, created_at from affiliate_sub_invitations`.execute(db);
  for (const row of rows.rows) {
    const expires = new Date(Date.parse(row.created_at) + VALID_DAYS_AT_MIGRATION * DAY_MS).toISOString();
    await sql`update affiliate_sub_invitations set expires_at = ${expires} where id = ${row.id}`.execute(db);
  }

  await db.schema
    .createTable("affiliate_sub_rate_offers")
    .addColumn("id", "integer", id)
    .addColumn("parent_user_id", "text", (c) => c.notNull())
    .addColumn("sub_user_id", "text", (c) => c.notNull())
    .addColumn("rate_bps", "integer", (c) => c.notNull())
    // pending | accepted | declined | withdrawn
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .execute();
  await db.schema
    .createIndex("affiliate_sub_rate_offers_open")
    .on("affiliate_sub_rate_offers")
    .column("sub_user_id")
    .unique()
    .where(sql.ref("status"), "=", sql.lit("pending"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("affiliate_sub_rate_offers").ifExists().execute();
  await db.schema.alterTable("affiliate_sub_invitations").dropColumn("expires_at").execute();
}
