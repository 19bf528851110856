/** The world the device-token code touches, injected with browser defaults (design: "Inject the world"). */

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { maxAgeSeconds: number }): void;
  remove(name: string): void;
}

export type TimerHandle = unknown;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export interface DocumentLike {
  readonly visibilityState: string;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

/** The global clock, looked up at each call (so fake timers installed later still apply). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Parameters<typeof globalThis.clearInterval>[0]),
};

/** A storage kept in memory: the stand-in where localStorage is missing (server, locked-down browsers). */
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

/** localStorage when reachable (reading it throws in some privacy modes), else memory. */
export function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
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

/** Cookies over `document.cookie`: path=/, SameSite=Lax, Secure on https. */
export function documentCookies(doc: Pick<Document, "cookie"> | undefined = globalThis.document, secure = globalThis.location?.protocol === "https:"): CookieJar {
  return {
    get(name) {
      if (!doc) return undefined;
      for (const part of doc.cookie.split(";")) {
        const index = part.indexOf("=");
        if (index < 0) continue;
        if (part.slice(0, index).trim() !== name) continue;
        const raw = part.slice(index + 1).trim();
        try {
          return decodeURIComponent(raw);
        } catch {
          return raw;
        }
      }
      return undefined;
    },
    set(name, value, { maxAgeSeconds }) {
      if (!doc) return;
      doc.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
    },
    remove(name) {
      if (!doc) return;
      doc.cookie = `${name}=; max-age=0; path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
    },
  };
}

/** A document that is always visible: the stand-in outside browsers. */
export const alwaysVisibleDocument: DocumentLike = {
  visibilityState: "visible",
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
};
