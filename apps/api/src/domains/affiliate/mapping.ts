import type { Selectable } from "kysely";
import type {
  AffiliateApplication,
  AffiliateCardClaimView,
  AffiliateChannel,
  AffiliateCommissionRecord,
  AffiliateLevel,
  AffiliateSummary,
  AffiliateSummaryFigures,
  ExperienceCard,
  Invitee,
  ReferralLink,
  SubAffiliate,
} from "@affiliates/contracts";
import type { AffiliateApplicationsTable, AffiliateCardsTable, AffiliateLevelsTable } from "../../platform/db/schema";
import { addDays } from "../../platform/lib/days";
import { centsToUsdt } from "../../platform/lib/money";
import { num } from "../../platform/db/rows";
import type {
  CardRow,
  ClicksDayRow,
  CommissionRow,
  InviteeRow,
  LinkRow,
  SubRow,
  SubStats,
  TradingDayRow,
} from "./repository";
import { effectiveCardStatus } from "../cards/rules";
import { holdOf } from "../risk/repository";

/** The affiliate programme's rows (snake_case, bigint columns as numbers or strings) as the answers' shapes. */

export const toLevel = (r: Selectable<AffiliateLevelsTable>): AffiliateLevel => ({
  level: Number(r.level),
  name: r.name,
  monthlyNewTraders: Number(r.monthly_new_traders),
  monthlyVolumeUsdt: Number(r.monthly_volume_usdt),
  spotRateBps: Number(r.spot_rate_bps),
  futuresRateBps: Number(r.futures_rate_bps),
});

function parseChannels(text: string): AffiliateChannel[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as AffiliateChannel[]) : [];
  } catch {
    return [];
  }
}

export const toApplication = (r: Selectable<AffiliateApplicationsTable>): AffiliateApplication => ({
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

export const toLink = (r: LinkRow, origin: string): Omit<ReferralLink, "period"> => ({
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
});

export const toInvitee = (r: InviteeRow): Invitee => ({
  id: Number(r.id),
  uid: r.user_id,
  registeredAt: r.registered_at,
  kyc: r.kyc_at !== null,
  firstDepositAt: r.first_deposit_at,
  firstTradeAt: r.first_trade_at,
  volumeUsdt: centsToUsdt(r.volume_cents),
  commissionUsdt: centsToUsdt(r.commission_cents),
  linkId: r.link_id === null ? null : Number(r.link_id),
  linkCode: r.code ?? null,
  hold: holdOf(r.hold_status, r.hold_reasons),
});

/**
 * A line's rate and invitee share (basis points of its fee), from its exact amounts: the commission is fee × (rate −
 * share) and the invitee's rebate fee × share, so rate = (commission + rebate) / fee and share = rebate / fee.
 */
const lineRates = (r: CommissionRow): { rateBps: number; shareBps: number } => {
  const fee = Number(r.fee_micros);
  if (!(fee > 0)) return { rateBps: 0, shareBps: 0 };
  const commission = Number(r.commission_micros);
  const rebate = Number(r.rebate_micros);
  return { rateBps: Math.round(((commission + rebate) * 10_000) / fee), shareBps: Math.round((rebate * 10_000) / fee) };
};

export const toCommission = (r: CommissionRow): AffiliateCommissionRecord => ({
  id: Number(r.id),
  tradeDay: r.trade_day,
  inviteeId: Number(r.invitee_id),
  inviteeUid: r.invitee_uid,
  businessLine: r.business_line as AffiliateCommissionRecord["businessLine"],
  linkCode: r.link_code ?? null,
  volumeUsdt: centsToUsdt(r.volume_cents),
  feeUsdt: centsToUsdt(r.fee_cents),
  ...lineRates(r),
  commissionUsdt: centsToUsdt(r.commission_cents),
  status: r.status as AffiliateCommissionRecord["status"],
  settledAt: r.settled_at,
  reasonNone: r.reason_none,
  source: r.source === "override" ? "override" : "direct",
  fills: Number(r.fills),
  // A settled line was paid before any hold; a pending or void one carries its invitee's hold.
  hold: r.status === "settled" ? null : holdOf(r.hold_status, r.hold_reasons),
});

export const toCard = (r: CardRow, nowIso: string): ExperienceCard => ({
  inviteeUid: r.invitee_uid,
  id: Number(r.id),
  code: r.code,
  amountUsdt: centsToUsdt(r.amount_cents),
  status: effectiveCardStatus(r, nowIso),
  linkId: r.issued_to_link_id === null ? null : Number(r.issued_to_link_id),
  inviteeId: r.issued_to_invitee_id === null ? null : Number(r.issued_to_invitee_id),
  issuedAt: r.issued_at,
  claimedAt: r.claimed_at,
  usedAt: r.used_at,
  expiresAt: r.expires_at,
});

export const toClaimView = (r: Selectable<AffiliateCardsTable>, nowIso: string): AffiliateCardClaimView => ({
  code: r.code,
  amountUsdt: centsToUsdt(r.amount_cents),
  status: effectiveCardStatus(r, nowIso),
  expiresAt: r.expires_at,
  claimedAt: r.claimed_at,
});

export function toSubs(subs: readonly SubRow[], stats: SubStats): SubAffiliate[] {
  const totalOf = new Map(stats.totals.map((r) => [r.affiliate_user_id, num(r.n)]));
  const recentOf = new Map(stats.recent.map((r) => [r.affiliate_user_id, num(r.n)]));
  const tradingOf = new Map(stats.trading.map((r) => [r.affiliate_user_id, r]));
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

export interface SummaryRows {
  clicks: readonly ClicksDayRow[];
  signups: ReadonlyMap<string, number>;
  kyc: ReadonlyMap<string, number>;
  deposits: ReadonlyMap<string, number>;
  trades: ReadonlyMap<string, number>;
  trading: readonly (TradingDayRow & { active: number })[];
  activeTraders: number;
}

/** The period's figures per day (every day of [from, to], zeros included), their totals and the funnel. */
export function toSummary(from: string, to: string, rows: SummaryRows): AffiliateSummary {
  const clicksOf = new Map(rows.clicks.map((r) => [r.day, num(r.n)]));
  const tradingOf = new Map(rows.trading.map((r) => [r.trade_day, r]));
  const series: AffiliateSummary["series"] = [];
  const totalCents = { volume: 0, pending: 0, settled: 0 };
  const totals: AffiliateSummaryFigures = {
    clicks: 0,
    signups: 0,
    kycVerified: 0,
    firstDeposits: 0,
    firstTrades: 0,
    activeTraders: 0,
    volumeUsdt: 0,
    commissionPendingUsdt: 0,
    commissionSettledUsdt: 0,
  };
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const t = tradingOf.get(day);
    const cents = { volume: num(t?.volume), pending: num(t?.pending), settled: num(t?.settled) };
    totalCents.volume += cents.volume;
    totalCents.pending += cents.pending;
    totalCents.settled += cents.settled;
    const figures: AffiliateSummaryFigures = {
      clicks: clicksOf.get(day) ?? 0,
      signups: rows.signups.get(day) ?? 0,
      kycVerified: rows.kyc.get(day) ?? 0,
      firstDeposits: rows.deposits.get(day) ?? 0,
      firstTrades: rows.trades.get(day) ?? 0,
      activeTraders: num(t?.active),
      volumeUsdt: centsToUsdt(cents.volume),
      commissionPendingUsdt: centsToUsdt(cents.pending),
      commissionSettledUsdt: centsToUsdt(cents.settled),
    };
    for (const key of ["clicks", "signups", "kycVerified", "firstDeposits", "firstTrades"] as const)
      totals[key] += figures[key];
    series.push({ day, ...figures });
  }
  totals.activeTraders = rows.activeTraders;
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
}
