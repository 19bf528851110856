import type { Clock, safeStorage } from "@affiliates/contracts";
import {
  DEVICE_TOKEN_CONFIG,
  DEVICE_TOKEN_KEYS,
  DEVICE_TOKEN_STATUS,
  isValidDeviceToken,
  type DeviceTokenStatus,
} from "./constants";
import type { CookieJar } from "./environment";

/** Storage whose failures (private mode, quota) are swallowed. */
type SafeStorage = ReturnType<typeof safeStorage>;

/** The token as every tab shares it (requirements.md §3): the cookie, its expiry, the fallback and the pending flag. */
export interface TokenStorage {
  /** The stored 40-character token while inside its validity window, with the time it counts as valid until. */
  readStored(): { token: string; expiresAt: number } | undefined;
  /** When a refresh (in any tab) set the pending flag, if one is set. */
  readPending(): number | undefined;
  /** Sets the pending flag for a refresh starting `now`; returns the flag to clear. */
  markPending(now: number): string;
  /** Clears the pending flag, unless another refresh has replaced it since. */
  clearPending(flag: string): void;
  /** Stores an SDK's token: a valid one as the cookie and its expiry, another as the fallback; returns the status. */
  save(token: string): DeviceTokenStatus;
  /** The token to send for a status: the cookie's when valid, else the current or stored fallback (see getToken). */
  tokenToSend(status: DeviceTokenStatus, current: string): string;
}

export function createTokenStorage(storage: SafeStorage, cookies: CookieJar, clock: Clock): TokenStorage {
  const C = DEVICE_TOKEN_CONFIG;
  const K = DEVICE_TOKEN_KEYS;
  return {
    readStored() {
      const token = cookies.get(K.token);
      const expiresAt = Number(storage.get(K.expires));
      if (!isValidDeviceToken(token) || !Number.isFinite(expiresAt) || expiresAt <= clock.now()) return undefined;
      return { token, expiresAt };
    },
    readPending() {
      const raw = storage.get(K.pending);
      if (raw === null) return undefined;
      const at = Number(raw);
      return Number.isFinite(at) ? at : undefined;
    },
    markPending(now) {
      const flag = String(now);
      storage.set(K.pending, flag);
      return flag;
    },
    clearPending(flag) {
      if (storage.get(K.pending) === flag) storage.remove(K.pending);
    },
    save(token) {
      if (isValidDeviceToken(token)) {
        cookies.set(K.token, token, { maxAgeSeconds: C.cookieMaxAgeSeconds });
        storage.set(K.expires, String(clock.now() + C.validityWindowMs));
        storage.remove(K.fallback);
        return DEVICE_TOKEN_STATUS.success;
      }
      storage.set(K.fallback, token);
      return DEVICE_TOKEN_STATUS.fallback;
    },
    tokenToSend(status, current) {
      if (status === DEVICE_TOKEN_STATUS.fallback) return current;
      const cookie = cookies.get(K.token);
      if (isValidDeviceToken(cookie)) return cookie;
      return status === DEVICE_TOKEN_STATUS.success ? current : (storage.get(K.fallback) ?? "");
    },
  };
}
