import { randomInt } from "node:crypto";
import fp from "fastify-plugin";
import { sql, type Selectable, type Updateable } from "kysely";
import {
  AFFILIATE_CARD_AMOUNTS_USDT,
  AFFILIATE_CARD_VALIDITY_DAYS,
  AFFILIATE_LINK_SHARE_BPS,
  SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
  type AdminAffiliateApplicationList,
  type AffiliateApplication,
  type AffiliateChannel,
  type AffiliateLevel,
  type AffiliateLevelStatus,
  type AffiliateProgramme,
  type AffiliateSummary,
  type AffiliateCardClaimView,
  type AffiliateCommissionPage,
  type AffiliateCommissionRecord,
  type ExperienceCard,
  type ExperienceCardList,
  type Invitee,
  type InviteePage,
  type ReferralLink,
  type SubAffiliate,
  type SubAffiliateList,
  type AffiliateSummaryFigures,
} from "@affiliates/contracts";
import type { AffiliateApplicationsTable, AffiliateCardsTable, AffiliateLinksTable, AffiliatesTable, Db } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { ApiError } from "../../lib/errors";
import { AFFILIATE_BENEFITS } from "./affiliate-content";
import { faqFor } from "../../content/faq";
import { addDays, DAY_MS, dayOf, dayStart, firstOfNextMonth } from "../../lib/days";
import { num } from "../../lib/rows";

export { addDays, dayOf, dayStart, firstOfNextMonth };


// ------------------------------------------------------------------ settings and helpers

/** Days a commission stays pending after its trade day before it is settled. */
export const SETTLEMENT_HOLD_DAYS = 1;
/** Experience cards expire this many days after they are issued. */
export const CARD_VALIDITY_DAYS = 30;
/** client_settings key of the monthly experience-card quota (JSON number), and its default. */
export const CARD_QUOTA_SETTING = "affiliateCardMonthlyQuota";
export const DEFAULT_CARD_QUOTA = 10;
export const MAX_ACTIVE_LINKS = 50;

export const centsToUsdt = (cents: number | string | bigint | null | undefined): number => Number(cents ?? 0) / 100;

const notFound = (what: string) => new ApiError("not_found", `${what}: not found`);

const CARD_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const newCardCode = (): string => Array.from({ length: 12 }, () => CARD_CODE_ALPHABET[randomInt(CARD_CODE_ALPHABET.length)]).join("");
const LINK_CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newLinkCode = (): string => Array.from({ length: 8 }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join("");

const emptyFigures = (): AffiliateSummaryFigures => ({
  clicks: 0,
  signups: 0,
  kycVerified: 0,
  firstDeposits: 0,
  firstTrades: 0,
  activeTraders: 0,
  volumeUsdt: 0,
  commissionPendingUsdt: 0,
  commissionSettledUsdt: 0,
});

type ApplicationRow = Selectable<AffiliateApplicationsTable>;

function parseChannels(text: string): AffiliateChannel[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as AffiliateChannel[]) : [];
  } catch {
    return [];
  }
}

const toApplication = (r: ApplicationRow): AffiliateApplication => ({
  id: Number(r.id),
  userId: r.user_id,
  name: r.name,
  email: r.email,
  channels: parseChannels(r.channels),
  region: r.region,
  message: r.message,
  status: r.status as AffiliateApplication["status"],
  createdAt: r.created_at,
  decidedAt: r.decided_at,
  decisionNote: r.decided_by_note,
});

type CardRow = Selectable<AffiliateCardsTable>;

export function effectiveCardStatus(row: Pick<CardRow, "status" | "expires_at">, nowIso: string): ExperienceCard["status"] {
  if ((row.status === "issued" || row.status === "claimed") && row.expires_at <= nowIso) return "expired";
  return row.status as ExperienceCard["status"];
}

export interface AffiliateRepositoryOptions {
  now: () => number;
}

export interface NewApplication {
  name: string;
  email: string;
  channels: AffiliateChannel[];
  region: string;
  message: string;
}

export interface LinkInput {
  label: string;
  channel?: string | undefined;
  code?: string | undefined;
  spotShareBps: number;
  futuresShareBps: number;
}

export interface LinkPatch {
  label?: string | undefined;
  channel?: string | null | undefined;
  spotShareBps?: number | undefined;
  futuresShareBps?: number | undefined;
  archived?: boolean | undefined;
}

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

const SORT_COLUMNS = { registeredAt: "i.registered_at", volume: "i.volume_cents", commission: "i.commission_cents" } as const;

export function createAffiliateRepository(database: Db, options: AffiliateRepositoryOptions) {
  const db: Db = database;
  const nowIso = () => new Date(options.now()).toISOString();
  const today = () => dayOf(options.now());

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
  type CommissionRow = Awaited<ReturnType<ReturnType<typeof commissionSelect>["execute"]>>[number];
  const toCommission = (r: CommissionRow): AffiliateCommissionRecord => ({
    id: Number(r.id),
    tradeDay: r.trade_day,
    inviteeId: Number(r.invitee_id),
    inviteeMaskedId: r.masked_user_id,
    businessLine: r.business_line as AffiliateCommissionRecord["businessLine"],
    volumeUsdt: centsToUsdt(r.volume_cents),
    feeUsdt: centsToUsdt(r.fee_cents),
    commissionUsdt: centsToUsdt(r.commission_cents),
    status: r.status as AffiliateCommissionRecord["status"],
    settledAt: r.settled_at,
    reasonNone: r.reason_none,
    source: r.source === "override" ? "override" : "direct",
    fills: Number(r.fills),
  });

  /** Cards with the masked id of the invitee they were issued to (the id every affiliate view shows). */
  const cardSelect = () =>
    db
      .selectFrom("affiliate_cards as card")
      .leftJoin("affiliate_invitees as inv", "inv.id", "card.issued_to_invitee_id")
      .selectAll("card")
      .select("inv.masked_user_id as invitee_masked_id");
  const toCard = (r: CardRow & { invitee_masked_id: string | null }, now: string): ExperienceCard => ({
    inviteeMaskedId: r.invitee_masked_id,
    id: Number(r.id),
    code: r.code,
    amountUsdt: centsToUsdt(r.amount_cents),
    status: effectiveCardStatus(r, now),
    linkId: r.issued_to_link_id === null ? null : Number(r.issued_to_link_id),
    inviteeId: r.issued_to_invitee_id === null ? null : Number(r.issued_to_invitee_id),
    issuedAt: r.issued_at,
    claimedAt: r.claimed_at,
    usedAt: r.used_at,
    expiresAt: r.expires_at,
  });

  async function levels(): Promise<AffiliateLevel[]> {
    const rows = await db.selectFrom("affiliate_levels").selectAll().orderBy("level").execute();
    return rows.map((r) => ({
      level: Number(r.level),
      name: r.name,
      monthlyNewTraders: Number(r.monthly_new_traders),
      monthlyVolumeUsdt: Number(r.monthly_volume_usdt),
      spotRateBps: Number(r.spot_rate_bps),
      futuresRateBps: Number(r.futures_rate_bps),
    }));
  }

  async function affiliateOf(userId: string): Promise<AffiliatesTable | undefined> {
    const row = await db.selectFrom("affiliates").selectAll().where("user_id", "=", userId).executeTakeFirst();
    return row ? { ...row, level: Number(row.level), rate_bps: Number(row.rate_bps) } : undefined;
  }

  /** Counts of a timestamp column per UTC day within [from, to]. */
  async function countByDay(
    userId: string,
    column: "registered_at" | "kyc_at" | "first_deposit_at" | "first_trade_at",
    from: string,
    to: string,
  ): Promise<Map<string, number>> {
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
  }

  async function linkOwned(userId: string, linkId: number) {
    const link = await db.selectFrom("affiliate_links").selectAll().where("id", "=", linkId).where("user_id", "=", userId).executeTakeFirst();
    if (!link) throw notFound("link");
    return link;
  }

  async function linksOf(userId: string, origin: string, onlyId?: number): Promise<Omit<ReferralLink, "period">[]> {
    let query = db
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
      .groupBy(["l.id", "l.code", "l.label", "l.channel", "l.spot_share_bps", "l.futures_share_bps", "l.archived", "l.created_at"])
      .orderBy("l.id");
    if (onlyId !== undefined) query = query.where("l.id", "=", onlyId);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      label: r.label,
      channel: r.channel as ReferralLink["channel"],
      spotShareBps: Number(r.spot_share_bps),
      futuresShareBps: Number(r.futures_share_bps),
      archived: Number(r.archived) === 1,
      createdAt: r.created_at,
      url: `${origin}/register?ref=${encodeURIComponent(r.code)}`,
      clicks: num(r.clicks),
      signups: num(r.signups),
    }));
  }

  async function cardQuota(userId?: string): Promise<number> {
    if (userId !== undefined) {
      const own = await db.selectFrom("affiliates").select("card_quota").where("user_id", "=", userId).executeTakeFirst();
      if (own?.card_quota !== null && own?.card_quota !== undefined) return Number(own.card_quota);
    }
    const row = await db.selectFrom("client_settings").select("value").where("key", "=", CARD_QUOTA_SETTING).executeTakeFirst();
    const value = row ? Number(JSON.parse(row.value)) : DEFAULT_CARD_QUOTA;
    return Number.isInteger(value) && value >= 0 ? value : DEFAULT_CARD_QUOTA;
  }

  async function cardsIssuedSince(trx: Db, userId: string, since: string): Promise<number> {
    const row = await trx
      .selectFrom("affiliate_cards")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("affiliate_user_id", "=", userId)
      .where("issued_at", ">=", since)
      .executeTakeFirst();
    return num(row?.n);
  }

  async function subRow(parentUserId: string, userId: string) {
    return db
      .selectFrom("affiliates as a")
      .innerJoin("users as u", "u.user_id", "a.user_id")
      .select(["a.user_id", "a.rate_bps", "a.note", "a.joined_at", "u.user_name", "u.email"])
      .where("a.parent_user_id", "=", parentUserId)
      .where("a.user_id", "=", userId)
      .executeTakeFirst();
  }

  async function subAffiliates(parentUserId: string, onlyUserId?: string): Promise<SubAffiliate[]> {
    let query = db
      .selectFrom("affiliates as a")
      .innerJoin("users as u", "u.user_id", "a.user_id")
      .select(["a.user_id", "a.rate_bps", "a.note", "a.joined_at", "u.user_name", "u.email"])
      .where("a.parent_user_id", "=", parentUserId)
      .orderBy("a.joined_at")
      .orderBy("a.user_id");
    if (onlyUserId !== undefined) query = query.where("a.user_id", "=", onlyUserId);
    const subs = await query.execute();
    if (subs.length === 0) return [];
    const ids = subs.map((s) => s.user_id);
    const to = today();
    const from = addDays(to, -29);
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
    const totalOf = new Map(totals.map((r) => [r.affiliate_user_id, num(r.n)]));
    const recentOf = new Map(recent.map((r) => [r.affiliate_user_id, num(r.n)]));
    const tradingOf = new Map(trading.map((r) => [r.affiliate_user_id, r]));
    return subs.map((s) => ({
      userId: s.user_id,
      name: s.user_name,
      email: s.email,
      rateBps: Number(s.rate_bps),
      note: s.note,
      joinedAt: s.joined_at,
      inviteesTotal: totalOf.get(s.user_id) ?? 0,
      last30d: {
        newInvitees: recentOf.get(s.user_id) ?? 0,
        volumeUsdt: centsToUsdt(tradingOf.get(s.user_id)?.volume),
        commissionUsdt: centsToUsdt(tradingOf.get(s.user_id)?.commission),
      },
    }));
  }

  return {
    now: options.now,
    today,
    levels,
    affiliateOf,

    /** The programme's figures, with the FAQ in `locale` (item by item falling back to English). */
    async programme(locale?: string | null): Promise<AffiliateProgramme> {
      const all = await levels();
      return {
        levels: all,
        headlineMaxRateBps: all.reduce((max, l) => Math.max(max, l.spotRateBps, l.futuresRateBps), 0),
        benefits: [...AFFILIATE_BENEFITS],
        linkShareBps: [...AFFILIATE_LINK_SHARE_BPS],
        cardAmountsUsdt: [...AFFILIATE_CARD_AMOUNTS_USDT],
        settlementHoldDays: SETTLEMENT_HOLD_DAYS,
        faq: faqFor("affiliate", locale),
      };
    },

    // -------------------------------------------------------------- applications

    async latestApplication(userId: string): Promise<AffiliateApplication | null> {
      const row = await db.selectFrom("affiliate_applications").selectAll().where("user_id", "=", userId).orderBy("id", "desc").limit(1).executeTakeFirst();
      return row ? toApplication(row) : null;
    },

    /** One open application per user: refused (10003) while one is pending or approved, or when the user already is an affiliate. */
    async createApplication(userId: string, input: NewApplication): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom("affiliate_applications")
          .select(["id", "status"])
          .where("user_id", "=", userId)
          .where("status", "in", ["pending", "approved"])
          .executeTakeFirst();
        if (open) throw new ApiError("application_exists", `application: you already have an ${open.status} application`);
        const affiliate = await trx.selectFrom("affiliates").select("user_id").where("user_id", "=", userId).executeTakeFirst();
        if (affiliate) throw new ApiError("application_exists", "application: you already are an affiliate");
        const row = await trx
          .insertInto("affiliate_applications")
          .values({
            user_id: userId,
            name: input.name,
            email: input.email.toLowerCase(),
            channels: JSON.stringify(input.channels),
            region: input.region,
            message: input.message,
            status: "pending",
            created_at: nowIso(),
            decided_at: null,
            decided_by_note: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return Number(row.id);
      });
    },

    async listApplications(status: string | undefined, limit: number): Promise<AdminAffiliateApplicationList> {
      let query = db.selectFrom("affiliate_applications").selectAll().orderBy("id", "desc").limit(limit);
      if (status) query = query.where("status", "=", status);
      return { applications: (await query.execute()).map(toApplication) };
    },

    /** Approving creates the affiliates row at level 1 (its rate from affiliate_levels) unless the user already has one. */
    async decide(id: number, decision: "approve" | "reject", note: string | undefined): Promise<AffiliateApplication> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom("affiliate_applications").selectAll().where("id", "=", id).executeTakeFirst();
        if (!row) throw notFound("application");
        if (row.status !== "pending") throw new ApiError("application_decided", `application: already ${row.status}`);
        const at = nowIso();
        const status = decision === "approve" ? "approved" : "rejected";
        await trx
          .updateTable("affiliate_applications")
          .set({ status, decided_at: at, decided_by_note: note ?? null })
          .where("id", "=", id)
          .where("status", "=", "pending")
          .execute();
        if (decision === "approve") {
          const exists = await trx.selectFrom("affiliates").select("user_id").where("user_id", "=", row.user_id).executeTakeFirst();
          if (!exists) {
            const first = await trx.selectFrom("affiliate_levels").selectAll().orderBy("level").limit(1).executeTakeFirst();
            await trx
              .insertInto("affiliates")
              .values({
                user_id: row.user_id,
                level: Number(first?.level ?? 1),
                rate_bps: Number(first?.spot_rate_bps ?? 4000),
                parent_user_id: null,
                note: "",
                joined_at: at,
              })
              .execute();
            await trx.updateTable("users").set({ role: "affiliate" }).where("user_id", "=", row.user_id).execute();
          }
        }
        return toApplication({ ...row, status, decided_at: at, decided_by_note: note ?? null });
      });
    },

    // -------------------------------------------------------------- summary

    async summary(userId: string, from: string, to: string): Promise<AffiliateSummary> {
      const clickDay = sql<string>`s.day`;
      const [clicks, signups, kyc, deposits, trades, trading, active] = await Promise.all([
        db
          .selectFrom("affiliate_link_daily_stats as s")
          .innerJoin("affiliate_links as l", "l.id", "s.link_id")
          .select([clickDay.as("day"), (eb) => eb.fn.sum<number>("s.clicks").as("n")])
          .where("l.user_id", "=", userId)
          .where("s.day", ">=", from)
          .where("s.day", "<=", to)
          .groupBy("s.day")
          .execute(),
        countByDay(userId, "registered_at", from, to),
        countByDay(userId, "kyc_at", from, to),
        countByDay(userId, "first_deposit_at", from, to),
        countByDay(userId, "first_trade_at", from, to),
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
        db
          .selectFrom("affiliate_commissions")
          .select(sql<number>`count(distinct case when source = 'direct' then invitee_id end)`.as("n"))
          .where("affiliate_user_id", "=", userId)
          .where("trade_day", ">=", from)
          .where("trade_day", "<=", to)
          .executeTakeFirst(),
      ]);
      const clicksOf = new Map(clicks.map((r) => [r.day, num(r.n)]));
      const tradingOf = new Map(trading.map((r) => [r.trade_day, r]));
      const series: AffiliateSummary["series"] = [];
      const totalCents = { volume: 0, pending: 0, settled: 0 };
      const totals = emptyFigures();
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const t = tradingOf.get(day);
        const cents = { volume: num(t?.volume), pending: num(t?.pending), settled: num(t?.settled) };
        totalCents.volume += cents.volume;
        totalCents.pending += cents.pending;
        totalCents.settled += cents.settled;
        const figures: AffiliateSummaryFigures = {
          clicks: clicksOf.get(day) ?? 0,
          signups: signups.get(day) ?? 0,
          kycVerified: kyc.get(day) ?? 0,
          firstDeposits: deposits.get(day) ?? 0,
          firstTrades: trades.get(day) ?? 0,
          activeTraders: num(t?.active),
          volumeUsdt: centsToUsdt(cents.volume),
          commissionPendingUsdt: centsToUsdt(cents.pending),
          commissionSettledUsdt: centsToUsdt(cents.settled),
        };
        for (const key of ["clicks", "signups", "kycVerified", "firstDeposits", "firstTrades"] as const) totals[key] += figures[key];
        series.push({ day, ...figures });
      }
      totals.activeTraders = num(active?.n);
      totals.volumeUsdt = centsToUsdt(totalCents.volume);
      totals.commissionPendingUsdt = centsToUsdt(totalCents.pending);
      totals.commissionSettledUsdt = centsToUsdt(totalCents.settled);
      return {
        from,
        to,
        totals,
        series,
        funnel: [
          { step: "clicks", count: totals.clicks },
          { step: "signups", count: totals.signups },
          { step: "kyc", count: totals.kycVerified },
          { step: "firstDeposit", count: totals.firstDeposits },
          { step: "firstTrade", count: totals.firstTrades },
        ],
      };
    },

    // -------------------------------------------------------------- links

    links: (userId: string, origin: string) => linksOf(userId, origin),

    async createLink(userId: string, input: LinkInput, origin: string): Promise<Omit<ReferralLink, "period">> {
      const active = await db
        .selectFrom("affiliate_links")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .where("archived", "=", 0)
        .executeTakeFirst();
      if (num(active?.n) >= MAX_ACTIVE_LINKS) throw new ApiError("bad_request", `links: at most ${MAX_ACTIVE_LINKS} active links; archive one first`);
      for (let attempt = 0; ; attempt++) {
        const code = input.code ?? newLinkCode();
        const taken = await db.selectFrom("affiliate_links").select("id").where("code_key", "=", code.toLowerCase()).executeTakeFirst();
        if (taken) {
          if (input.code !== undefined) throw new ApiError("link_code_taken", "code: this code is taken");
          if (attempt < 5) continue;
        }
        let id: number;
        try {
          const row = await db
            .insertInto("affiliate_links")
            .values({
              user_id: userId,
              code,
              code_key: code.toLowerCase(),
              label: input.label,
              channel: input.channel ?? null,
              spot_share_bps: input.spotShareBps,
              futures_share_bps: input.futuresShareBps,
              created_at: nowIso(),
              archived: 0,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          id = Number(row.id);
        } catch (error) {
          // A concurrent insert of the same code: the unique index answers. Any other failure is not "code taken".
          if (!isUniqueViolation(error, "affiliate_links", "code_key")) throw error;
          if (input.code !== undefined || attempt >= 5) throw new ApiError("link_code_taken", "code: this code is taken");
          continue;
        }
        const [link] = await linksOf(userId, origin, id);
        if (!link) throw new ApiError("internal");
        return link;
      }
    },

    async updateLink(userId: string, linkId: number, patch: LinkPatch, origin: string): Promise<Omit<ReferralLink, "period">> {
      await linkOwned(userId, linkId);
      const set: Updateable<AffiliateLinksTable> = {};
      if (patch.label !== undefined) set.label = patch.label;
      if (patch.channel !== undefined) set.channel = patch.channel;
      if (patch.spotShareBps !== undefined) set.spot_share_bps = patch.spotShareBps;
      if (patch.futuresShareBps !== undefined) set.futures_share_bps = patch.futuresShareBps;
      if (patch.archived !== undefined) set.archived = patch.archived ? 1 : 0;
      await db.updateTable("affiliate_links").set(set).where("id", "=", linkId).where("user_id", "=", userId).execute();
      const [link] = await linksOf(userId, origin, linkId);
      if (!link) throw notFound("link");
      return link;
    },

    // -------------------------------------------------------------- invitees

    async invitees(userId: string, q: InviteeQuery): Promise<InviteePage> {
      if (q.linkId !== undefined) await linkOwned(userId, q.linkId);
      let base = db.selectFrom("affiliate_invitees as i").where("i.affiliate_user_id", "=", userId);
      if (q.linkId !== undefined) base = base.where("i.link_id", "=", q.linkId);
      if (q.search !== undefined) {
        const search = q.search;
        // The pattern allows only letters, digits and '*' (no LIKE wildcards to escape).
        base = base.where((eb) => eb.or([eb("i.masked_user_id", "like", `%${search}%`), eb("i.user_id", "=", search)]));
      }
      const column = SORT_COLUMNS[q.sort];
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
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
          ])
          .orderBy(column, q.order)
          .orderBy("i.id", q.order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
      ]);
      const items: Invitee[] = rows.map((r) => ({
        id: Number(r.id),
        maskedUserId: r.masked_user_id,
        registeredAt: r.registered_at,
        kyc: r.kyc_at !== null,
        firstDepositAt: r.first_deposit_at,
        firstTradeAt: r.first_trade_at,
        volumeUsdt: centsToUsdt(r.volume_cents),
        commissionUsdt: centsToUsdt(r.commission_cents),
        linkId: r.link_id === null ? null : Number(r.link_id),
        linkCode: r.code ?? null,
      }));
      return { items, total: num(count?.n), page: q.page, pageSize: q.pageSize };
    },

    // -------------------------------------------------------------- commissions

    async commissions(userId: string, q: CommissionQuery): Promise<AffiliateCommissionPage> {
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
      const [count, rows] = await Promise.all([base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(), page.execute()]);
      return { items: rows.map(toCommission), total: num(count?.n), page: q.page, pageSize: q.pageSize };
    },

    /** The rows of [from, to] newest first, in chunks read by keyset pagination (trade_day, id) — never all at once. */
    async *commissionChunks(userId: string, from: string, to: string, chunkSize = 1000): AsyncGenerator<AffiliateCommissionRecord[]> {
      let after: { day: string; id: number } | undefined;
      for (;;) {
        let query = commissionSelect()
          .where("c.affiliate_user_id", "=", userId)
          .where("c.trade_day", ">=", from)
          .where("c.trade_day", "<=", to)
          .orderBy("c.trade_day", "desc")
          .orderBy("c.id", "desc")
          .limit(chunkSize);
        if (after) {
          const { day, id } = after;
          query = query.where((eb) => eb.or([eb("c.trade_day", "<", day), eb.and([eb("c.trade_day", "=", day), eb("c.id", "<", id)])]));
        }
        const rows = await query.execute();
        if (rows.length === 0) return;
        yield rows.map(toCommission);
        if (rows.length < chunkSize) return;
        const last = rows[rows.length - 1];
        if (!last) return;
        after = { day: last.trade_day, id: Number(last.id) };
      }
    },

    // -------------------------------------------------------------- sub-affiliates

    async subAffiliates(userId: string, ownRateBps: number): Promise<Omit<SubAffiliateList, "pendingInvitations">> {
      return { ownRateBps, subAffiliates: await subAffiliates(userId) };
    },

    async updateSub(parent: AffiliatesTable, userId: string, patch: { rateBps?: number | undefined; note?: string | undefined }): Promise<SubAffiliate> {
      const row = await subRow(parent.user_id, userId);
      if (!row) throw notFound("sub-affiliate");
      if (patch.rateBps !== undefined && patch.rateBps >= parent.rate_bps) throw new ApiError("bad_request", SUB_AFFILIATE_RATE_TOO_HIGH_MSG);
      const set: { rate_bps?: number; note?: string } = {};
      if (patch.rateBps !== undefined) set.rate_bps = patch.rateBps;
      if (patch.note !== undefined) set.note = patch.note;
      await db.updateTable("affiliates").set(set).where("user_id", "=", userId).where("parent_user_id", "=", parent.user_id).execute();
      const [sub] = await subAffiliates(parent.user_id, userId);
      if (!sub) throw notFound("sub-affiliate");
      return sub;
    },

    // -------------------------------------------------------------- level

    async levelStatus(affiliate: AffiliatesTable): Promise<AffiliateLevelStatus> {
      const all = await levels();
      const day = today();
      const monthStart = `${day.slice(0, 7)}-01`;
      const review = firstOfNextMonth(day);
      const [traders, volume] = await Promise.all([
        db
          .selectFrom("affiliate_invitees")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("affiliate_user_id", "=", affiliate.user_id)
          .where("first_trade_at", ">=", dayStart(monthStart))
          .where("first_trade_at", "<", dayStart(review))
          .executeTakeFirst(),
        db
          .selectFrom("affiliate_commissions")
          .select(sql<number>`sum(case when source = 'direct' then volume_cents else 0 end)`.as("v"))
          .where("affiliate_user_id", "=", affiliate.user_id)
          .where("trade_day", ">=", monthStart)
          .where("trade_day", "<", review)
          .executeTakeFirst(),
      ]);
      const current = all.find((l) => l.level === affiliate.level);
      return {
        level: affiliate.level,
        name: current?.name ?? `Lv${affiliate.level}`,
        rateBps: affiliate.rate_bps,
        spotRateBps: current?.spotRateBps ?? affiliate.rate_bps,
        futuresRateBps: current?.futuresRateBps ?? affiliate.rate_bps,
        month: day.slice(0, 7),
        progress: { newTraders: num(traders?.n), volumeUsdt: centsToUsdt(volume?.v) },
        next: all.find((l) => l.level > affiliate.level) ?? null,
        nextReviewDate: review,
      };
    },

    // -------------------------------------------------------------- experience cards

    async cards(userId: string): Promise<ExperienceCardList> {
      const day = today();
      const monthStart = dayStart(`${day.slice(0, 7)}-01`);
      const [quota, used, rows] = await Promise.all([
        cardQuota(userId),
        cardsIssuedSince(db, userId, monthStart),
        cardSelect().where("card.affiliate_user_id", "=", userId).orderBy("card.issued_at", "desc").orderBy("card.id", "desc").limit(200).execute(),
      ]);
      const now = nowIso();
      return {
        month: day.slice(0, 7),
        monthlyQuota: quota,
        usedThisMonth: used,
        remaining: Math.max(0, quota - used),
        amountsUsdt: [...AFFILIATE_CARD_AMOUNTS_USDT],
        validDaysOptions: [...AFFILIATE_CARD_VALIDITY_DAYS],
        cards: rows.map((r) => toCard(r, now)),
      };
    },

    async issueCard(
      userId: string,
      input: { amountUsdt: number; linkId?: number | undefined; inviteeId?: number | undefined; validDays?: number | undefined },
    ): Promise<ExperienceCard> {
      if (input.linkId !== undefined) await linkOwned(userId, input.linkId);
      if (input.inviteeId !== undefined) {
        const invitee = await db
          .selectFrom("affiliate_invitees")
          .select("id")
          .where("id", "=", input.inviteeId)
          .where("affiliate_user_id", "=", userId)
          .executeTakeFirst();
        if (!invitee) throw notFound("invitee");
      }
      const quota = await cardQuota(userId);
      const issuedAt = options.now();
      const monthStart = dayStart(`${dayOf(issuedAt).slice(0, 7)}-01`);
      const id = await db.transaction().execute(async (trx) => {
        if ((await cardsIssuedSince(trx, userId, monthStart)) >= quota) {
          throw new ApiError("card_quota_exceeded", `cards: this month's quota of ${quota} cards is used up`);
        }
        const row = await trx
          .insertInto("affiliate_cards")
          .values({
            affiliate_user_id: userId,
            code: newCardCode(),
            amount_cents: input.amountUsdt * 100,
            status: "issued",
            issued_to_link_id: input.linkId ?? null,
            issued_to_invitee_id: input.inviteeId ?? null,
            claimed_by_user_id: null,
            issued_at: new Date(issuedAt).toISOString(),
            claimed_at: null,
            used_at: null,
            expires_at: new Date(issuedAt + (input.validDays ?? CARD_VALIDITY_DAYS) * DAY_MS).toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return Number(row.id);
      });
      const row = await cardSelect().where("card.id", "=", id).executeTakeFirstOrThrow();
      return toCard(row, nowIso());
    },

    /** Operators: an affiliate's own monthly card quota (null: the programme default). 404 for a user who is no affiliate. */
    async setCardQuota(userId: string, monthlyQuota: number | null): Promise<{ userId: string; monthlyQuota: number; override: number | null }> {
      const result = await db.updateTable("affiliates").set({ card_quota: monthlyQuota }).where("user_id", "=", userId).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound("affiliate");
      return { userId, monthlyQuota: await cardQuota(userId), override: monthlyQuota };
    },

    async claimView(code: string): Promise<AffiliateCardClaimView> {
      const row = await db.selectFrom("affiliate_cards").selectAll().where("code", "=", code).executeTakeFirst();
      if (!row) throw notFound("card");
      return { code: row.code, amountUsdt: centsToUsdt(row.amount_cents), status: effectiveCardStatus(row, nowIso()), expiresAt: row.expires_at, claimedAt: row.claimed_at };
    },

    /** issued → claimed by the caller; refused for one's own card, another invitee's card, and cards not issued (10007). */
    async claim(code: string, userId: string): Promise<AffiliateCardClaimView> {
      const row = await db.selectFrom("affiliate_cards").selectAll().where("code", "=", code).executeTakeFirst();
      if (!row) throw notFound("card");
      const now = nowIso();
      const status = effectiveCardStatus(row, now);
      if (status !== "issued") throw new ApiError("card_not_claimable", `card: ${status === "claimed" ? "already claimed" : status === "used" ? "already used" : "expired"}`);
      if (row.affiliate_user_id === userId) throw new ApiError("forbidden", "card: you cannot claim a card you issued");
      if (row.issued_to_invitee_id !== null) {
        const invitee = await db.selectFrom("affiliate_invitees").select("user_id").where("id", "=", row.issued_to_invitee_id).executeTakeFirst();
        if (invitee?.user_id !== userId) throw new ApiError("forbidden", "card: issued to another user");
      }
      const result = await db
        .updateTable("affiliate_cards")
        .set({ status: "claimed", claimed_by_user_id: userId, claimed_at: now })
        .where("id", "=", row.id)
        .where("status", "=", "issued")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new ApiError("card_not_claimable", "card: already claimed");
      return { code: row.code, amountUsdt: centsToUsdt(row.amount_cents), status: "claimed", expiresAt: row.expires_at, claimedAt: now };
    },
  };
}

export type AffiliateRepository = ReturnType<typeof createAffiliateRepository>;

declare module "fastify" {
  interface FastifyInstance {
    affiliate: AffiliateRepository;
  }
}

export default fp<AffiliateRepositoryOptions>(
  (app, options, done) => {
    app.decorate("affiliate", createAffiliateRepository(app.db, options));
    done();
  },
  { name: "affiliate-repository", dependencies: ["db"] },
);
