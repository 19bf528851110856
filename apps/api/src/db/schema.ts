import type { Kysely } from "kysely";

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

export interface Database {
  users: UsersTable;
  user_settings: UserSettingsTable;
  sessions: SessionsTable;
  domain_config: DomainConfigTable;
  client_settings: ClientSettingsTable;
}

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";
