"use client";
import { getTerminalIdentity, type TerminalIdentity } from "@affiliates/device-token";
import { STORAGE_KEYS } from "./constants";
import { writeStorage } from "./storage";

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

/** The identity once known, for request headers (DeviceId, TerminalCode). */
export const currentIdentity = (): TerminalIdentity | null => identity;
