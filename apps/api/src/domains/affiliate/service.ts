import {
  AFFILIATE_CARD_AMOUNTS_USDT,
  AFFILIATE_CARD_VALIDITY_DAYS,
  AFFILIATE_LINK_SHARE_BPS,
  SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
  type AdminAffiliateApplicationList,
  type AffiliateApplication,
  type AffiliateCardClaimView,
  type AffiliateChannel,
  type AffiliateCommissionPage,
  type AffiliateCommissionRecord,
  type AffiliateLevel,
  type AffiliateLevelStatus,
  type AffiliateProgramme,
  type AffiliateSummary,
  type ExperienceCard,
  type ExperienceCardList,
  type Invitee,
  type InviteePage,
  type ReferralLink,
  type SubAffiliate,
  type SubAffiliateList,
  type SubAffiliateWithOffer,
} from "@affiliates/contracts";
import type { Kysely, Updateable } from "kysely";
import { faqFor } from "../content/faq";
import type { AffiliateLinksTable, AffiliatesTable, Database } from "../../platform/db/schema";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { addDays, DAY_MS, dayOf, dayStart, firstOfNextMonth } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { centsToUsdt } from "../../platform/lib/money";
import { AFFILIATE_BENEFITS } from "./content";
import { createSubInvitationsRepository } from "../network/sub-invitations-repository";
import {
  createAffiliateRepository,
  type AffiliateRepository,
  type CommissionQuery,
  type InviteeQuery,
} from "./repository";
import {
  toApplication,
  toCard,
  toClaimView,
  toCommission,
  toInvitee,
  toLevel,
  toLink,
  toSubs,
  toSummary,
} from "./mapping";
import { LINK_CODE_ATTEMPTS, MAX_ACTIVE_LINKS, SETTLEMENT_HOLD_DAYS, monthStartOf, newLinkCode } from "./rules";
import { CARD_VALIDITY_DAYS, cardQuotaOf, effectiveCardStatus, newCardCode } from "../cards/rules";

export interface AffiliateServiceOptions {
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

const notFound = (what: string) => new ApiError("not_found", `${what}: not found`);

/** What every group of rules shares: the repository, transactions, the clock and the lookups they have in common. */
function serviceContext(db: Kysely<Database>, options: AffiliateServiceOptions) {
  const repo = createAffiliateRepository(db);
  /** Runs `work` in one transaction, with a repository bound to it. */
  const inTransaction = <T>(work: (trx: AffiliateRepository) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work(createAffiliateRepository(trx)));
  const nowIso = () => new Date(options.now()).toISOString();
  const today = () => dayOf(options.now());

  const levels = async (): Promise<AffiliateLevel[]> => (await repo.levels()).map(toLevel);

  async function ownedLink(userId: string, linkId: number) {
    const link = await repo.link(userId, linkId);
    if (!link) throw notFound("link");
    return link;
  }

  async function oneLink(userId: string, linkId: number, origin: string): Promise<Omit<ReferralLink, "period">> {
    const [row] = await repo.linkRows(userId, linkId);
    if (!row) throw notFound("link");
    return toLink(row, origin);
  }

  async function cardQuota(userId: string): Promise<number> {
    const [override, setting] = await Promise.all([repo.cardQuotaOverride(userId), repo.cardQuotaSetting()]);
    return cardQuotaOf(override, setting);
  }

  async function subAffiliates(parentUserId: string, onlyUserId?: string): Promise<SubAffiliate[]> {
    const subs = await repo.subs(parentUserId, onlyUserId);
    if (subs.length === 0) return [];
    const to = today();
    return toSubs(
      subs,
      await repo.subStats(
        subs.map((s) => s.user_id),
        addDays(to, -29),
        to,
      ),
    );
  }

  return { db, repo, inTransaction, nowIso, today, levels, ownedLink, oneLink, cardQuota, subAffiliates, options };
}
type ServiceContext = ReturnType<typeof serviceContext>;

/** The affiliate programme's rules (who may do what, quotas, codes, dates), on the repository's rows. */
export function createAffiliateService(db: Kysely<Database>, options: AffiliateServiceOptions) {
  const context = serviceContext(db, options);
  return {
    ...programmeRules(context),
    ...reportRules(context),
    ...linkRules(context),
    ...bookRules(context),
    ...cardRules(context),
  };
}

/** The programme, affiliates and their applications. */
function programmeRules({ repo, inTransaction, nowIso, today, levels, options }: ServiceContext) {
  return {
    now: options.now,
    today,
    levels,

    /** The user's affiliate row (level and rate as numbers), `undefined` when the user is no affiliate. */
    async affiliateOf(userId: string): Promise<AffiliatesTable | undefined> {
      const row = await repo.affiliate(userId);
      return row ? { ...row, level: Number(row.level), rate_bps: Number(row.rate_bps) } : undefined;
    },

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
      const row = await repo.latestApplication(userId);
      return row ? toApplication(row) : null;
    },

    /** One open application per user: refused (10003) while one is pending or approved, or when the user already is an affiliate. */
    createApplication: (userId: string, input: NewApplication): Promise<number> =>
      inTransaction(async (trx) => {
        const open = await trx.openApplication(userId);
        if (open)
          throw new ApiError("application_exists", `application: you already have an ${open.status} application`);
        if (await trx.affiliate(userId))
          throw new ApiError("application_exists", "application: you already are an affiliate");
        return trx.insertApplication({
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
        });
      }),

    async listApplications(status: string | undefined, limit: number): Promise<AdminAffiliateApplicationList> {
      return { applications: (await repo.applications(status, limit)).map(toApplication) };
    },

    /** Approving creates the affiliates row at level 1 (its rate from affiliate_levels) unless the user already has one. */
    decide: (id: number, decision: "approve" | "reject", note: string | undefined): Promise<AffiliateApplication> =>
      inTransaction(async (trx) => {
        const row = await trx.application(id);
        if (!row) throw notFound("application");
        if (row.status !== "pending") throw new ApiError("application_decided", `application: already ${row.status}`);
        const at = nowIso();
        const status = decision === "approve" ? "approved" : "rejected";
        await trx.decideApplication(id, { status, decided_at: at, decided_by_note: note ?? null });
        if (decision === "approve" && !(await trx.affiliate(row.user_id))) {
          const [first] = await trx.levels();
          await trx.insertAffiliate({
            user_id: row.user_id,
            level: Number(first?.level ?? 1),
            rate_bps: Number(first?.spot_rate_bps ?? 4000),
            parent_user_id: null,
            note: "",
            joined_at: at,
          });
          await trx.setRole(row.user_id, "affiliate");
        }
        return toApplication({ ...row, status, decided_at: at, decided_by_note: note ?? null });
      }),
  };
}

/** The dashboard's summary and the affiliate's level. */
function reportRules({ repo, today, levels }: ServiceContext) {
  return {
    async summary(userId: string, from: string, to: string): Promise<AffiliateSummary> {
      const [clicks, funnel, trading, activeTraders] = await Promise.all([
        repo.clicksByDay(userId, from, to),
        repo.funnelByDay(userId, from, to),
        repo.tradingByDay(userId, from, to),
        repo.activeTraders(userId, from, to),
      ]);
      const perDay = (column: "signups" | "kyc" | "deposits" | "first_trades") =>
        new Map(funnel.map((r) => [r.day, Number(r[column])]));
      const activeOf = new Map(funnel.map((r) => [r.day, Number(r.active)]));
      return toSummary(from, to, {
        clicks,
        signups: perDay("signups"),
        kyc: perDay("kyc"),
        deposits: perDay("deposits"),
        trades: perDay("first_trades"),
        trading: trading.map((t) => ({ ...t, active: activeOf.get(t.trade_day) ?? 0 })),
        activeTraders,
      });
    },

    // -------------------------------------------------------------- level

    async levelStatus(affiliate: AffiliatesTable): Promise<AffiliateLevelStatus> {
      const day = today();
      const review = firstOfNextMonth(day);
      const [all, progress] = await Promise.all([
        levels(),
        repo.monthProgress(affiliate.user_id, monthStartOf(day), review),
      ]);
      const current = all.find((l) => l.level === affiliate.level);
      return {
        level: affiliate.level,
        name: current?.name ?? `Lv${affiliate.level}`,
        rateBps: affiliate.rate_bps,
        spotRateBps: current?.spotRateBps ?? affiliate.rate_bps,
        futuresRateBps: current?.futuresRateBps ?? affiliate.rate_bps,
        month: day.slice(0, 7),
        progress: { newTraders: progress.newTraders, volumeUsdt: centsToUsdt(progress.volumeCents) },
        next: all.find((l) => l.level > affiliate.level) ?? null,
        nextReviewDate: review,
      };
    },
  };
}

/** Referral links: listed with their URL, created within the quota and codes, edited, archived. */
function linkRules({ repo, nowIso, ownedLink, oneLink }: ServiceContext) {
  return {
    links: async (userId: string, origin: string): Promise<Omit<ReferralLink, "period">[]> =>
      (await repo.linkRows(userId)).map((r) => toLink(r, origin)),

    /** A vanity code is refused when taken (case-insensitively); a generated one is drawn again. */
    async createLink(userId: string, input: LinkInput, origin: string): Promise<Omit<ReferralLink, "period">> {
      if ((await repo.activeLinkCount(userId)) >= MAX_ACTIVE_LINKS)
        throw new ApiError("bad_request", `links: at most ${MAX_ACTIVE_LINKS} active links; archive one first`);
      const last = LINK_CODE_ATTEMPTS - 1;
      for (let attempt = 0; ; attempt++) {
        const code = input.code ?? newLinkCode();
        if (await repo.linkByCode(code)) {
          if (input.code !== undefined) throw new ApiError("link_code_taken", "code: this code is taken");
          if (attempt < last) continue;
        }
        let id: number;
        try {
          id = await repo.insertLink({
            user_id: userId,
            code,
            code_key: code.toLowerCase(),
            label: input.label,
            channel: input.channel ?? null,
            spot_share_bps: input.spotShareBps,
            futures_share_bps: input.futuresShareBps,
            created_at: nowIso(),
            archived: 0,
          });
        } catch (error) {
          // A concurrent insert of the same code: the unique index answers. Any other failure is not "code taken".
          if (!isUniqueViolation(error, "affiliate_links", "code_key")) throw error;
          if (input.code !== undefined || attempt >= last)
            throw new ApiError("link_code_taken", "code: this code is taken");
          continue;
        }
        return oneLink(userId, id, origin);
      }
    },

    async updateLink(
      userId: string,
      linkId: number,
      patch: LinkPatch,
      origin: string,
    ): Promise<Omit<ReferralLink, "period">> {
      await ownedLink(userId, linkId);
      const set: Updateable<AffiliateLinksTable> = {};
      if (patch.label !== undefined) set.label = patch.label;
      if (patch.channel !== undefined) set.channel = patch.channel;
      if (patch.spotShareBps !== undefined) set.spot_share_bps = patch.spotShareBps;
      if (patch.futuresShareBps !== undefined) set.futures_share_bps = patch.futuresShareBps;
      if (patch.archived !== undefined) set.archived = patch.archived ? 1 : 0;
      await repo.updateLink(userId, linkId, set);
      return oneLink(userId, linkId, origin);
    },
  };
}

/** Invitees, commission records and sub-affiliates: pages and export chunks. */
function bookRules({ db, repo, ownedLink, subAffiliates, options }: ServiceContext) {
  return {
    async invitees(userId: string, q: InviteeQuery): Promise<InviteePage> {
      if (q.linkId !== undefined) await ownedLink(userId, q.linkId);
      const { total, rows } = await repo.inviteePage(userId, q);
      return { items: rows.map(toInvitee), total, page: q.page, pageSize: q.pageSize };
    },

    /** Every invitee matching the table's query, in chunks by keyset (id) for the CSV export, never all at once. */
    async *inviteeChunks(
      userId: string,
      q: Pick<InviteeQuery, "search" | "linkId">,
      chunkSize = 1000,
    ): AsyncGenerator<Invitee[]> {
      let after = 0;
      for (;;) {
        const rows = await repo.inviteesAfter(userId, q, after, chunkSize);
        if (rows.length === 0) return;
        yield rows.map(toInvitee);
        if (rows.length < chunkSize) return;
        after = Number(rows[rows.length - 1]?.id ?? Number.MAX_SAFE_INTEGER);
      }
    },

    async commissions(userId: string, q: CommissionQuery): Promise<AffiliateCommissionPage> {
      const { total, rows } = await repo.commissionPage(userId, q);
      return { items: rows.map(toCommission), total, page: q.page, pageSize: q.pageSize };
    },

    /** The rows of [from, to] newest first, in chunks read by keyset pagination (trade_day, id) — never all at once. */
    async *commissionChunks(
      userId: string,
      from: string,
      to: string,
      chunkSize = 5000,
    ): AsyncGenerator<AffiliateCommissionRecord[]> {
      let after: { day: string; id: number } | undefined;
      for (;;) {
        const rows = await repo.commissionRows(userId, from, to, chunkSize, after);
        if (rows.length === 0) return;
        yield rows.map(toCommission);
        const last = rows[rows.length - 1];
        if (rows.length < chunkSize || !last) return;
        after = { day: last.trade_day, id: Number(last.id) };
      }
    },

    // -------------------------------------------------------------- sub-affiliates

    async subAffiliates(userId: string, ownRateBps: number): Promise<Omit<SubAffiliateList, "pendingInvitations">> {
      return { ownRateBps, subAffiliates: await subAffiliates(userId) };
    },

    /**
     * A sub's rate stays strictly below the parent's own. A note changes at once; a rate change needs the sub's consent:
     * it becomes the pending offer (the agreed rate itself withdraws it) and the agreed rate stays in force meanwhile.
     */
    async updateSub(
      parent: AffiliatesTable,
      userId: string,
      patch: { rateBps?: number | undefined; note?: string | undefined },
    ): Promise<SubAffiliateWithOffer> {
      const current = await repo.sub(parent.user_id, userId);
      if (!current) throw notFound("sub-affiliate");
      if (patch.rateBps !== undefined && patch.rateBps >= parent.rate_bps)
        throw new ApiError("bad_request", SUB_AFFILIATE_RATE_TOO_HIGH_MSG);
      const offers = createSubInvitationsRepository(db, options);
      if (patch.note !== undefined) await repo.updateSub(parent.user_id, userId, { note: patch.note });
      if (patch.rateBps !== undefined)
        await offers.offerRate(parent.user_id, userId, Number(current.rate_bps), patch.rateBps);
      const [sub] = await subAffiliates(parent.user_id, userId);
      if (!sub) throw notFound("sub-affiliate");
      return { ...sub, pendingOffer: (await offers.pendingRateOffers(parent.user_id)).get(userId) ?? null };
    },
  };
}

/** Experience cards: issued within the month's quota, claimed once by a user of the right link. */
function cardRules({ repo, inTransaction, nowIso, today, ownedLink, cardQuota, options }: ServiceContext) {
  return {
    async cards(userId: string): Promise<ExperienceCardList> {
      const day = today();
      const [quota, used, rows] = await Promise.all([
        cardQuota(userId),
        repo.cardsIssuedSince(userId, dayStart(monthStartOf(day))),
        repo.cards(userId, 200),
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

    /** Within this month's quota (counted in the transaction that issues), to one's own link or invitee. */
    async issueCard(
      userId: string,
      input: {
        amountUsdt: number;
        linkId?: number | undefined;
        inviteeId?: number | undefined;
        validDays?: number | undefined;
      },
    ): Promise<ExperienceCard> {
      if (input.linkId !== undefined) await ownedLink(userId, input.linkId);
      if (input.inviteeId !== undefined && !(await repo.invitee(userId, input.inviteeId))) throw notFound("invitee");
      const quota = await cardQuota(userId);
      const issuedAt = options.now();
      const monthStart = dayStart(monthStartOf(dayOf(issuedAt)));
      const id = await inTransaction(async (trx) => {
        if ((await trx.cardsIssuedSince(userId, monthStart)) >= quota) {
          throw new ApiError("card_quota_exceeded", `cards: this month's quota of ${quota} cards is used up`);
        }
        return trx.insertCard({
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
        });
      });
      const row = await repo.card(id);
      if (!row) throw notFound("card");
      return toCard(row, nowIso());
    },

    /** Operators: an affiliate's own monthly card quota (null: the programme default). 404 for a user who is no affiliate. */
    async setCardQuota(
      userId: string,
      monthlyQuota: number | null,
    ): Promise<{ userId: string; monthlyQuota: number; override: number | null }> {
      if ((await repo.setCardQuota(userId, monthlyQuota)) !== 1) throw notFound("affiliate");
      return { userId, monthlyQuota: await cardQuota(userId), override: monthlyQuota };
    },

    async claimView(code: string): Promise<AffiliateCardClaimView> {
      const row = await repo.cardByCode(code);
      if (!row) throw notFound("card");
      return toClaimView(row, nowIso());
    },

    /**
     * issued → claimed by the caller; refused for one's own card, another invitee's card, a link's card by someone not
     * invited through that link, and cards not issued (10007).
     */
    async claim(code: string, userId: string): Promise<AffiliateCardClaimView> {
      const row = await repo.cardByCode(code);
      if (!row) throw notFound("card");
      const now = nowIso();
      const status = effectiveCardStatus(row, now);
      if (status !== "issued")
        throw new ApiError(
          "card_not_claimable",
          `card: ${status === "claimed" ? "already claimed" : status === "used" ? "already used" : "expired"}`,
        );
      if (row.affiliate_user_id === userId) throw new ApiError("forbidden", "card: you cannot claim a card you issued");
      if (row.issued_to_invitee_id !== null) {
        const invitee = await repo.inviteeUser(Number(row.issued_to_invitee_id));
        if (invitee?.user_id !== userId) throw new ApiError("forbidden", "card: issued to another user");
      }
      // A card issued to a link is for the people who signed up through that link, not for whoever holds the code.
      if (row.issued_to_link_id !== null && !(await repo.linkInvitee(Number(row.issued_to_link_id), userId)))
        throw new ApiError("forbidden", "card: only for users invited through its link");
      if ((await repo.claimCard(Number(row.id), userId, now)) !== 1)
        throw new ApiError("card_not_claimable", "card: already claimed");
      return {
        code: row.code,
        amountUsdt: centsToUsdt(row.amount_cents),
        status: "claimed",
        expiresAt: row.expires_at,
        claimedAt: now,
      };
    },
  };
}

export type AffiliateService = ReturnType<typeof createAffiliateService>;
