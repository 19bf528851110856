import { sql, type Insertable, type Kysely, type Updateable } from "kysely";
import type { AffiliateApplicationsTable, AffiliateLinksTable, AffiliatesTable, Database } from "../../db/schema";
import { addDays, dayStart } from "../../lib/days";
import { num } from "../../lib/rows";
import { createAffiliateCardsRepository } from "./affiliate-cards-repository";

/**
 * The affiliate programme's SQL: every function runs queries and answers rows (or `undefined` when there is none);
 * business decisions and answer shapes live in services/affiliate. Made on the database or on a transaction.
 */

export interface InviteeQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort: "registeredAt" | "volume" | "commission";
  order: "asc" | "desc";
  linkId?: number | undefined;
}

export interface CommissionQuery {
  from: string;
  to: string;
  page: number;
  pageSize: number;
  status?: "pending" | "settled" | undefined;
}

export type InviteeDayColumn = "registered_at" | "kyc_at" | "first_deposit_at" | "first_trade_at";

const SORT_COLUMNS = {
  registeredAt: "i.registered_at",
  volume: "i.volume_cents",
  commission: "i.commission_cents",
} as const;
const SUB_COLUMNS = ["a.user_id", "a.rate_bps", "a.note", "a.joined_at", "u.user_name", "u.email"] as const;

export function createAffiliateRepository(db: Kysely<Database>) {
  const commissionSelect = () =>
    db
      .selectFrom("affiliate_commissions as c")
      .innerJoin("affiliate_invitees as i", "i.id", "c.invitee_id")
      .select([
        "c.id",
        "c.trade_day",
        "c.invitee_id",
        "i.masked_user_id",
        "c.business_line",
        "c.volume_cents",
        "c.fee_cents",
        "c.commission_cents",
        "c.status",
        "c.settled_at",
        "c.reason_none",
        "c.source",
        "c.fills",
      ]);

  /** The invitees of an affiliate matching the table's filters (link, search). */
  const matchingInvitees = (userId: string, q: Pick<InviteeQuery, "search" | "linkId">) => {
    let base = db.selectFrom("affiliate_invitees as i").where("i.affiliate_user_id", "=", userId);
    if (q.linkId !== undefined) base = base.where("i.link_id", "=", q.linkId);
    const search = q.search;
    // The pattern allows only letters, digits and '*' (no LIKE wildcards to escape).
    if (search !== undefined)
      base = base.where((eb) => eb.or([eb("i.masked_user_id", "like", `%${search}%`), eb("i.user_id", "=", search)]));
    return base;
  };
  /** An invitee row as the table and its export show it (mapping.ts's toInvitee). */
  const withInviteeColumns = (base: ReturnType<typeof matchingInvitees>) =>
    base
      .leftJoin("affiliate_links as l", "l.id", "i.link_id")
      .select([
        "i.id",
        "i.masked_user_id",
        "i.registered_at",
        "i.kyc_at",
        "i.first_deposit_at",
        "i.first_trade_at",
        "i.volume_cents",
        "i.commission_cents",
        "i.link_id",
        "l.code",
      ]);

  const linkSelect = (userId: string) =>
    db
      .selectFrom("affiliate_links as l")
      .leftJoin("affiliate_link_daily_stats as s", "s.link_id", "l.id")
      .select([
        "l.id",
        "l.code",
        "l.label",
        "l.channel",
        "l.spot_share_bps",
        "l.futures_share_bps",
        "l.archived",
        "l.created_at",
        (eb) => eb.fn.coalesce(eb.fn.sum<number>("s.clicks"), sql<number>`0`).as("clicks"),
        (eb) => eb.fn.coalesce(eb.fn.sum<number>("s.signups"), sql<number>`0`).as("signups"),
      ])
      .where("l.user_id", "=", userId)
      .groupBy([
        "l.id",
        "l.code",
        "l.label",
        "l.channel",
        "l.spot_share_bps",
        "l.futures_share_bps",
        "l.archived",
        "l.created_at",
      ])
      .orderBy("l.id");

  const subSelect = (parentUserId: string) =>
    db
      .selectFrom("affiliates as a")
      .innerJoin("users as u", "u.user_id", "a.user_id")
      .select(SUB_COLUMNS)
      .where("a.parent_user_id", "=", parentUserId);

  const repository = {
    // -------------------------------------------------------------- levels and affiliates

    levels: () => db.selectFrom("affiliate_levels").selectAll().orderBy("level").execute(),

    affiliate: (userId: string) =>
      db.selectFrom("affiliates").selectAll().where("user_id", "=", userId).executeTakeFirst(),

    insertAffiliate: async (values: Insertable<AffiliatesTable>): Promise<void> => {
      await db.insertInto("affiliates").values(values).execute();
    },

    setRole: async (userId: string, role: string): Promise<void> => {
      await db.updateTable("users").set({ role }).where("user_id", "=", userId).execute();
    },

    // -------------------------------------------------------------- applications

    latestApplication: (userId: string) =>
      db
        .selectFrom("affiliate_applications")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst(),

    /** The user's pending or approved application, if any. */
    openApplication: (userId: string) =>
      db
        .selectFrom("affiliate_applications")
        .select(["id", "status"])
        .where("user_id", "=", userId)
        .where("status", "in", ["pending", "approved"])
        .executeTakeFirst(),

    insertApplication: async (values: Insertable<AffiliateApplicationsTable>): Promise<number> => {
      const row = await db
        .insertInto("affiliate_applications")
        .values(values)
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    applications: (status: string | undefined, limit: number) => {
      let query = db.selectFrom("affiliate_applications").selectAll().orderBy("id", "desc").limit(limit);
      if (status) query = query.where("status", "=", status);
      return query.execute();
    },

    application: (id: number) =>
      db.selectFrom("affiliate_applications").selectAll().where("id", "=", id).executeTakeFirst(),

    /** Decides a pending application (no effect on one already decided). */
    decideApplication: async (
      id: number,
      set: Pick<Updateable<AffiliateApplicationsTable>, "status" | "decided_at" | "decided_by_note">,
    ): Promise<void> => {
      await db
        .updateTable("affiliate_applications")
        .set(set)
        .where("id", "=", id)
        .where("status", "=", "pending")
        .execute();
    },

    // -------------------------------------------------------------- summary

    clicksByDay: (userId: string, from: string, to: string) =>
      db
        .selectFrom("affiliate_link_daily_stats as s")
        .innerJoin("affiliate_links as l", "l.id", "s.link_id")
        .select([sql<string>`s.day`.as("day"), (eb) => eb.fn.sum<number>("s.clicks").as("n")])
        .where("l.user_id", "=", userId)
        .where("s.day", ">=", from)
        .where("s.day", "<=", to)
        .groupBy("s.day")
        .execute(),

    /** Counts of a timestamp column of the user's invitees per UTC day within [from, to]. */
    inviteesByDay: async (
      userId: string,
      column: InviteeDayColumn,
      from: string,
      to: string,
    ): Promise<Map<string, number>> => {
      const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
      const rows = await db
        .selectFrom("affiliate_invitees")
        .select([day.as("day"), (eb) => eb.fn.countAll().as("n")])
        .where("affiliate_user_id", "=", userId)
        .where(column, ">=", dayStart(from))
        .where(column, "<", dayStart(addDays(to, 1)))
        .groupBy(day)
        .execute();
      return new Map(rows.map((r) => [r.day, num(r.n)]));
    },

    tradingByDay: (userId: string, from: string, to: string) =>
      db
        .selectFrom("affiliate_commissions")
        .select([
          "trade_day",
          // Active traders and volume are one's own invitees'; an override line is a sub-affiliate's invitee.
          sql<number>`count(distinct case when source = 'direct' then invitee_id end)`.as("active"),
          sql<number>`sum(case when source = 'direct' then volume_cents else 0 end)`.as("volume"),
          sql<number>`sum(case when status = 'pending' then commission_cents else 0 end)`.as("pending"),
          sql<number>`sum(case when status = 'settled' then commission_cents else 0 end)`.as("settled"),
        ])
        .where("affiliate_user_id", "=", userId)
        .where("trade_day", ">=", from)
        .where("trade_day", "<=", to)
        .groupBy("trade_day")
        .execute(),

    activeTraders: async (userId: string, from: string, to: string): Promise<number> => {
      const row = await db
        .selectFrom("affiliate_commissions")
        .select(sql<number>`count(distinct case when source = 'direct' then invitee_id end)`.as("n"))
        .where("affiliate_user_id", "=", userId)
        .where("trade_day", ">=", from)
        .where("trade_day", "<=", to)
        .executeTakeFirst();
      return num(row?.n);
    },

    /** New trading invitees and own invitees' volume (cents) in [monthStart, review). */
    monthProgress: async (
      userId: string,
      monthStart: string,
      review: string,
    ): Promise<{ newTraders: number; volumeCents: number }> => {
      const [traders, volume] = await Promise.all([
        db
          .selectFrom("affiliate_invitees")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("affiliate_user_id", "=", userId)
          .where("first_trade_at", ">=", dayStart(monthStart))
          .where("first_trade_at", "<", dayStart(review))
          .executeTakeFirst(),
        db
          .selectFrom("affiliate_commissions")
          .select(sql<number>`sum(case when source = 'direct' then volume_cents else 0 end)`.as("v"))
          .where("affiliate_user_id", "=", userId)
          .where("trade_day", ">=", monthStart)
          .where("trade_day", "<", review)
          .executeTakeFirst(),
      ]);
      return { newTraders: num(traders?.n), volumeCents: num(volume?.v) };
    },

    // -------------------------------------------------------------- links

    link: (userId: string, linkId: number) =>
      db
        .selectFrom("affiliate_links")
        .selectAll()
        .where("id", "=", linkId)
        .where("user_id", "=", userId)
        .executeTakeFirst(),

    /** The user's links with their all-time clicks and sign-ups (one link when `onlyId` is given). */
    linkRows: (userId: string, onlyId?: number) =>
      (onlyId === undefined ? linkSelect(userId) : linkSelect(userId).where("l.id", "=", onlyId)).execute(),

    activeLinkCount: async (userId: string): Promise<number> => {
      const row = await db
        .selectFrom("affiliate_links")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .where("archived", "=", 0)
        .executeTakeFirst();
      return num(row?.n);
    },

    linkByCode: (code: string) =>
      db.selectFrom("affiliate_links").select("id").where("code_key", "=", code.toLowerCase()).executeTakeFirst(),

    insertLink: async (values: Insertable<AffiliateLinksTable>): Promise<number> => {
      const row = await db.insertInto("affiliate_links").values(values).returning("id").executeTakeFirstOrThrow();
      return Number(row.id);
    },

    updateLink: async (userId: string, linkId: number, set: Updateable<AffiliateLinksTable>): Promise<void> => {
      await db.updateTable("affiliate_links").set(set).where("id", "=", linkId).where("user_id", "=", userId).execute();
    },

    // -------------------------------------------------------------- invitees

    invitee: (userId: string, inviteeId: number) =>
      db
        .selectFrom("affiliate_invitees")
        .select(["id", "user_id"])
        .where("id", "=", inviteeId)
        .where("affiliate_user_id", "=", userId)
        .executeTakeFirst(),

    inviteeUser: (inviteeId: number) =>
      db.selectFrom("affiliate_invitees").select("user_id").where("id", "=", inviteeId).executeTakeFirst(),

    /** The user's invitee row under that link, if they signed up through it. */
    linkInvitee: (linkId: number, userId: string) =>
      db
        .selectFrom("affiliate_invitees")
        .select("id")
        .where("link_id", "=", linkId)
        .where("user_id", "=", userId)
        .executeTakeFirst(),

    inviteePage: async (userId: string, q: InviteeQuery) => {
      const base = matchingInvitees(userId, q);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
        withInviteeColumns(base)
          .orderBy(SORT_COLUMNS[q.sort], q.order)
          .orderBy("i.id", q.order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
      ]);
      return { total: num(count?.n), rows };
    },

    /** The next `limit` invitees matching the table's filters after id `after`, by id (keyset, for the CSV export). */
    inviteesAfter: (userId: string, q: Pick<InviteeQuery, "search" | "linkId">, after: number, limit: number) =>
      withInviteeColumns(matchingInvitees(userId, q)).where("i.id", ">", after).orderBy("i.id").limit(limit).execute(),

    // -------------------------------------------------------------- commissions

    commissionPage: async (userId: string, q: CommissionQuery) => {
      let base = db
        .selectFrom("affiliate_commissions as c")
        .where("c.affiliate_user_id", "=", userId)
        .where("c.trade_day", ">=", q.from)
        .where("c.trade_day", "<=", q.to);
      if (q.status) base = base.where("c.status", "=", q.status);
      let page = commissionSelect()
        .where("c.affiliate_user_id", "=", userId)
        .where("c.trade_day", ">=", q.from)
        .where("c.trade_day", "<=", q.to)
        .orderBy("c.trade_day", "desc")
        .orderBy("c.id", "desc")
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      if (q.status) page = page.where("c.status", "=", q.status);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
        page.execute(),
      ]);
      return { total: num(count?.n), rows };
    },

    /** Up to `limit` rows of [from, to] newest first, after the keyset (trade_day, id) when given. */
    commissionRows: (userId: string, from: string, to: string, limit: number, after?: { day: string; id: number }) => {
      let query = commissionSelect()
        .where("c.affiliate_user_id", "=", userId)
        .where("c.trade_day", ">=", from)
        .where("c.trade_day", "<=", to)
        .orderBy("c.trade_day", "desc")
        .orderBy("c.id", "desc")
        .limit(limit);
      if (after) {
        const { day, id } = after;
        query = query.where((eb) =>
          eb.or([eb("c.trade_day", "<", day), eb.and([eb("c.trade_day", "=", day), eb("c.id", "<", id)])]),
        );
      }
      return query.execute();
    },

    // -------------------------------------------------------------- sub-affiliates

    sub: (parentUserId: string, userId: string) =>
      subSelect(parentUserId).where("a.user_id", "=", userId).executeTakeFirst(),

    subs: (parentUserId: string, onlyUserId?: string) => {
      let query = subSelect(parentUserId).orderBy("a.joined_at").orderBy("a.user_id");
      if (onlyUserId !== undefined) query = query.where("a.user_id", "=", onlyUserId);
      return query.execute();
    },

    /** Per sub: invitees in total, invitees registered since `from`, own invitees' volume and all commission in [from, to]. */
    subStats: async (ids: readonly string[], from: string, to: string) => {
      const [totals, recent, trading] = await Promise.all([
        db
          .selectFrom("affiliate_invitees")
          .select(["affiliate_user_id", (eb) => eb.fn.countAll().as("n")])
          .where("affiliate_user_id", "in", ids)
          .groupBy("affiliate_user_id")
          .execute(),
        db
          .selectFrom("affiliate_invitees")
          .select(["affiliate_user_id", (eb) => eb.fn.countAll().as("n")])
          .where("affiliate_user_id", "in", ids)
          .where("registered_at", ">=", dayStart(from))
          .groupBy("affiliate_user_id")
          .execute(),
        db
          .selectFrom("affiliate_commissions")
          .select([
            "affiliate_user_id",
            // Volume is the sub's own invitees' (override lines repeat their subs' volume); commission is all they earned.
            sql<number>`sum(case when source = 'direct' then volume_cents else 0 end)`.as("volume"),
            (eb) => eb.fn.sum<number>("commission_cents").as("commission"),
          ])
          .where("affiliate_user_id", "in", ids)
          .where("trade_day", ">=", from)
          .where("trade_day", "<=", to)
          .groupBy("affiliate_user_id")
          .execute(),
      ]);
      return { totals, recent, trading };
    },

    updateSub: async (
      parentUserId: string,
      userId: string,
      set: { rate_bps?: number; note?: string },
    ): Promise<void> => {
      await db
        .updateTable("affiliates")
        .set(set)
        .where("user_id", "=", userId)
        .where("parent_user_id", "=", parentUserId)
        .execute();
    },

    // -------------------------------------------------------------- experience cards

    ...createAffiliateCardsRepository(db),
  };
  return repository;
}

export type AffiliateRepository = ReturnType<typeof createAffiliateRepository>;

type Rows<K extends keyof AffiliateRepository> = Awaited<ReturnType<AffiliateRepository[K]>>;
export type LinkRow = Rows<"linkRows">[number];
export type InviteeRow = Rows<"inviteePage">["rows"][number];
export type CommissionRow = Rows<"commissionRows">[number];
export type CardRow = NonNullable<Rows<"card">>;
export type SubRow = Rows<"subs">[number];
export type SubStats = Rows<"subStats">;
export type TradingDayRow = Rows<"tradingByDay">[number];
export type ClicksDayRow = Rows<"clicksByDay">[number];
