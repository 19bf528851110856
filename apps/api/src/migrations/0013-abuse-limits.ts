import type { Kysely } from "kysely";

/**
 * The sources an account has logged in from (issue 32, finding 4): a correct password from one of them is not held
 * up by failures from elsewhere. `kind` is `device` (SHA-256 of the device fingerprint) or `ip` (the client key: an
 * IPv4 address or an IPv6 /64). A few per account, the most recent kept (domains/auth/known-sources-repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_known_sources")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.user_id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("login_known_sources_pk", ["user_id", "kind", "value"])
    .execute();
  await db.schema
    .createIndex("login_known_sources_user_seen")
    .on("login_known_sources")
    .columns(["user_id", "last_seen_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_known_sources").ifExists().execute();
}
