import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The partner programmes: broker tiers, market-maker tiers, programme features, the incubation programme's
 * past cohorts, programme FAQs per locale, and one store for every partner application. Portable types only:
 * volumes are whole USDT in `bigint`; commission and markup rates are integer basis points; maker/taker fees are
 * integer parts per million (negative = rebate); times ISO-8601 UTC text; days `YYYY-MM-DD` text.
 * Table names carry the `partner_` prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("partner_broker_tiers")
    .addColumn("tier", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("spot_volume_usdt", "bigint", (c) => c.notNull())
    .addColumn("futures_volume_usdt", "bigint", (c) => c.notNull())
    .addColumn("active_traders", "integer", (c) => c.notNull())
    .addColumn("own_rate_bps", "integer", (c) => c.notNull())
    .addColumn("affiliated_rate_bps", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("partner_maker_tiers")
    .addColumn("tier", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("monthly_volume_usdt", "bigint", (c) => c.notNull())
    .addColumn("maker_fee_ppm", "integer", (c) => c.notNull())
    .addColumn("taker_fee_ppm", "integer", (c) => c.notNull())
    .addColumn("api_rps", "integer", (c) => c.notNull())
    .addColumn("min_maker_ratio_bps", "integer", (c) => c.notNull())
    .execute();

  // A programme's listed features (benefits, services, offers, stages, settings): a catalogue key and an optional figure.
  await db.schema
    .createTable("partner_features")
    .addColumn("programme", "text", (c) => c.notNull())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("value", "bigint")
    .addPrimaryKeyConstraint("partner_features_pk", ["programme", "section", "key"])
    .execute();

  await db.schema
    .createTable("partner_cohort_projects")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("cohort", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sector", "text", (c) => c.notNull())
    .addColumn("raised_usdt", "bigint", (c) => c.notNull())
    .addColumn("listed_on", "text")
    .addColumn("website", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("partner_faq")
    .addColumn("programme", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer_html", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("partner_faq_pk", ["programme", "id", "locale"])
    .execute();

  await db.schema
    .createTable("partner_applications")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.user_id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("company", "text", (c) => c.notNull())
    .addColumn("telegram", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    // JSON text: the kind-specific fields.
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("locale", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("partner_applications_kind").on("partner_applications").columns(["kind", "id"]).execute();
  await db.schema
    .createIndex("partner_applications_user")
    .on("partner_applications")
    .columns(["user_id", "kind", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "partner_applications",
    "partner_faq",
    "partner_cohort_projects",
    "partner_features",
    "partner_maker_tiers",
    "partner_broker_tiers",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
