import type { Redis } from "ioredis";

/** How an account slows down once it has many failures: one attempt per delay, the delay doubling per failure. */
export interface PaceOptions {
  windowMs: number;
  /** From this count on, each attempt closes the gate for a delay. */
  after: number;
  /** The delay set by the `after`-th attempt; each further one doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export type PaceResult = { allowed: true; count: number } | { allowed: false; retryInMs: number };

/**
 * Fixed-window counters shared by the login throttles; Redis-backed when several instances run. Every operation is
 * atomic (one MULTI or Lua script on Redis), so parallel requests each see their own count.
 */
export interface CounterStore {
  readonly kind: "memory" | "redis";
  /** Adds one to `key`; the window starts at the first hit. Returns the new count and the ms left in the window. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one hit back (never below zero; the window is kept): an attempt reserved but not a failure. */
  unhit(key: string): Promise<void>;
  /** The current count (0 when absent or expired) and the ms left. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
  /**
   * Reserves an attempt on a slowed-down key: refused while its gate is closed (retry in the ms left), else counted,
   * and from `after` on the gate closes for min(maxDelayMs, baseDelayMs · 2^(count − after)).
   */
  pace(key: string, options: PaceOptions): Promise<PaceResult>;
  /** Takes a pace reservation back: one less, and the gate it closed opened again. */
  unpace(key: string): Promise<void>;
}

const gateOf = (key: string) => `${key}:gate`;

export const paceDelayMs = (count: number, options: PaceOptions): number =>
  count < options.after ? 0 : Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (count - options.after));

export function createMemoryStore(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Synchronous, so each call is atomic on the event loop.
  const increment = (key: string, windowMs: number) => {
    const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
    entry.count += 1;
    entries.set(key, entry);
    if (entries.size > 100_000) {
      for (const k of entries.keys()) if (!live(k)) entries.delete(k);
    }
    return entry;
  };
  const decrement = (key: string) => {
    const entry = live(key);
    if (entry && entry.count > 0) entry.count -= 1;
  };
  return {
    kind: "memory",
    hit(key, windowMs) {
      const entry = increment(key, windowMs);
      return Promise.resolve({ count: entry.count, resetInMs: entry.expiresAt - now() });
    },
    unhit(key) {
      decrement(key);
      return Promise.resolve();
    },
    peek(key) {
      const entry = live(key);
      return Promise.resolve(
        entry ? { count: entry.count, resetInMs: entry.expiresAt - now() } : { count: 0, resetInMs: 0 },
      );
    },
    reset(key) {
      entries.delete(key);
      return Promise.resolve();
    },
    pace(key, options) {
      const gate = live(gateOf(key));
      if (gate) return Promise.resolve({ allowed: false, retryInMs: gate.expiresAt - now() });
      const { count } = increment(key, options.windowMs);
      const delay = paceDelayMs(count, options);
      if (delay > 0) entries.set(gateOf(key), { count: 1, expiresAt: now() + delay });
      return Promise.resolve({ allowed: true, count });
    },
    unpace(key) {
      decrement(key);
      entries.delete(gateOf(key));
      return Promise.resolve();
    },
  };
}

// KEYS[1] counter; never below zero, and DECR keeps the key's expiry.
const UNHIT_SCRIPT = `
local value = tonumber(redis.call('GET', KEYS[1]) or '0')
if value > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

// KEYS[1] counter, KEYS[2] gate; ARGV windowMs, after, baseDelayMs, maxDelayMs. The gate's PTTL is the wait, so no
// clock is compared across instances.
const PACE_SCRIPT = `
local gate = redis.call('PTTL', KEYS[2])
if gate > 0 then return {0, gate} end
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local after = tonumber(ARGV[2])
if count >= after then
  local delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * math.pow(2, count - after))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(delay))
end
return {1, count}`;

export function createRedisStore(redis: Redis, keyPrefix: string): CounterStore {
  const k = (key: string) => `${keyPrefix}${key}`;
  return {
    kind: "redis",
    async hit(key, windowMs) {
      // SET NX starts the window, INCR counts, PTTL reports what is left: one atomic MULTI.
      const results = await redis.multi().set(k(key), "0", "PX", windowMs, "NX").incr(k(key)).pttl(k(key)).exec();
      const count = Number(results?.[1]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async unhit(key) {
      await redis.eval(UNHIT_SCRIPT, 1, k(key));
    },
    async peek(key) {
      const [value, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      return { count: value === null ? 0 : Number(value), resetInMs: ttl > 0 ? ttl : 0 };
    },
    async reset(key) {
      await redis.del(k(key));
    },
    async pace(key, options) {
      const answer = (await redis.eval(
        PACE_SCRIPT,
        2,
        k(key),
        k(gateOf(key)),
        options.windowMs,
        options.after,
        options.baseDelayMs,
        options.maxDelayMs,
      )) as [number, number];
      return answer[0] === 1
        ? { allowed: true, count: Number(answer[1]) }
        : { allowed: false, retryInMs: Number(answer[1]) };
    },
    async unpace(key) {
      await redis
        .multi()
        .eval(UNHIT_SCRIPT, 1, k(key))
        .del(k(gateOf(key)))
        .exec();
    },
  };
}
