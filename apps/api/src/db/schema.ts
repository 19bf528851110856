import type { Generated, Kysely } from "kysely";

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

/** The settings flags of spec §3, one row per user. */
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

/** Image CDN hosts of getDomainConfigList, per environment (spec §3 test/beta/online). */
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

export interface Database {
  users: UsersTable;
  user_settings: UserSettingsTable;
  sessions: SessionsTable;
  domain_config: DomainConfigTable;
  client_settings: ClientSettingsTable;
  vip_levels: VipLevelsTable;
  support_messages: SupportMessagesTable;
}

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";
