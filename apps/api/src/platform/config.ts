import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AFFILIATE_BUSINESS_LINES } from "@affiliates/contracts";

/** The repository root (apps/api/src → ../../..): relative DATA_DIR values are resolved against it. */
type Market = (typeof AFFILIATE_BUSINESS_LINES)[number];

/**
 * What a fill of the exchange's feed may say (issue 32): a fee no higher than the market's maximum rate × notional,
 * and a time no older than `maxAgeMs` nor further ahead than `maxAheadMs` (clock skew). A batch with one fill outside
 * them is refused whole, before the commission engine sees it.
 */
export interface TradeFeedBounds {
  /**
   * The highest fee rate per market, in parts per million of the notional (TRADE_MAX_FEE_PPM_SPOT/_FUTURES). The
   * VIP schedule's highest rate of the market counts when it is higher (operators raising fees never breaks the feed).
   */
  maxFeePpm: Record<Market, number>;
  maxAgeMs: number;
  maxAheadMs: number;
}

export const TRADE_FEED_BOUNDS_DEFAULTS: TradeFeedBounds = {
  // 0.5 %: five times the schedule's highest published rate (VIP0 spot taker 0.10 %), room for surcharges.
  maxFeePpm: { spot: 5000, futures: 5000 },
  maxAgeMs: 35 * 24 * 60 * 60 * 1000,
  maxAheadMs: 5 * 60 * 1000,
};

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

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
  /** Login locks per account+IP and per IP, and the per-account slow-down (domains/auth/plugin.ts). */
  loginThrottle: { perAccount: number; perIp: number; windowMs: number; slowdownAfter: number };
  /** Days analytics events are kept (by the event's own day); older ones are removed continuously (jobs/retention). */
  analyticsRetentionDays: number;
  /** Registrations per client IP (IPv6: per /64), on the API and the register pages together. */
  registerRateLimit: { max: number; timeWindowMs: number };
  /** Sign-ups with a referral code (and inviter bindings) per client IP (IPv6: per /64). */
  referralSignupRateLimit: { max: number; timeWindowMs: number };
  /** Clicks one client IP (IPv6: per /64) can add to one referral link in a UTC day, whatever devices it claims. */
  referralClicksPerIp: number;
  /** The error store's bounds (the Sentry tunnel's events when no upstream is set; domains/errors/repository.ts). */
  errorEvents: ErrorEventBounds;
  /** What a fill of POST /v1/admin/trades may say: fee rate per market and time window (services/trade-feed). */
  tradeFeed: TradeFeedBounds;
  /** Seed an empty database with the demo accounts and configuration. */
  /** Origin of the referral links (`https://www.exchange.example`); unset: the request's own protocol and host. */
  publicOrigin: string | undefined;
  /** Origins besides the request's own (and PUBLIC_ORIGIN) whose state-changing requests are accepted. */
  allowedOrigins: readonly string[];
  seed: boolean;
  logger: boolean;
  /** Clock (ms since epoch); tests move it to expire sessions. */
  now: () => number;
}

export interface ErrorEventBounds {
  /** Events older than this are deleted, at start and every few minutes (jobs/retention.ts). */
  retentionDays: number;
  /** All stored events together; past it the oldest are deleted (new events keep arriving). */
  maxTotalBytes: number;
  /** What one client IP may add per window; past it the tunnel answers 429 and stores nothing. */
  perIpMaxBytes: number;
  perIpWindowMs: number;
}

export const ERROR_EVENT_BOUNDS_DEFAULTS: ErrorEventBounds = {
  retentionDays: 30,
  maxTotalBytes: 256 * 1024 * 1024,
  perIpMaxBytes: 1024 * 1024,
  perIpWindowMs: 60 * 60 * 1000,
};

export interface ServerConfig {
  host: string;
  port: number;
  /** The demo market's fills every few seconds (DEMO_MARKET: on by default outside APP_ENV=online; `off` stops it). */
  demoMarket: boolean;
  /** Whose invitees the demo market trades for (DEMO_MARKET_AFFILIATE, default the demo affiliate). */
  demoMarketAffiliate: string | undefined;
  /** The daily settlement and monthly level review timers (REFERRAL_JOBS, default on). */
  referralJobs: boolean;
  /** SIGTERM: how long /readyz answers 503 while the instance still serves, before it stops listening (SHUTDOWN_DELAY_S). */
  /** Whether this instance runs the retention timer (jobs/retention.ts). */
  retentionJobs: boolean;
  shutdownDelayMs: number;
  /** SIGTERM: how long requests in flight may take to finish once the listener is closed (SHUTDOWN_GRACE_S). */
  shutdownGraceMs: number;
}

type Env = Record<string, string | undefined>;
const DAY_MS = 24 * 60 * 60 * 1000;

const nonEmpty = (value: string | undefined): string | undefined =>
  value && value.trim() !== "" ? value.trim() : undefined;

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** A bound of zero would store nothing or delete everything: these must be at least 1. */
function positiveFrom(env: Env, name: string, fallback: number): number {
  const n = intFrom(env, name, fallback);
  if (n < 1) throw new RangeError(`${name} must be at least 1, got "${env[name] ?? ""}"`);
  return n;
}

function appEnvFrom(raw: string | undefined): AppEnv {
  const value = nonEmpty(raw) ?? "test";
  const found = APP_ENVS.find((e) => e === value);
  if (!found) throw new RangeError(`APP_ENV must be one of ${APP_ENVS.join(", ")}, got "${value}"`);
  return found;
}

/** `https://a.example, https://b.example:8443` → their normalised origins; an entry that is no URL is an error. */
function originsFrom(raw: string | undefined): string[] {
  return (nonEmpty(raw) ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      try {
        return new URL(item).origin;
      } catch {
        throw new RangeError(`ALLOWED_ORIGINS must list origins like https://app.example, got "${item}"`);
      }
    });
}

/** Demo data only where it cannot be mistaken for real: off by default when APP_ENV=online; SEED decides when set. */
function seedFrom(env: Env): boolean {
  const seed = nonEmpty(env.SEED);
  if (seed === undefined) return appEnvFrom(env.APP_ENV) !== "online";
  return seed !== "false";
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
 * - LOGIN_MAX_FAILURES_PER_ACCOUNT (5 failures of one account from one IP lock that pair), LOGIN_MAX_FAILURES_PER_IP
 *   (20 failures from one IP across accounts lock that IP), both for LOGIN_THROTTLE_WINDOW_S (900);
 *   LOGIN_SLOWDOWN_AFTER (10): after that many failures of an account from any IPs in the window, it takes one attempt
 *   per delay (1 s, doubling per further failure, at most 60 s; 429 with Retry-After until then), never a lock;
 *   only failures from sources the account has not logged in from count, and a source it has (its device or IP) is
 *   never slowed down by them
 * - REGISTER_RATE_LIMIT_MAX (20 registrations) per REGISTER_RATE_LIMIT_WINDOW_S (3600) per client IP (an IPv6 /64)
 * - REFERRAL_SIGNUP_RATE_LIMIT_MAX (5 sign-ups with a referral code or inviter bindings) per
 *   REFERRAL_SIGNUP_RATE_LIMIT_WINDOW_S (3600) per client IP; REFERRAL_CLICKS_PER_IP (20): the most clicks one client
 *   IP adds to one link in a UTC day (clicks are counted once per device, or per IP and user agent without one)
 * - PUBLIC_ORIGIN (unset → the request's protocol and host): origin of the affiliate referral URLs; also an origin
 *   whose POST/PUT/PATCH/DELETE requests are accepted
 * - ALLOWED_ORIGINS (empty): comma-separated further origins (`https://app.example,https://m.example`) accepted on
 *   state-changing requests; any other Origin (or Referer) is refused with 403 (platform/plugins/same-origin.ts)
 * - SEED (`true` outside APP_ENV=online, `false` online; `true` forces the demo data, `false` leaves an empty
 *   database empty), LOG (`true`)
 * - SENTRY_PROJECT_IDS, SENTRY_DSN_HOSTS, SENTRY_UPSTREAM, SENTRY_TUNNEL_BODY_LIMIT (204800 bytes),
 *   SENTRY_TUNNEL_MAX_ITEMS (50 items per envelope), SENTRY_TUNNEL_MAX_EVENT_BYTES (204800 bytes per event item),
 *   SENTRY_RATE_LIMIT_MAX (60 envelopes per minute per client IP): the error-reporting tunnel (routes/v1/sentry)
 * Every per-IP limit counts an IPv6 client by its /64 prefix (platform/http/client-key.ts).
 * - ERROR_EVENTS_RETENTION_DAYS (30): stored error events older than this are deleted (at start, then every 10
 *   minutes, in batches); ERROR_EVENTS_MAX_TOTAL_BYTES (268435456 = 256 MiB): past it the oldest events are deleted;
 *   ERROR_EVENTS_PER_IP_BYTES (1048576 = 1 MiB) per ERROR_EVENTS_PER_IP_WINDOW_S (3600) per client IP: past it the
 *   tunnel answers 429 and stores nothing (sizes are the stored text of an event: message, URL, tags, raw item)
 * - TRADE_MAX_FEE_PPM_SPOT, TRADE_MAX_FEE_PPM_FUTURES (5000 = 0.5 % of the notional; the VIP schedule's highest rate of
 *   the market wins when higher), TRADE_MAX_AGE_DAYS (35), TRADE_MAX_AHEAD_S (300): POST /v1/admin/trades refuses a
 *   batch with a fill whose fee is above its market's maximum × notional, or whose time is outside
 *   [now − TRADE_MAX_AGE_DAYS, now + TRADE_MAX_AHEAD_S], naming the fill and field; nothing of the batch is stored
 * - DEMO_MARKET (on outside APP_ENV=online; `off` stops the demo invitees' fills), DEMO_MARKET_AFFILIATE (whose
 *   invitees trade: the demo affiliate 8012345678 by default), REFERRAL_JOBS (`on`; `off` stops the
 *   daily settlement and monthly level review timers of this instance)
 * - ANALYTICS_RETENTION_DAYS (90): analytics events older than this are removed continuously (jobs/retention.ts;
 *   PostgreSQL drops day partitions), RETENTION_JOBS (`on`; `off` stops this instance's retention timer)
 * - SHUTDOWN_DELAY_S (2): on SIGTERM, /readyz answers 503 this long while the instance still serves, then it stops
 *   listening; SHUTDOWN_GRACE_S (10): how long requests in flight then have to finish (server.ts)
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
    rateLimit: {
      max: intFrom(env, "RATE_LIMIT_MAX", 600),
      timeWindowMs: intFrom(env, "RATE_LIMIT_WINDOW_S", 60) * 1000,
    },
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
      slowdownAfter: intFrom(env, "LOGIN_SLOWDOWN_AFTER", 10),
    },
    analyticsRetentionDays: Math.max(1, intFrom(env, "ANALYTICS_RETENTION_DAYS", 90)),
    registerRateLimit: {
      max: intFrom(env, "REGISTER_RATE_LIMIT_MAX", 20),
      timeWindowMs: intFrom(env, "REGISTER_RATE_LIMIT_WINDOW_S", 60 * 60) * 1000,
    },
    referralSignupRateLimit: {
      max: intFrom(env, "REFERRAL_SIGNUP_RATE_LIMIT_MAX", 5),
      timeWindowMs: intFrom(env, "REFERRAL_SIGNUP_RATE_LIMIT_WINDOW_S", 60 * 60) * 1000,
    },
    referralClicksPerIp: intFrom(env, "REFERRAL_CLICKS_PER_IP", 20),
    errorEvents: {
      retentionDays: positiveFrom(env, "ERROR_EVENTS_RETENTION_DAYS", ERROR_EVENT_BOUNDS_DEFAULTS.retentionDays),
      maxTotalBytes: positiveFrom(env, "ERROR_EVENTS_MAX_TOTAL_BYTES", ERROR_EVENT_BOUNDS_DEFAULTS.maxTotalBytes),
      perIpMaxBytes: positiveFrom(env, "ERROR_EVENTS_PER_IP_BYTES", ERROR_EVENT_BOUNDS_DEFAULTS.perIpMaxBytes),
      perIpWindowMs:
        positiveFrom(env, "ERROR_EVENTS_PER_IP_WINDOW_S", ERROR_EVENT_BOUNDS_DEFAULTS.perIpWindowMs / 1000) * 1000,
    },
    tradeFeed: {
      maxFeePpm: {
        spot: positiveFrom(env, "TRADE_MAX_FEE_PPM_SPOT", TRADE_FEED_BOUNDS_DEFAULTS.maxFeePpm.spot),
        futures: positiveFrom(env, "TRADE_MAX_FEE_PPM_FUTURES", TRADE_FEED_BOUNDS_DEFAULTS.maxFeePpm.futures),
      },
      maxAgeMs: positiveFrom(env, "TRADE_MAX_AGE_DAYS", TRADE_FEED_BOUNDS_DEFAULTS.maxAgeMs / DAY_MS) * DAY_MS,
      maxAheadMs: intFrom(env, "TRADE_MAX_AHEAD_S", TRADE_FEED_BOUNDS_DEFAULTS.maxAheadMs / 1000) * 1000,
    },
    publicOrigin: nonEmpty(env.PUBLIC_ORIGIN),
    allowedOrigins: originsFrom(env.ALLOWED_ORIGINS),
    seed: seedFrom(env),
    logger: nonEmpty(env.LOG) !== "false",
    now: Date.now,
  };
}

export function loadServerConfig(env: Env = process.env): ServerConfig {
  const demoMarket = nonEmpty(env.DEMO_MARKET);
  return {
    host: nonEmpty(env.API_HOST) ?? "127.0.0.1",
    port: intFrom(env, "API_PORT", 4000),
    demoMarket:
      demoMarket === undefined ? appEnvFrom(env.APP_ENV) !== "online" : demoMarket !== "off" && demoMarket !== "false",
    demoMarketAffiliate: nonEmpty(env.DEMO_MARKET_AFFILIATE),
    referralJobs: nonEmpty(env.REFERRAL_JOBS) !== "off" && nonEmpty(env.REFERRAL_JOBS) !== "false",
    retentionJobs: nonEmpty(env.RETENTION_JOBS) !== "off" && nonEmpty(env.RETENTION_JOBS) !== "false",
    shutdownDelayMs: intFrom(env, "SHUTDOWN_DELAY_S", 2) * 1000,
    shutdownGraceMs: intFrom(env, "SHUTDOWN_GRACE_S", 10) * 1000,
  };
}
