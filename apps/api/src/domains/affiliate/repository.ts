import { sql, type Insertable, type Kysely, type Updateable } from "kysely";
import type { AffiliateCommissionRecord } from "@affiliates/contracts";
import type {
  AffiliateApplicationsTable,
  AffiliateLinksTable,
  AffiliatesTable,
  Database,
} from "../../platform/db/schema";
import { num } from "../../platform/db/rows";
import { createAffiliateCardsRepository } from "../cards/repository";

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
  traded?: "yes" | "no" | undefined;
  kyc?: "yes" | "no" | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
}
/** What selects the invitees of the table and its export (everything but paging and order). */
export type InviteeFilter = Omit<InviteeQuery, "page" | "pageSize" | "sort" | "order">;

export interface CommissionQuery {
  from: string;
  to: string;
  page: number;
  pageSize: number;
  status?: AffiliateCommissionRecord["status"] | undefined;
}

const SORT_COLUMNS = {
  registeredAt: "i.registered_at",
  volume: "i.volume_cents",
  commission: "i.commission_cents",
} as const;
/** A link's own columns: selected, and grouped by, beside its summed daily stats. */
const LINK_COLUMNS = [
  "l.id",
  "l.code",
  "l.label",
  "l.channel",
  "l.spot_share_bps",
  "l.futures_share_bps",
  "l.archived",
  "l.created_at",
] as const;
const SUB_COLUMNS = ["a.user_id", "a.rate_bps", "a.note", "a.joined_at", "u.user_name", "u.email"] as const;

const isFiltered = (q: InviteeFilter): boolean =>
  q.search !== undefined ||
  q.traded !== undefined ||
  q.kyc !== undefined ||
  q.registeredFrom !== undefined ||
  q.registeredTo !== undefined;

/** The affiliate programme's queries, one group per concern (each under 150 lines), made on a database or transaction. */
export function createAffiliateRepository(db: Kysely<Database>) {
  return {
    ...accountQueries(db),
    ...summaryQueries(db),
    ...linkQueries(db),
    ...inviteeQueries(db),
    ...commissionQueries(db),
    ...subAffiliateQueries(db),
    ...createAffiliateCardsRepository(db),
  };
}

/** Levels, affiliates and their applications. */
function accountQueries(db: Kysely<Database>) {
  return {
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
  };
}

/** The dashboard's daily figures: clicks, the funnel, trading, active traders, the month's progress. */
function summaryQueries(db: Kysely<Database>) {
  return {
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

    /** The funnel's counts per UTC day within [from, to], from the kept totals (sign-ups … active traders). */
    funnelByDay: (userId: string, from: string, to: string) =>
      db
        .selectFrom("affiliate_funnel_totals")
        .select([
          "day",
          (eb) => eb.fn.sum<number>("signups").as("signups"),
          (eb) => eb.fn.sum<number>("kyc").as("kyc"),
          (eb) => eb.fn.sum<number>("deposits").as("deposits"),
          (eb) => eb.fn.sum<number>("first_trades").as("first_trades"),
          (eb) => eb.fn.sum<number>("active_traders").as("active"),
        ])
        .where("affiliate_user_id", "=", userId)
        .where("day", ">=", from)
        .where("day", "<=", to)
        .groupBy("day")
        .execute(),

    /** Own invitees' volume and every line's commission (pending, settled) per trade day, from the kept totals. */
    tradingByDay: (userId: string, from: string, to: string) =>
      db
        .selectFrom("affiliate_trading_totals")
        .select([
          sql<string>`day`.as("trade_day"),
          // Volume is one's own invitees'; an override line is a sub-affiliate's invitee.
          sql<number>`sum(case when source = 'direct' then volume_cents else 0 end)`.as("volume"),
          (eb) => eb.fn.sum<number>("pending_cents").as("pending"),
          (eb) => eb.fn.sum<number>("settled_cents").as("settled"),
        ])
        .where("affiliate_user_id", "=", userId)
        .where("day", ">=", from)
        .where("day", "<=", to)
        .groupBy("day")
        .execute(),

    /**
     * Invitees who traded on at least one day of [from, to]. When no fill is later than `to` (the period ends with
     * the latest fills, as the dashboard's do), they are the invitees whose last trade day is `from` or later: one
     * index range. Otherwise a distinct count over the days traded in the period.
     */
    activeTraders: async (userId: string, from: string, to: string): Promise<number> => {
      const latest = await db
        .selectFrom("affiliate_trader_days")
        .select((eb) => eb.fn.max("day").as("day"))
        .where("affiliate_user_id", "=", userId)
        .executeTakeFirst();
      if (!latest?.day) return 0;
      if (latest.day <= to) {
        const row = await db
          .selectFrom("affiliate_invitees")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("affiliate_user_id", "=", userId)
          .where("last_trade_day", ">=", from)
          .executeTakeFirst();
        return num(row?.n);
      }
      const row = await db
        .selectFrom("affiliate_trader_days")
        .select(sql<number>`count(distinct invitee_id)`.as("n"))
        .where("affiliate_user_id", "=", userId)
        .where("day", ">=", from)
        .where("day", "<=", to)
        .executeTakeFirst();
      return num(row?.n);
    },

    /** New trading invitees and own invitees' volume (cents) in [monthStart, review), from the kept totals. */
    monthProgress: async (
      userId: string,
      monthStart: string,
      review: string,
    ): Promise<{ newTraders: number; volumeCents: number }> => {
      const [traders, volume] = await Promise.all([
        db
          .selectFrom("affiliate_funnel_totals")
          .select((eb) => eb.fn.sum<number>("first_trades").as("n"))
          .where("affiliate_user_id", "=", userId)
          .where("day", ">=", monthStart)
          .where("day", "<", review)
          .executeTakeFirst(),
        db
          .selectFrom("affiliate_trading_totals")
          .select((eb) => eb.fn.sum<number>("volume_cents").as("v"))
          .where("affiliate_user_id", "=", userId)
          .where("source", "=", "direct")
          .where("day", ">=", monthStart)
          .where("day", "<", review)
          .executeTakeFirst(),
      ]);
      return { newTraders: num(traders?.n), volumeCents: num(volume?.v) };
    },
  };
}

/** Referral links with their all-time clicks and sign-ups. */
function linkQueries(db: Kysely<Database>) {
  const linkSelect = (userId: string) =>
    db
      .selectFrom("affiliate_links as l")
      .leftJoin("affiliate_link_daily_stats as s", "s.link_id", "l.id")
      .select([
        ...LINK_COLUMNS,
        (eb) => eb.fn.coalesce(eb.fn.sum<number>("s.clicks"), sql<number>`0`).as("clicks"),
        (eb) => eb.fn.coalesce(eb.fn.sum<number>("s.signups"), sql<number>`0`).as("signups"),
      ])
      .where("l.user_id", "=", userId)
      .groupBy([...LINK_COLUMNS])
      .orderBy("l.id");

  return {
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
  };
}

/** Invitees: the table's filtered, sorted pages and the export's chunks. */
function inviteeQueries(db: Kysely<Database>) {
  /**
   * The invitees of an affiliate matching the table's filters (link, UID search, traded, KYC, sign-up days). Each
   * filter is a range or null test on a column indexed with the affiliate first (migration 0006); the UID search is a
   * LIKE on digits only (no wildcard to escape): trigram-indexed on PostgreSQL (migration 0018), within the
   * affiliate's invitees on SQLite.
   */
  const matchingInvitees = (userId: string, q: InviteeFilter) => {
    let base = db.selectFrom("affiliate_invitees as i").where("i.affiliate_user_id", "=", userId);
    if (q.linkId !== undefined) base = base.where("i.link_id", "=", q.linkId);
    if (q.search !== undefined) base = base.where("i.user_id", "like", `%${q.search}%`);
    if (q.traded !== undefined) base = base.where("i.first_trade_at", q.traded === "yes" ? "is not" : "is", null);
    if (q.kyc !== undefined) base = base.where("i.kyc_at", q.kyc === "yes" ? "is not" : "is", null);
    // Sign-up times are ISO UTC: a day's bounds are its first instant and the next day's.
    if (q.registeredFrom !== undefined) base = base.where("i.registered_at", ">=", `${q.registeredFrom}T00:00:00`);
    if (q.registeredTo !== undefined) base = base.where("i.registered_at", "<=", `${q.registeredTo}T23:59:59.999Z`);
    return base;
  };
  /** An invitee row as the table and its export show it (mapping.ts's toInvitee). */
  const withInviteeColumns = (base: ReturnType<typeof matchingInvitees>) =>
    base
      .leftJoin("affiliate_links as l", "l.id", "i.link_id")
      .leftJoin("risk_flags as rf", "rf.invitee_id", "i.id")
      .select([
        "rf.status as hold_status",
        "rf.reasons as hold_reasons",
        "i.id",
        "i.user_id",
        "i.registered_at",
        "i.kyc_at",
        "i.first_deposit_at",
        "i.first_trade_at",
        "i.volume_cents",
        "i.commission_cents",
        "i.link_id",
        "l.code",
      ]);

  return {
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
      // Without a search or filter the count is the kept sign-ups (per link), not a count of the affiliate's invitees.
      let signups = db
        .selectFrom("affiliate_funnel_totals")
        .select((eb) => eb.fn.sum<number>("signups").as("n"))
        .where("affiliate_user_id", "=", userId);
      if (q.linkId !== undefined) signups = signups.where("link_id", "=", q.linkId);
      const [count, rows] = await Promise.all([
        (isFiltered(q) ? base.select((eb) => eb.fn.countAll().as("n")) : signups).executeTakeFirst(),
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
    inviteesAfter: (userId: string, q: InviteeFilter, after: number, limit: number) =>
      withInviteeColumns(matchingInvitees(userId, q)).where("i.id", ">", after).orderBy("i.id").limit(limit).execute(),
  };
}

/** Commission records: the table's pages and the export's chunks. */
function commissionQueries(db: Kysely<Database>) {
  const commissionSelect = () =>
    db
      .selectFrom("affiliate_commissions as c")
      .innerJoin("affiliate_invitees as i", "i.id", "c.invitee_id")
      .leftJoin("risk_flags as rf", "rf.invitee_id", "c.invitee_id")
      .leftJoin("affiliate_links as cl", "cl.id", "c.link_id")
      .select([
        "rf.status as hold_status",
        "rf.reasons as hold_reasons",
        "c.id",
        "c.trade_day",
        "c.invitee_id",
        "i.user_id as invitee_uid",
        "cl.code as link_code",
        "c.fee_micros",
        "c.commission_micros",
        "c.rebate_micros",
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

  return {
    /** A page of lines newest first; the count comes from the kept totals (lines per day and status). */
    commissionPage: async (userId: string, q: CommissionQuery) => {
      const lines =
        q.status === "pending"
          ? sql<number>`sum(pending_lines)`
          : q.status === "settled"
            ? sql<number>`sum(settled_lines)`
            : sql<number>`sum(pending_lines + settled_lines)`;
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
        db
          .selectFrom("affiliate_trading_totals")
          .select(lines.as("n"))
          .where("affiliate_user_id", "=", userId)
          .where("day", ">=", q.from)
          .where("day", "<=", q.to)
          .executeTakeFirst(),
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
      // One row comparison: the index (affiliate, day, id) starts right after the last row (an OR of the two
      // conditions made every chunk re-read all the rows before it).
      if (after)
        query = query.where((eb) => eb(eb.refTuple("c.trade_day", "c.id"), "<", eb.tuple(after.day, after.id)));
      return query.execute();
    },
  };
}

/** Sub-affiliates with their figures. */
function subAffiliateQueries(db: Kysely<Database>) {
  const subSelect = (parentUserId: string) =>
    db
      .selectFrom("affiliates as a")
      .innerJoin("users as u", "u.user_id", "a.user_id")
      .select(SUB_COLUMNS)
      .where("a.parent_user_id", "=", parentUserId);

  return {
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
          .selectFrom("affiliate_funnel_totals")
          .select(["affiliate_user_id", (eb) => eb.fn.sum<number>("signups").as("n")])
          .where("affiliate_user_id", "in", ids)
          .groupBy("affiliate_user_id")
          .execute(),
        db
          .selectFrom("affiliate_funnel_totals")
          .select(["affiliate_user_id", (eb) => eb.fn.sum<number>("signups").as("n")])
          .where("affiliate_user_id", "in", ids)
          .where("day", ">=", from)
          .groupBy("affiliate_user_id")
          .execute(),
        db
          .selectFrom("affiliate_trading_totals")
          .select([
            "affiliate_user_id",
            // Volume is the sub's own invitees' (override lines repeat their subs' volume); commission is all they earned.
            sql<number>`sum(case when source = 'direct' then volume_cents else 0 end)`.as("volume"),
            sql<number>`sum(pending_cents + settled_cents)`.as("commission"),
          ])
          .where("affiliate_user_id", "in", ids)
          .where("day", ">=", from)
          .where("day", "<=", to)
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
  };
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
