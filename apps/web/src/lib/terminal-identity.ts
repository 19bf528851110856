"use client";
import { STORAGE_KEYS } from "./constants";
import { readStorage, writeStorage } from "./storage";

function randomId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID().replace(/-/g, "")
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/**
 * Terminal code and device fingerprint (spec §3, §4): kept in localStorage; the fingerprint comes from
 * @fingerprintjs/fingerprintjs, loaded on demand so it stays out of the first-load bundle.
 */
export async function ensureTerminalIdentity(): Promise<{ terminalCode: string; deviceId: string }> {
  let terminalCode = readStorage(STORAGE_KEYS.terminalCode);
  if (!terminalCode) {
    terminalCode = randomId();
    writeStorage(STORAGE_KEYS.terminalCode, terminalCode);
  }
  let deviceId = readStorage(STORAGE_KEYS.fingerprint);
  if (!deviceId) {
    try {
      const FingerprintJS = await import("@fingerprintjs/fingerprintjs");
      const agent = await FingerprintJS.load();
      deviceId = (await agent.get()).visitorId;
    } catch {
      deviceId = randomId(); // a fingerprint that cannot be taken must not block the page
    }
    writeStorage(STORAGE_KEYS.fingerprint, deviceId);
  }
  return { terminalCode, deviceId };
}
