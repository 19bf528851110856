import type { Kysely } from "kysely";

/**
 * An affiliate's own monthly experience-card quota (network): operators raise or lower it per affiliate
 * (`PUT /v1/admin/affiliate/card-quota/:userId`); null keeps the programme default (client_settings
 * `affiliateCardMonthlyQuota`, else 10).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("affiliates").addColumn("card_quota", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("affiliates").dropColumn("card_quota").execute();
}
