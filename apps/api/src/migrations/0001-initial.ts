import { type Kysely } from "kysely";

// Written with portable types only (text, integer) so the same migration runs on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("mobile", "text")
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  let settings = db.schema
    .createTable("user_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.user_id").onDelete("cascade"));
  for (const flag of ["mbf", "ebf", "gbf", "tbf", "tpl", "kf", "oo", "oc", "ob", "eef", "mef", "gef"]) {
    settings = settings.addColumn(flag, "integer", (c) => c.notNull().defaultTo(0));
  }
  await settings.addColumn("tpi", "text", (c) => c.notNull().defaultTo("")).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.user_id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("domain_config")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("app_env", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("client_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["client_settings", "domain_config", "sessions", "user_settings", "users"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
