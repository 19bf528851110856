import { vi } from "vitest";
import { memoryStorage, systemClock } from "@affiliates/contracts";
import type { CookieJar, DeviceTokenSdk, DocumentLike } from "../src";

/** Cookies in a map, remembering each one's max-age. */
export function fakeCookies(): CookieJar & { maxAge: Map<string, number> } {
  const values = new Map<string, string>();
  const maxAge = new Map<string, number>();
  return {
    maxAge,
    get: (name) => values.get(name),
    set: (name, value, { maxAgeSeconds }) => {
      values.set(name, value);
      maxAge.set(name, maxAgeSeconds);
    },
    remove: (name) => {
      values.delete(name);
      maxAge.delete(name);
    },
  };
}

/** localStorage that reads nothing and refuses every write, as a full or disabled one does. */
export const refusingStorage = () => ({
  getItem: () => null,
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => undefined,
});

/** A document whose visibility the test flips (dispatching visibilitychange like a browser). */
export function fakeDocument(
  initial: "visible" | "hidden" = "visible",
): DocumentLike & { setVisibility(state: "visible" | "hidden"): void; listenerCount(): number } {
  let state: string = initial;
  const listeners = new Set<() => void>();
  return {
    get visibilityState() {
      return state;
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    setVisibility(next) {
      state = next;
      for (const listener of [...listeners]) listener();
    },
    listenerCount: () => listeners.size,
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An SDK answer that never settles (a symbol, so it cannot collide with a token). */
export const HANG = Symbol("hang");
/** An SDK whose answers the test queues (the last one repeats): a string, an Error, HANG or a Deferred. */
export function fakeSdk(...answers: (string | Error | typeof HANG | Deferred<string>)[]) {
  const queue = [...answers];
  let counter = 0;
  const getToken = vi.fn((_options: { appId: string; expire: number; timeout: number }): Promise<string> => {
    const next = queue.length > 1 ? queue.shift() : queue[0];
    counter += 1;
    if (next === undefined) return Promise.resolve(token40(counter));
    if (next === HANG) return new Promise<string>(() => undefined);
    if (next instanceof Error) return Promise.reject(next);
    if (typeof next === "string") return Promise.resolve(next);
    return next.promise;
  });
  const sdk: DeviceTokenSdk = { getToken };
  return { sdk, getToken };
}

/** A distinct valid (40-character) token. */
export const token40 = (n: number): string => `T${String(n).padStart(39, "0")}`;

export function world(
  options: {
    visibility?: "visible" | "hidden";
    storage?: ReturnType<typeof memoryStorage>;
    cookies?: ReturnType<typeof fakeCookies>;
  } = {},
) {
  return {
    storage: options.storage ?? memoryStorage(),
    cookies: options.cookies ?? fakeCookies(),
    document: fakeDocument(options.visibility),
    clock: systemClock,
    report: vi.fn(),
    loadScript: vi.fn((_src: string) => Promise.resolve()),
  };
}
