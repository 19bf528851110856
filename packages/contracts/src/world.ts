// Zod-free: the slices of the browser the client packages (analytics, device-token, http) touch, injected with these
// defaults so tests pass fakes without global mocks (architecture.md "Inject the world").

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type TimerHandle = unknown;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** One day in milliseconds (UTC days: no daylight saving). */
export const DAY_MS = 86_400_000;

/** The global clock, looked up at each call (so fake timers installed later still apply). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Parameters<typeof globalThis.clearInterval>[0]),
};

/** A storage kept in memory: the stand-in where localStorage is missing (server rendering, locked-down browsers). */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { readonly size: number } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    get size() {
      return map.size;
    },
  };
}

/** `localStorage` when reachable (reading it throws in some privacy modes), else memory. */
export function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage as StorageLike | undefined;
    if (storage) return storage;
  } catch {
    // fall through
  }
  return memoryStorage();
}

/** Storage calls that never throw (quota, privacy modes): reads give null, writes report false. */
export function safeStorage(storage: StorageLike) {
  return {
    get(key: string): string | null {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): boolean {
      try {
        storage.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key: string): void {
      try {
        storage.removeItem(key);
      } catch {
        // nothing to do
      }
    },
  };
}

/**
 * Runs `run` with an abort signal; after `ms` the signal aborts and the result rejects with `onTimeout()`, whether or
 * not `run` honours the signal. The timer is cleared however `run` settles.
 */
export async function withTimeout<T>(
  clock: Pick<Clock, "setTimeout" | "clearTimeout">,
  ms: number,
  onTimeout: () => Error,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let handle: TimerHandle;
  const timedOut = new Promise<never>((_, reject) => {
    handle = clock.setTimeout(() => {
      reject(onTimeout());
      controller.abort();
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timedOut]);
  } finally {
    clock.clearTimeout(handle);
  }
}
