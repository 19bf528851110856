"use client";
import { DEVICE_TOKEN_KEYS, getTerminalIdentity, type TerminalIdentity } from "@affiliates/device-token";
import { STORAGE_KEYS } from "./constants";
import { readStorage, writeStorage } from "./storage";

let identity: TerminalIdentity | null = null;

/**
 * Sources of FingerprintJS left out because they hold the main thread longest: its font probes lay out hundreds of
 * test strings (about 300 ms on this machine's Chromium, 1.2 s under Lighthouse's mobile CPU), and listing the WebGL
 * extensions took another ~140 ms there in one task. The fingerprint only has to tell devices apart for
 * DeviceId; canvas, WebGL's basics, audio, screen, locale and the rest still do. (FingerprintJS's `load().get()` has
 * no way to leave sources out; `loadSources` and `hashComponents` are what it runs itself.)
 */
const EXCLUDED_SOURCES = ["fonts", "fontPreferences", "webGlExtensions"] as const;

/**
 * FingerprintJS gives the event loop back once a run of sources has taken 16 ms; under a phone's CPU (Lighthouse: 4x)
 * those runs became two tasks of over 200 ms each. Releasing after every source keeps each one a task of its own, the
 * longest being the canvas. The components, and so the hash, are the same.
 */
const RELEASE_AFTER_EVERY_SOURCE = 0;

/**
 * Terminal identity (requirements.md §3, §4): `fingerprint` (FingerprintJS, loaded on demand so it stays out of the first-load
 * bundle) and `terminalCode`, kept in localStorage or a cookie. Also cached as `terminal_code` (requirements.md §3 local cache).
 * A fingerprint that cannot be taken ("getDeviceId error") must not block the page: the identity is then empty.
 */
export async function ensureTerminalIdentity(): Promise<{ terminalCode: string; deviceId: string }> {
  try {
    identity ??= await getTerminalIdentity({
      fingerprint: async () => {
        const fp = await import("@fingerprintjs/fingerprintjs");
        await fp.prepareForSources();
        const components = await fp.loadSources(
          fp.sources,
          { cache: {}, debug: false },
          EXCLUDED_SOURCES,
          RELEASE_AFTER_EVERY_SOURCE,
        )();
        return fp.hashComponents(components);
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
