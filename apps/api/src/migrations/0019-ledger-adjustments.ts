import { sql, type Kysely } from "kysely";

/**
 * Operators' adjustments in the affiliate ledger (issue 34): a credit or debit with the reason the affiliate reads in
 * their statement (`note`) and the operator's ticket reference, unique per affiliate, so booking the same ticket
 * twice writes nothing new. Columns added to the append-only table (its triggers refuse updates, not new columns).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("affiliate_ledger").addColumn("note", "text").execute();
  await db.schema.alterTable("affiliate_ledger").addColumn("reference", "text").execute();
  await db.schema
    .createIndex("affiliate_ledger_reference")
    .on("affiliate_ledger")
    .columns(["user_id", "reference"])
    .unique()
    .where(sql.ref("reference"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("affiliate_ledger_reference").execute();
  await db.schema.alterTable("affiliate_ledger").dropColumn("reference").execute();
  await db.schema.alterTable("affiliate_ledger").dropColumn("note").execute();
}
