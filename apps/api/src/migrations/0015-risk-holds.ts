import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Self-referral risk checks (README "Risk checks"):
 * - `user_sightings`: where and on which device each user logged in, registered or renewed a device token while
 *   logged in (IP, its /24 or /64, the hashes of the device fingerprint and of the latest dy-token), one row per
 *   user, IP and device with the last time seen: what an invitee is compared with.
 * - `risk_flags`: an invitee attributed but held, with the reasons; settlement skips the lines of an invitee whose
 *   flag is not released. Operators release (the lines settle at the next run) or void (they never pay).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("user_sightings")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_sightings_pk", ["user_id", "ip", "device"])
    .execute();

  await db.schema
    .createTable("risk_flags")
    .addColumn("id", "integer", id)
    .addColumn("invitee_id", "integer", (c) => c.notNull().unique())
    .addColumn("affiliate_user_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    /** Comma-separated reason codes (RISK_HOLD_REASONS). */
    .addColumn("reasons", "text", (c) => c.notNull())
    /** open | released | voided */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .addColumn("resolution_note", "text")
    .execute();
  await db.schema.createIndex("risk_flags_status").on("risk_flags").columns(["status", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("risk_flags").execute();
  await db.schema.dropTable("user_sightings").execute();
}
