import type { Kysely } from "kysely";

/**
 * The VIP programme: benefits per level, each user's qualifying metrics and grace period, and the new-coin
 * airdrop campaigns with their participants. Portable types only (text, integer); amounts are whole USD or tokens,
 * times ISO-8601 UTC text. Trial and review rules are client settings (`vipTrial`, `vipRules`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("vip_level_benefits")
    .addColumn("level", "integer", (c) => c.primaryKey())
    .addColumn("dedicated_manager", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("airdrops", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("vip_earn", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("api_rps", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sub_accounts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("vip_user_metrics")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("spot_volume_30d", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("futures_volume_30d", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("assets", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("grace_level", "integer")
    .addColumn("grace_ends_at", "text")
    .addColumn("reviewed_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("vip_airdrops")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("coin", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("pool_amount", "bigint", (c) => c.notNull())
    .addColumn("required_level", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("vip_airdrop_participants")
    .addColumn("campaign_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("joined_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("vip_airdrop_participants_pk", ["campaign_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["vip_airdrop_participants", "vip_airdrops", "vip_user_metrics", "vip_level_benefits"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
