"use client";
import { DEVICE_TOKEN_KEYS, getTerminalIdentity, type TerminalIdentity } from "@affiliates/device-token";
import { STORAGE_KEYS } from "./constants";
import { readStorage, writeStorage } from "./storage";

let identity: TerminalIdentity | null = null;

/**
 * Terminal identity (spec §3, §4): `fingerprint` (FingerprintJS, loaded on demand so it stays out of the first-load
 * bundle) and `terminalCode`, kept in localStorage or a cookie. Also cached as `terminal_code` (spec §3 local cache).
 * A fingerprint that cannot be taken ("getDeviceId error") must not block the page: the identity is then empty.
 */
export async function ensureTerminalIdentity(): Promise<{ terminalCode: string; deviceId: string }> {
  try {
    identity ??= await getTerminalIdentity({
      fingerprint: async () => {
        const FingerprintJS = await import("@fingerprintjs/fingerprintjs");
        return (await (await FingerprintJS.load()).get()).visitorId;
      },
    });
    writeStorage(STORAGE_KEYS.terminalCode, identity.terminalCode);
    return { terminalCode: identity.terminalCode, deviceId: identity.fingerprint };
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
    return { terminalCode: "", deviceId: "" };
  }
}

/**
 * The identity for request headers (DeviceId, TerminalCode): the one gathered in this page, else the one a previous
 * page stored, so requests made before start-up finishes carry it too.
 */
export function currentIdentity(): TerminalIdentity | null {
  if (identity) return identity;
  const fingerprint = readStorage(DEVICE_TOKEN_KEYS.fingerprint);
  const terminalCode = readStorage(DEVICE_TOKEN_KEYS.terminalCode);
  return fingerprint && terminalCode ? { fingerprint, terminalCode } : null;
}
