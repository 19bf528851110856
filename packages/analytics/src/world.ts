/**
 * The slices of the browser the SDK touches, as small structural types: tests pass fakes, browsers the real objects
 * (design.md "Inject the world").
 */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ClockLike {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface DocumentLike extends EventTargetLike {
  title: string;
  referrer: string;
  /** "visible" | "hidden" in browsers. */
  readonly visibilityState?: string;
  cookie?: string;
}

export interface LocationLike {
  href: string;
  host: string;
  pathname: string;
  search: string;
}

export interface NavigatorLike {
  userAgent: string;
  language?: string;
  onLine?: boolean;
  connection?: { effectiveType?: string; type?: string };
}

export interface ScreenLike {
  width: number;
  height: number;
}

export interface ConsoleLike {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface ResponseLike {
  ok: boolean;
  status: number;
  /** Read for `Retry-After`; optional so minimal fakes need not provide it. */
  headers?: { get(name: string): string | null };
  json(): Promise<unknown>;
}

export interface FetchInit {
  method: "POST";
  headers: Record<string, string>;
  body: string;
  keepalive?: boolean;
  credentials?: "same-origin" | "include" | "omit";
}

export type FetchLike = (url: string, init: FetchInit) => Promise<ResponseLike>;
export type SendBeaconLike = (url: string, data: Blob) => boolean;

/** The default clock: `Date.now` and the global timers. */
export const systemClock: ClockLike = {
  now: () => Date.now(),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Parameters<typeof globalThis.clearInterval>[0]),
};

/** A Map-backed storage, used where no localStorage exists (server rendering, disabled storage). */
export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

/** `localStorage` when readable (it throws in some privacy modes), else memory. */
export function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage as StorageLike | undefined;
    if (storage) return storage;
  } catch {
    // fall through
  }
  return createMemoryStorage();
}

/** A browser global, or undefined where there is none (server rendering, tests): the DOM typings claim they always exist. */
export function browserGlobal<T>(name: "document" | "window" | "location" | "navigator" | "screen" | "history"): T | undefined {
  return (globalThis as unknown as Record<string, T | undefined>)[name];
}
