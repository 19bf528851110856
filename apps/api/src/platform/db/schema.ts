import type { Generated, Kysely } from "kysely";

/**
 * Every table of the database, one interface per table, grouped by the migration that made it. Repositories, seeds
 * and jobs import table types from here, never from each other.
 */

/** Timestamps are ISO-8601 UTC strings (`toISOString()`), which compare in order on both dialects. */
export interface UsersTable {
  user_id: string;
  email: string;
  password_hash: string;
  mobile: string | null;
  user_name: string;
  role: string;
  created_at: string;
}

/** The settings flags of requirements.md §3, one row per user. */
export interface UserSettingsTable {
  user_id: string;
  mbf: number;
  ebf: number;
  gbf: number;
  tbf: number;
  tpi: string;
  tpl: number;
  kf: number;
  oo: number;
  oc: number;
  ob: number;
  eef: number;
  mef: number;
  gef: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** Image CDN hosts of getDomainConfigList, per environment (requirements.md §3 test/beta/online). */
export interface DomainConfigTable {
  id: number;
  app_env: string;
  kind: "foreign" | "internal";
  domain: string;
  sort: number;
}

/** Client-wide switches (e.g. eventLogUploadSwitch), values as JSON text. */
export interface ClientSettingsTable {
  key: string;
  value: string;
}

/** Fee rates are integer parts per million (1000 = 0.10%), exact on both dialects; thresholds are whole USD (0 = none). */
export interface VipLevelsTable {
  level: number;
  name: string;
  spot_maker_ppm: number;
  spot_taker_ppm: number;
  futures_maker_ppm: number;
  futures_taker_ppm: number;
  spot_volume_30d: number;
  futures_volume_30d: number;
  assets: number;
  withdrawal_limit_24h: number;
}

/** Visitors' support-chat messages; `id` is assigned by the database (SQLite AUTOINCREMENT, PostgreSQL identity). */
export interface SupportMessagesTable {
  id: Generated<number>;
  email: string;
  message: string;
  locale: string | null;
  page: string | null;
  user_id: string | null;
  ip: string;
  created_at: string;
}

/** Rows of migration 0003 (token columns hold SHA-256 hex: tokens are bearer credentials, never stored). */
export interface DeviceTokensTable {
  token_hash: string;
  fingerprint: string;
  app_id: string;
  created_at: string;
  expires_at: string;
}
export interface CustomTokensTable {
  token_hash: string;
  created_at: string;
}
export interface RiskLogsTable {
  id: Generated<number>;
  version: string;
  dx_token_hash: string | null;
  dx_token_live: number;
  custom_token_hash: string;
  client_time: string;
  device_info: string;
  ip: string;
  created_at: string;
}
export type DeviceTokenTables = {
  device_tokens: DeviceTokensTable;
  custom_tokens: CustomTokensTable;
  risk_logs: RiskLogsTable;
};

/** The tables of migrations 0004-analytics and 0011-analytics-sender. */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  event_id: string;
  /** Who uploaded it: `uid:<user id>` or `device:<device id>`; `(sender, event_id)` is unique. */
  sender: string;
  type: string;
  event_tracking_id: string;
  device_id: string;
  session_id: string;
  uid: string;
  log_env: string;
  /** bigint: a number on SQLite, a string from node-postgres. */
  event_time: number | string;
  received_at: number | string;
  ip: string;
  payload: string;
  /** Migration 0017: the event's UTC day (its partition on PostgreSQL; retention's key). */
  event_day: string;
}

export interface AnalyticsSwitchTable {
  client_key: string;
  enabled: number;
  updated_at: string;
}

export type AnalyticsTables = {
  analytics_events: AnalyticsEventsTable;
  analytics_switch: AnalyticsSwitchTable;
};

/** The table of migration 0005-error-events. */
export interface ErrorEventsTable {
  id: Generated<number>;
  event_id: string;
  project_id: string;
  level: string;
  message: string;
  url: string | null;
  environment: string | null;
  /** JSON text of a string → string map. */
  tags: string;
  breadcrumbs: number;
  ip: string;
  created_at: string;
  raw: string;
  /** Bytes of the row's text (migration 0014): what the per-IP and total caps count. */
  size_bytes: Generated<number>;
}

export type ErrorEventsTables = { error_events: ErrorEventsTable };

export type VipLevelBenefitsTable = {
  level: number;
  dedicated_manager: number;
  airdrops: number;
  vip_earn: number;
  api_rps: number;
  sub_accounts: number;
};
/** Amounts are whole USD (bigint: PostgreSQL answers strings, read with Number). */
export type VipUserMetricsTable = {
  user_id: string;
  spot_volume_30d: number | string;
  futures_volume_30d: number | string;
  assets: number | string;
  grace_level: number | null;
  grace_ends_at: string | null;
  reviewed_at: string;
};
export type VipAirdropsTable = {
  id: string;
  coin: string;
  name: string;
  pool_amount: number | string;
  required_level: number;
  starts_at: string;
  ends_at: string;
};
export type VipAirdropParticipantsTable = { campaign_id: string; user_id: string; joined_at: string };
export type VipTables = {
  vip_level_benefits: VipLevelBenefitsTable;
  vip_user_metrics: VipUserMetricsTable;
  vip_airdrops: VipAirdropsTable;
  vip_airdrop_participants: VipAirdropParticipantsTable;
};

/** Tables of migration 0006-affiliate. */
export interface AffiliateLevelsTable {
  level: number;
  name: string;
  monthly_new_traders: number;
  /** bigint: a number on SQLite, a string from node-postgres (all bigint and sum() values go through Number()). */
  monthly_volume_usdt: number | string;
  spot_rate_bps: number;
  futures_rate_bps: number;
}

export interface AffiliateApplicationsTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  email: string;
  channels: string;
  region: string;
  message: string;
  status: string;
  created_at: string;
  decided_at: string | null;
  decided_by_note: string | null;
}

export interface AffiliatesTable {
  user_id: string;
  level: number;
  rate_bps: number;
  parent_user_id: string | null;
  note: string;
  joined_at: string;
  /** The affiliate's own monthly card quota (migration 0009); null or absent: the programme default. */
  card_quota?: number | null;
}

export interface AffiliateLinksTable {
  id: Generated<number>;
  user_id: string;
  code: string;
  code_key: string;
  label: string;
  channel: string | null;
  spot_share_bps: number;
  futures_share_bps: number;
  created_at: string;
  archived: number;
}

export interface AffiliateLinkDailyStatsTable {
  link_id: number;
  day: string;
  clicks: number;
  signups: number;
}

export interface AffiliateInviteesTable {
  id: Generated<number>;
  affiliate_user_id: string;
  link_id: number | null;
  user_id: string;
  masked_user_id: string;
  registered_at: string;
  kyc_at: string | null;
  first_deposit_at: string | null;
  first_trade_at: string | null;
  volume_cents: number | string;
  commission_cents: number | string;
  /** The exact commission (micro-USDT, migration 0010); commission_cents = commission_micros / 10000. */
  commission_micros: Generated<number | string>;
  /** Migration 0012: the latest UTC day the invitee traded (kept by the feed). */
  last_trade_day?: string | null;
}

export interface AffiliateCommissionsTable {
  id: Generated<number>;
  affiliate_user_id: string;
  invitee_id: number;
  trade_day: string;
  business_line: string;
  volume_cents: number | string;
  fee_cents: number | string;
  commission_cents: number | string;
  status: string;
  settled_at: string | null;
  reason_none: string | null;
  /** Migration 0010: fills counted in the line, exact amounts (micro-USDT) and whose invitee earned it. */
  fills: Generated<number>;
  fee_micros: Generated<number | string>;
  commission_micros: Generated<number | string>;
  rebate_micros: Generated<number | string>;
  source: Generated<string>;
  /** Migration 0012: the invitee's link on a direct line; null on an override line. */
  link_id?: number | null;
}

/** Migration 0012: what the dashboard reads instead of the lines (domains/commission/totals.ts). */
export interface AffiliateTradingTotalsTable {
  affiliate_user_id: string;
  day: string;
  /** 0: no link of this affiliate's (override lines, invitees without a link). */
  link_id: number;
  market: string;
  source: string;
  fills: number | string;
  volume_cents: number | string;
  fee_micros: number | string;
  commission_micros: number | string;
  rebate_micros: number | string;
  pending_cents: number | string;
  settled_cents: number | string;
  pending_lines: number | string;
  settled_lines: number | string;
}

export interface AffiliateFunnelTotalsTable {
  affiliate_user_id: string;
  day: string;
  link_id: number;
  signups: number | string;
  kyc: number | string;
  deposits: number | string;
  first_trades: number | string;
  active_traders: number | string;
}

export interface AffiliateTraderDaysTable {
  affiliate_user_id: string;
  day: string;
  invitee_id: number;
}

export interface AffiliateCardsTable {
  id: Generated<number>;
  affiliate_user_id: string;
  code: string;
  amount_cents: number | string;
  status: string;
  issued_to_link_id: number | null;
  issued_to_invitee_id: number | null;
  claimed_by_user_id: string | null;
  issued_at: string;
  claimed_at: string | null;
  used_at: string | null;
  expires_at: string;
}

export type AffiliateTables = {
  affiliate_levels: AffiliateLevelsTable;
  affiliate_applications: AffiliateApplicationsTable;
  affiliates: AffiliatesTable;
  affiliate_links: AffiliateLinksTable;
  affiliate_link_daily_stats: AffiliateLinkDailyStatsTable;
  affiliate_invitees: AffiliateInviteesTable;
  affiliate_commissions: AffiliateCommissionsTable;
  affiliate_cards: AffiliateCardsTable;
};

export type AffiliateTotalsTables = {
  affiliate_trading_totals: AffiliateTradingTotalsTable;
  affiliate_funnel_totals: AffiliateFunnelTotalsTable;
  affiliate_trader_days: AffiliateTraderDaysTable;
};

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
  /**
   * settlement | payout | void (a voided hold takes back settled commission: negative, migration 0015) | adjustment
   * (an operator's credit or debit, migration 0019)
   */
  kind: string;
  amount_cents: number | string;
  trade_day: string | null;
  destination: string | null;
  created_at: string;
  /** Adjustment: the reason the affiliate reads (migration 0019). */
  note: Generated<string | null>;
  /** Adjustment: the operator's ticket reference, unique per affiliate (migration 0019). */
  reference: Generated<string | null>;
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
  /** When the invitation can no longer be accepted (migration 0016; ISO). */
  expires_at: string;
}

/** A rate change the inviter offers an accepted sub-affiliate (migration 0016): in force only once the sub accepts. */
export interface AffiliateSubRateOffersTable {
  id: Generated<number>;
  parent_user_id: string;
  sub_user_id: string;
  rate_bps: number;
  /** pending | accepted | declined | withdrawn */
  status: string;
  created_at: string;
  decided_at: string | null;
}

export interface AffiliateLevelReviewsTable {
  month: string;
  reviewed_at: string;
}

export type ReferralTables = {
  affiliate_link_clicks: AffiliateLinkClicksTable;
  affiliate_trades: AffiliateTradesTable;
  affiliate_ledger: AffiliateLedgerTable;
  affiliate_sub_invitations: AffiliateSubInvitationsTable;
  affiliate_sub_rate_offers: AffiliateSubRateOffersTable;
  affiliate_level_reviews: AffiliateLevelReviewsTable;
};

/** Tables of migration 0008-partner-programmes. */
/** bigint columns: a number on SQLite, a string from node-postgres (read through Number()). */
export type BigIntColumn = number | string;

export interface PartnerBrokerTiersTable {
  tier: number;
  name: string;
  spot_volume_usdt: BigIntColumn;
  futures_volume_usdt: BigIntColumn;
  active_traders: number;
  own_rate_bps: number;
  affiliated_rate_bps: number;
}

export interface PartnerMakerTiersTable {
  tier: number;
  name: string;
  monthly_volume_usdt: BigIntColumn;
  maker_fee_ppm: number;
  taker_fee_ppm: number;
  api_rps: number;
  min_maker_ratio_bps: number;
}

export interface PartnerFeaturesTable {
  programme: string;
  section: string;
  key: string;
  sort: number;
  value: BigIntColumn | null;
}

export interface PartnerCohortProjectsTable {
  id: number;
  cohort: string;
  name: string;
  sector: string;
  raised_usdt: BigIntColumn;
  listed_on: string | null;
  website: string;
}

/** Migration 0008's FAQ table: no longer read or seeded (the FAQ lives in domains/content/faq/<locale>.json). */
export interface PartnerFaqTable {
  programme: string;
  id: string;
  locale: string;
  sort: number;
  question: string;
  answer_html: string;
}

export interface PartnerApplicationsTable {
  id: Generated<number>;
  kind: string;
  user_id: string;
  name: string;
  email: string;
  company: string;
  telegram: string;
  country: string;
  message: string;
  details: string;
  status: string;
  locale: string | null;
  created_at: string;
}

export type PartnerTables = {
  partner_broker_tiers: PartnerBrokerTiersTable;
  partner_maker_tiers: PartnerMakerTiersTable;
  partner_features: PartnerFeaturesTable;
  partner_cohort_projects: PartnerCohortProjectsTable;
  partner_faq: PartnerFaqTable;
  partner_applications: PartnerApplicationsTable;
};

/** The table of migration 0013-abuse-limits: where each account has logged in from. */
export interface LoginKnownSourcesTable {
  user_id: string;
  kind: "device" | "ip";
  value: string;
  last_seen_at: string;
}
export type AbuseLimitTables = {
  login_known_sources: LoginKnownSourcesTable;
};

export type CoreTables = {
  users: UsersTable;
  user_settings: UserSettingsTable;
  sessions: SessionsTable;
  domain_config: DomainConfigTable;
  client_settings: ClientSettingsTable;
  vip_levels: VipLevelsTable;
  support_messages: SupportMessagesTable;
};

/** Tables of migration 0015-risk-holds. */
export interface UserSightingsTable {
  user_id: string;
  ip: string;
  /** The IP's /24 (IPv4) or /64 (IPv6). */
  network: string;
  /** SHA-256 of the device fingerprint the request's dy-token is bound to; "" when none was checked. */
  device: string;
  /** SHA-256 of the latest dy-token this browser used ("" when none): the browser's own storage, not just its kind. */
  token: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface RiskFlagsTable {
  id: Generated<number>;
  invitee_id: number;
  affiliate_user_id: string;
  user_id: string;
  /** Comma-separated reason codes. */
  reasons: string;
  /** open | released | voided */
  status: string;
  created_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
}

export type RiskTables = {
  user_sightings: UserSightingsTable;
  risk_flags: RiskFlagsTable;
};

export type Database = CoreTables &
  DeviceTokenTables &
  AnalyticsTables &
  ErrorEventsTables &
  VipTables &
  AffiliateTables &
  AffiliateTotalsTables &
  ReferralTables &
  PartnerTables &
  AbuseLimitTables &
  RiskTables;

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";
