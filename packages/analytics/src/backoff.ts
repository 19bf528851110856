/**
 * The upload retry rule: exponential back-off with full jitter, capped, and `Retry-After` honoured up to a
 * hard ceiling. Pure: the time is passed in and the randomness injected, so tests are deterministic.
 */

interface BackoffPolicy {
  /** The first failure's upper bound, in ms. */
  baseMs: number;
  /** The exponential bound stops growing here, in ms. */
  capMs: number;
  /** A `Retry-After` is honoured up to this long, in ms. */
  maxRetryAfterMs: number;
}

interface BackoffOptions extends BackoffPolicy {
  /** A number in [0, 1), as `Math.random`. */
  random: () => number;
}

/** Exponents beyond this already exceed any sensible cap; keeps `2 ** n` finite. */
const MAX_EXPONENT = 30;

/** The exponential bound after `failures` consecutive failures: min(cap, base · 2^(failures−1)); 0 before any. */
export function backoffCeiling(failures: number, policy: Pick<BackoffPolicy, "baseMs" | "capMs">): number {
  if (failures <= 0) return 0;
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(failures - 1, MAX_EXPONENT));
}

/** Full jitter: a random delay in [0, backoffCeiling(failures)). A `random` outside [0, 1) is clamped. */
export function backoffDelay(
  failures: number,
  random: () => number,
  policy: Pick<BackoffPolicy, "baseMs" | "capMs">,
): number {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.floor(unit * backoffCeiling(failures, policy));
}

/**
 * A `Retry-After` header value in ms from `now`: delta-seconds (`"7"`) or an HTTP date (`"Wed, 21 Oct 2026
 * 07:28:00 GMT"`; a date in the past is 0). Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // A date names its day or month; bare numbers like "-5" or "12" would otherwise parse as odd dates.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

interface Backoff {
  /** Whether an upload may be tried at `now`. */
  ready(now: number): boolean;
  /** A failed upload at `now` (with the answer's `Retry-After` in ms, if any); returns the wait chosen. */
  fail(now: number, retryAfterMs?: number | null): number;
  /** An answered upload at `now`: the count resets; a `Retry-After` still delays the next one. */
  succeed(now: number, retryAfterMs?: number | null): void;
  /** Consecutive failures so far. */
  readonly failures: number;
  /** No upload before this time (ms since the epoch). */
  readonly retryAt: number;
}

/** The back-off state of one uploader. */
export function createBackoff(options: BackoffOptions): Backoff {
  let failures = 0;
  let retryAt = 0;
  const honoured = (retryAfterMs: number | null | undefined): number =>
    typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) && retryAfterMs > 0
      ? Math.min(retryAfterMs, options.maxRetryAfterMs)
      : 0;
  return {
    ready: (now) => now >= retryAt,
    fail(now, retryAfterMs) {
      failures += 1;
      const wait = Math.max(backoffDelay(failures, options.random, options), honoured(retryAfterMs));
      retryAt = now + wait;
      return wait;
    },
    succeed(now, retryAfterMs) {
      failures = 0;
      retryAt = now + honoured(retryAfterMs);
    },
    get failures() {
      return failures;
    },
    get retryAt() {
      return retryAt;
    },
  };
}
