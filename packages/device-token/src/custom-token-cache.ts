// The cached custom token, read without the anti-fraud call: every request sends it, so this stays out of the
// module that makes the call (and out of the first load).
import { defaultStorage, safeStorage, type StorageLike } from "@affiliates/contracts";
import { DEVICE_TOKEN_KEYS } from "./constants";

export interface Cached {
  token: string;
  createdAt: number;
}

/** The cached custom token without any call (undefined when none): what every request sends as `custom-token`. */
export function readCachedCustomToken(storage: StorageLike = defaultStorage()): string | undefined {
  return readCached(safeStorage(storage))?.token;
}

export function readCached(storage: ReturnType<typeof safeStorage>): Cached | undefined {
  const raw = storage.get(DEVICE_TOKEN_KEYS.customToken);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Cached>;
    if (typeof value.token === "string" && value.token !== "" && typeof value.createdAt === "number")
      return { token: value.token, createdAt: value.createdAt };
  } catch {
    // unreadable: treated as missing
  }
  return undefined;
}
