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

/** localStorage, else a cookie (requirements.md §3): reads, and keeps in a year-long cookie where localStorage refuses writes. */
function terminalStore(options: TerminalStoreOptions) {
  const storage = safeStorage(options.storage ?? defaultStorage());
  const cookies = options.cookies ?? documentCookies();
  return {
    read: (key: string): string | undefined => storage.get(key) || cookies.get(key) || undefined,
    keep: (key: string, value: string): void => {
      if (!storage.set(key, value))
        cookies.set(key, value, { maxAgeSeconds: DEVICE_TOKEN_CONFIG.terminalCookieMaxAgeSeconds });
    },
  };
}

/**
 * What a page has without computing anything: the terminal code (created and kept when missing) and the fingerprint a
 * previous page stored, if any.
 */
export function readTerminalIdentity(options: TerminalStoreOptions = {}): {
  fingerprint: string | undefined;
  terminalCode: string;
} {
  const { read, keep } = terminalStore(options);
  let terminalCode = read(DEVICE_TOKEN_KEYS.terminalCode);
  if (!terminalCode) {
    terminalCode = (options.createTerminalCode ?? randomTerminalCode)();
    keep(DEVICE_TOKEN_KEYS.terminalCode, terminalCode);
  }
  return { fingerprint: read(DEVICE_TOKEN_KEYS.fingerprint), terminalCode };
}

/**
 * `fingerprint` and `terminalCode` from localStorage or a cookie (requirements.md §3), created and kept when missing.
 * Throws `Error("getDeviceId error")` when none is stored and the fingerprint cannot be computed.
 */
export async function getTerminalIdentity(options: TerminalIdentityOptions): Promise<TerminalIdentity> {
  const { read, keep } = terminalStore(options);
  let fingerprint = read(DEVICE_TOKEN_KEYS.fingerprint);
  if (!fingerprint) {
    let computed: unknown;
    try {
      computed = await options.fingerprint();
    } catch (error) {
      throw new Error(DEVICE_ID_ERROR_MESSAGE, { cause: error });
    }
    if (typeof computed !== "string" || computed.trim() === "") throw new Error(DEVICE_ID_ERROR_MESSAGE);
    fingerprint = computed.trim();
    keep(DEVICE_TOKEN_KEYS.fingerprint, fingerprint);
  }
  return { fingerprint, terminalCode: readTerminalIdentity(options).terminalCode };
}
