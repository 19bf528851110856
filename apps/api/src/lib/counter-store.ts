import type { Redis } from "ioredis";

/** Fixed-window counters shared by the login throttles; Redis-backed when several instances run. */
export interface CounterStore {
  readonly kind: "memory" | "redis";
  /** Adds one to `key`; the window starts at the first hit. Returns the new count and the ms left in the window. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The current count (0 when absent or expired) and the ms left. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

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
  return {
    kind: "memory",
    hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      if (entries.size > 100_000) {
        for (const k of entries.keys()) if (!live(k)) entries.delete(k);
      }
      return Promise.resolve({ count: entry.count, resetInMs: entry.expiresAt - now() });
    },
    peek(key) {
      const entry = live(key);
      return Promise.resolve(entry ? { count: entry.count, resetInMs: entry.expiresAt - now() } : { count: 0, resetInMs: 0 });
    },
    reset(key) {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}

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
    async peek(key) {
      const [value, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      return { count: value === null ? 0 : Number(value), resetInMs: ttl > 0 ? ttl : 0 };
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}
