import type { Insertable, Kysely } from "kysely";
import type { AffiliateCardsTable, Database } from "../../platform/db/schema";
import { num } from "../../platform/db/rows";
import { CARD_QUOTA_SETTING } from "../cards/rules";

/**
 * The affiliate programme's experience-card SQL (quota, issue, list, claim), part of the affiliate repository
 * (affiliate-repository.ts spreads it in); rows or `undefined`, decisions live in services/affiliate.
 */
export function createAffiliateCardsRepository(db: Kysely<Database>) {
  /** Cards with the UID of the invitee they were issued to (the id every affiliate view shows). */
  const cardSelect = () =>
    db
      .selectFrom("affiliate_cards as card")
      .leftJoin("affiliate_invitees as inv", "inv.id", "card.issued_to_invitee_id")
      .selectAll("card")
      .select("inv.user_id as invitee_uid");

  return {
    /** The affiliate's own quota (null: none set), `undefined` for a user who is no affiliate. */
    cardQuotaOverride: async (userId: string): Promise<number | null | undefined> => {
      const row = await db
        .selectFrom("affiliates")
        .select("card_quota")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row ? (row.card_quota ?? null) : undefined;
    },

    /** The programme's quota setting (JSON text), if set. */
    cardQuotaSetting: async (): Promise<string | undefined> =>
      (await db.selectFrom("client_settings").select("value").where("key", "=", CARD_QUOTA_SETTING).executeTakeFirst())
        ?.value,

    /** Sets an affiliate's own quota; answers how many rows changed (0: no such affiliate). */
    setCardQuota: async (userId: string, quota: number | null): Promise<number> => {
      const result = await db
        .updateTable("affiliates")
        .set({ card_quota: quota })
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    cardsIssuedSince: async (userId: string, since: string): Promise<number> => {
      const row = await db
        .selectFrom("affiliate_cards")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("affiliate_user_id", "=", userId)
        .where("issued_at", ">=", since)
        .executeTakeFirst();
      return num(row?.n);
    },

    cards: (userId: string, limit: number) =>
      cardSelect()
        .where("card.affiliate_user_id", "=", userId)
        .orderBy("card.issued_at", "desc")
        .orderBy("card.id", "desc")
        .limit(limit)
        .execute(),

    card: (id: number) => cardSelect().where("card.id", "=", id).executeTakeFirst(),

    cardByCode: (code: string) =>
      db.selectFrom("affiliate_cards").selectAll().where("code", "=", code).executeTakeFirst(),

    insertCard: async (values: Insertable<AffiliateCardsTable>): Promise<number> => {
      const row = await db.insertInto("affiliate_cards").values(values).returning("id").executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** issued → claimed; answers how many rows changed (0: someone claimed it first). */
    claimCard: async (id: number, userId: string, at: string): Promise<number> => {
      const result = await db
        .updateTable("affiliate_cards")
        .set({ status: "claimed", claimed_by_user_id: userId, claimed_at: at })
        .where("id", "=", id)
        .where("status", "=", "issued")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
