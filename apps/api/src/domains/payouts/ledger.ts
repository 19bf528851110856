import { sql } from "kysely";
import type { Db } from "../../platform/db/schema";
import { num } from "../../platform/db/rows";

/**
 * Locks the affiliate's row for the rest of the transaction (an update that changes nothing), so two ledger writers
 * that read the balance first — a withdrawal, an adjustment — cannot both spend it on PostgreSQL; SQLite runs writers
 * one at a time. False when the user is no affiliate.
 */
export async function lockAffiliate(trx: Db, userId: string): Promise<boolean> {
  const row = await trx
    .updateTable("affiliates")
    .set({ note: sql`note` })
    .where("user_id", "=", userId)
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The affiliate's balance once the ledger entry `id` was booked: it and every earlier entry, in cents. */
export async function balanceThrough(db: Db, userId: string, id: number): Promise<number> {
  const sum = await db
    .selectFrom("affiliate_ledger")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), sql<number>`0`).as("n"))
    .where("user_id", "=", userId)
    .where("id", "<=", id)
    .executeTakeFirst();
  return num(sum?.n);
}
