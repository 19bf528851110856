import type { Generated, Kysely } from "kysely";
import type { Database } from "./schema";
import type { AffiliateTables } from "../plugins/app/affiliate-repository";

/** Tables of migration 0010-referral-loop. bigint columns read as numbers on SQLite and strings on PostgreSQL. */
export interface AffiliateLinkClicksTable {
  link_id: number;
  visitor: string;
  day: string;
}

export interface AffiliateTradesTable {
  trade_id: string;
  user_id: string;
  market: string;
  notional_cents: number | string;
  fee_micros: number | string;
  fee_currency: string;
  traded_at: string;
  trade_day: string;
  invitee_id: number | null;
  affiliate_user_id: string | null;
  rate_bps: number;
  share_bps: number;
  commission_micros: number | string;
  rebate_micros: number | string;
  override_user_id: string | null;
  override_micros: number | string;
  received_at: string;
}

export interface AffiliateLedgerTable {
  id: Generated<number>;
  user_id: string;
  /** settlement | payout */
  kind: string;
  amount_cents: number | string;
  trade_day: string | null;
  destination: string | null;
  created_at: string;
}

export interface AffiliateSubInvitationsTable {
  id: Generated<number>;
  parent_user_id: string;
  /** The address the inviter typed (lower case): whether it has an account is never answered. */
  email: string;
  rate_bps: number;
  status: string;
  created_at: string;
  decided_at: string | null;
}

export interface AffiliateLevelReviewsTable {
  month: string;
  reviewed_at: string;
}

export type ReferralTables = AffiliateTables & {
  affiliate_link_clicks: AffiliateLinkClicksTable;
  affiliate_trades: AffiliateTradesTable;
  affiliate_ledger: AffiliateLedgerTable;
  affiliate_sub_invitations: AffiliateSubInvitationsTable;
  affiliate_level_reviews: AffiliateLevelReviewsTable;
};

export type ReferralDb = Kysely<Database & ReferralTables>;

/** Micro-USDT per cent and per USDT. */
export const MICROS_PER_CENT = 10_000;
export const MICROS_PER_USDT = 1_000_000;
