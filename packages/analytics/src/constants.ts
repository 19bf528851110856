import { ANALYTICS_MAX_BATCH } from "@affiliates/contracts";

/** The analytics constants of requirements.md §9 and the SDK's own bounds, once, as typed constants. */
export const ANALYTICS_LIMITS = {
  /** Events per upload (requirements.md §9: batch 50): the API's maximum per request. */
  batchSize: ANALYTICS_MAX_BATCH,
  /** The delivery loop's period (requirements.md §9: every 500 ms). */
  loopMs: 500,
  /** No upload for this long after a 403 (requirements.md §8, §9). */
  silentMs: 10_000,
  /** `first_day` holds within this long of the first visit (requirements.md §9: 24 h). */
  firstDayMs: 24 * 60 * 60 * 1000,
  /** Each beacon and each `keepalive` fetch body stays under this many bytes (browsers cap in-flight keepalive at 64 KiB). */
  beaconMaxBytes: 60 * 1024,
  /** At most this many fingerprint cookies are kept (requirements.md §9); the product sets none (it stores its fingerprint). */
  maxFingerprintCookies: 10,
  /** The queue's bound: beyond it the oldest events are dropped and counted. */
  maxQueue: 2000,
  /** The session id's random part is an integer in [0, 100] (requirements.md §9). */
  sessionRandomMax: 100,
} as const;

/**
 * The upload retry rule. After the n-th consecutive failed upload the next try waits a random time in
 * [0, min(capMs, baseMs · 2^(n−1))) ("full jitter"); an answer carrying `Retry-After` waits at least that long, up to
 * `maxRetryAfterMs`. A success resets the count. The delivery loop still ticks every `loopMs`; it skips its tick
 * until the wait is over.
 */
export const UPLOAD_BACKOFF = {
  /** The first failure's upper bound (the loop's own period). */
  baseMs: 500,
  /** The exponential bound stops growing here. */
  capMs: 60_000,
  /** A `Retry-After` longer than the cap is honoured, but never beyond this. */
  maxRetryAfterMs: 10 * 60_000,
} as const;

export const STORAGE_KEYS = {
  queue: "analytics_queue",
  logSeq: "analytics_log_seq",
  deviceId: "analytics_device_id",
  firstVisitTime: "analytics_first_visit_time",
} as const;

/** The tracking id of page and system events, which have no tracking point of their own. */
export const PAGE_TRACKING_ID = "/";
