import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (apps/api/src → ../../..): relative DATA_DIR values are resolved against it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export const APP_ENVS = ["test", "beta", "online"] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export interface AppConfig {
  /** `:memory:`, a SQLite file path (optionally `sqlite:`/`file:` prefixed) or `postgres://…`. Empty: `${dataDir}/exchange.sqlite`. */
  databaseUrl: string;
  /** PostgreSQL only: the schema put first on the search_path (tests use a fresh one per file). */
  pgSchema: string | undefined;
  dataDir: string;
  appEnv: AppEnv;
  /** Operators' token for /v1/admin/*; the admin API refuses every call while it is unset. */
  adminToken: string | undefined;
  /** Rate limits and login throttles live in Redis when set, in memory otherwise. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Fastify trustProxy: the web app forwards from loopback, so X-Forwarded-* from there is believed. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  sessionTtlMs: number;
  bodyLimit: number;
  rateLimit: { max: number; timeWindowMs: number };
  /** The stricter per-IP limit of POST /v1/support/chat/messages. */
  supportRateLimit: { max: number; timeWindowMs: number };
  /** Per-IP limit of POST /v1/buried/log/info (batches of ≤ 50 events). */
  analyticsRateLimit: { max: number; timeWindowMs: number };
  loginThrottle: { perAccount: number; perIp: number; windowMs: number };
  /** Seed an empty database with the demo accounts and configuration. */
  /** Origin of the referral links (`https://www.exchange.example`); unset: the request's own protocol and host. */
  publicOrigin: string | undefined;
  seed: boolean;
  logger: boolean;
  /** Clock (ms since epoch); tests move it to expire sessions. */
  now: () => number;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** The demo market's fills every few seconds (DEMO_MARKET: on by default outside APP_ENV=online; `off` stops it). */
  demoMarket: boolean;
  /** Whose invitees the demo market trades for (DEMO_MARKET_AFFILIATE, default the demo affiliate). */
  demoMarketAffiliate: string | undefined;
  /** The daily settlement and monthly level review timers (REFERRAL_JOBS, default on). */
  referralJobs: boolean;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() !== "" ? value.trim() : undefined);

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function appEnvFrom(raw: string | undefined): AppEnv {
  const value = nonEmpty(raw) ?? "test";
  const found = APP_ENVS.find((e) => e === value);
  if (!found) throw new RangeError(`APP_ENV must be one of ${APP_ENVS.join(", ")}, got "${value}"`);
  return found;
}

function trustProxyFrom(raw: string | undefined): AppConfig["trustProxy"] {
  const value = nonEmpty(raw);
  if (value === undefined) return "loopback";
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/**
 * Environment variables of the API and their defaults:
 * - API_PORT (4000), API_HOST (127.0.0.1)
 * - DATABASE_URL (empty → SQLite file `${DATA_DIR}/exchange.sqlite`; `postgres://…` → PostgreSQL; `:memory:`)
 * - DATA_DIR (`./data`, relative to the repository root)
 * - APP_ENV (`test` | `beta` | `online`, default `test`)
 * - ADMIN_TOKEN (unset → the admin API refuses every call)
 * - REDIS_URL (unset → rate limits and throttles in memory), REDIS_KEY_PREFIX (`affiliates:`)
 * - TRUST_PROXY (`loopback`; `true`, `false`, a hop count or a list of addresses)
 * - SESSION_TTL_S (604800 = 7 days), BODY_LIMIT (65536 bytes)
 * - RATE_LIMIT_MAX (600 requests) per RATE_LIMIT_WINDOW_S (60) per client IP
 * - SUPPORT_RATE_LIMIT_MAX (10 support-chat messages) per SUPPORT_RATE_LIMIT_WINDOW_S (60) per client IP
 * - ANALYTICS_RATE_LIMIT_MAX (120 event batches) per ANALYTICS_RATE_LIMIT_WINDOW_S (60) per client IP
 * - LOGIN_MAX_FAILURES_PER_ACCOUNT (5), LOGIN_MAX_FAILURES_PER_IP (20), LOGIN_THROTTLE_WINDOW_S (900)
 * - PUBLIC_ORIGIN (unset → the request's protocol and host): origin of the affiliate referral URLs
 * - SEED (`true`; `false` leaves an empty database empty), LOG (`true`)
 * - DEMO_MARKET (on outside APP_ENV=online; `off` stops the demo invitees' fills), DEMO_MARKET_AFFILIATE (whose
 *   invitees trade: the demo affiliate 8012345678 by default), REFERRAL_JOBS (`on`; `off` stops the
 *   daily settlement and monthly level review timers of this instance)
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const dataDir = path.resolve(REPO_ROOT, nonEmpty(env.DATA_DIR) ?? "./data");
  return {
    databaseUrl: nonEmpty(env.DATABASE_URL) ?? "",
    pgSchema: nonEmpty(env.DATABASE_SCHEMA),
    dataDir,
    appEnv: appEnvFrom(env.APP_ENV),
    adminToken: nonEmpty(env.ADMIN_TOKEN),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisKeyPrefix: nonEmpty(env.REDIS_KEY_PREFIX) ?? "affiliates:",
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    sessionTtlMs: intFrom(env, "SESSION_TTL_S", 7 * 24 * 60 * 60) * 1000,
    bodyLimit: intFrom(env, "BODY_LIMIT", 64 * 1024),
    rateLimit: { max: intFrom(env, "RATE_LIMIT_MAX", 600), timeWindowMs: intFrom(env, "RATE_LIMIT_WINDOW_S", 60) * 1000 },
    supportRateLimit: {
      max: intFrom(env, "SUPPORT_RATE_LIMIT_MAX", 10),
      timeWindowMs: intFrom(env, "SUPPORT_RATE_LIMIT_WINDOW_S", 60) * 1000,
    },
    analyticsRateLimit: {
      max: intFrom(env, "ANALYTICS_RATE_LIMIT_MAX", 120),
      timeWindowMs: intFrom(env, "ANALYTICS_RATE_LIMIT_WINDOW_S", 60) * 1000,
    },
    loginThrottle: {
      perAccount: intFrom(env, "LOGIN_MAX_FAILURES_PER_ACCOUNT", 5),
      perIp: intFrom(env, "LOGIN_MAX_FAILURES_PER_IP", 20),
      windowMs: intFrom(env, "LOGIN_THROTTLE_WINDOW_S", 15 * 60) * 1000,
    },
    publicOrigin: nonEmpty(env.PUBLIC_ORIGIN),
    seed: nonEmpty(env.SEED) !== "false",
    logger: nonEmpty(env.LOG) !== "false",
    now: Date.now,
  };
}

export function loadServerConfig(env: Env = process.env): ServerConfig {
  const demoMarket = nonEmpty(env.DEMO_MARKET);
  return {
    host: nonEmpty(env.API_HOST) ?? "127.0.0.1",
    port: intFrom(env, "API_PORT", 4000),
    demoMarket: demoMarket === undefined ? appEnvFrom(env.APP_ENV) !== "online" : demoMarket !== "off" && demoMarket !== "false",
    demoMarketAffiliate: nonEmpty(env.DEMO_MARKET_AFFILIATE),
    referralJobs: nonEmpty(env.REFERRAL_JOBS) !== "off" && nonEmpty(env.REFERRAL_JOBS) !== "false",
  };
}
