import { DEVICE_TOKEN_CONFIG, DEVICE_TOKEN_KEYS } from "./constants";
import { defaultStorage, safeStorage, type StorageLike } from "@affiliates/contracts";
import { documentCookies, type CookieJar } from "./environment";

export interface TerminalIdentity {
  /** The device fingerprint, sent as the `DeviceId` header. */
  fingerprint: string;
  /** This browser's terminal code, sent as the `TerminalCode` header. */
  terminalCode: string;
}

interface TerminalStoreOptions {
  storage?: StorageLike;
  cookies?: CookieJar;
  /** Creates a terminal code (default: 32 random hex characters). */
  createTerminalCode?: () => string;
}

interface TerminalIdentityOptions extends TerminalStoreOptions {
  /** Computes the device fingerprint (the web app passes FingerprintJS's visitorId). */
  fingerprint: () => Promise<string>;
}

/** The message of requirements.md §8 when no device id can be had. */
export const DEVICE_ID_ERROR_MESSAGE = "getDeviceId error";

export function randomTerminalCode(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * localStorage, else a cookie (requirements.md §3): reads, and keeps in a year-long cookie where localStorage refuses
 * writes; the terminal code is created and kept when missing.
 */
function terminalStore(options: TerminalStoreOptions) {
  const storage = safeStorage(options.storage ?? defaultStorage());
  const cookies = options.cookies ?? documentCookies();
  const read = (key: string): string | undefined => storage.get(key) || cookies.get(key) || undefined;
  const keep = (key: string, value: string): void => {
    if (!storage.set(key, value))
      cookies.set(key, value, { maxAgeSeconds: DEVICE_TOKEN_CONFIG.terminalCookieMaxAgeSeconds });
  };
  const terminalCode = (): string => {
    const stored = read(DEVICE_TOKEN_KEYS.terminalCode);
    if (stored) return stored;
    const created = (options.createTerminalCode ?? randomTerminalCode)();
    keep(DEVICE_TOKEN_KEYS.terminalCode, created);
    return created;
  };
  return { read, keep, terminalCode };
}

/**
 * What a page has without computing anything: the terminal code (created and kept when missing) and the fingerprint a
 * previous page stored, if any.
 */
export function readTerminalIdentity(options: TerminalStoreOptions = {}): {
  fingerprint: string | undefined;
  terminalCode: string;
} {
  const store = terminalStore(options);
  return { fingerprint: store.read(DEVICE_TOKEN_KEYS.fingerprint), terminalCode: store.terminalCode() };
}

/**
 * `fingerprint` and `terminalCode` from localStorage or a cookie (requirements.md §3), created and kept when missing.
 * Throws `Error("getDeviceId error")` when none is stored and the fingerprint cannot be computed.
 */
export async function getTerminalIdentity(options: TerminalIdentityOptions): Promise<TerminalIdentity> {
  const store = terminalStore(options);
  let fingerprint = store.read(DEVICE_TOKEN_KEYS.fingerprint);
  if (!fingerprint) {
    let computed: unknown;
    try {
      computed = await options.fingerprint();
    } catch (error) {
      throw new Error(DEVICE_ID_ERROR_MESSAGE, { cause: error });
    }
    if (typeof computed !== "string" || computed.trim() === "") throw new Error(DEVICE_ID_ERROR_MESSAGE);
    fingerprint = computed.trim();
    store.keep(DEVICE_TOKEN_KEYS.fingerprint, fingerprint);
  }
  return { fingerprint, terminalCode: store.terminalCode() };
}
