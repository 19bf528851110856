"use client";
import {
  DEVICE_TOKEN_KEYS,
  getTerminalIdentity,
  readTerminalIdentity,
  type TerminalIdentity,
} from "@affiliates/device-token";
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
 * Terminal identity at start-up (requirements.md §3, §4): the terminal code (created and kept when missing, also cached as
 * `terminal_code`) and the fingerprint a previous page stored. A first visit has no fingerprint yet: FingerprintJS
 * (15 KB gzip, and the page's longest main-thread work) is loaded by `ensureFingerprint` only when a sensitive call
 * needs the device id (issue 36: "FingerprintJS only when a device-token refresh needs it").
 */
export function startTerminalIdentity(): { terminalCode: string; deviceId: string } {
  try {
    const stored = readTerminalIdentity();
    writeStorage(STORAGE_KEYS.terminalCode, stored.terminalCode);
    return { terminalCode: stored.terminalCode, deviceId: stored.fingerprint ?? "" };
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
    return { terminalCode: "", deviceId: "" };
  }
}

/**
 * The device fingerprint (FingerprintJS, loaded on demand), computed once and kept in localStorage or a cookie. A
 * fingerprint that cannot be taken ("getDeviceId error") must not block the call that asked: the device id is then empty.
 */
export async function ensureFingerprint(): Promise<string> {
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
    return identity.fingerprint;
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
    return "";
  }
}

/**
 * The identity for request headers (DeviceId, TerminalCode): the one computed in this page, else the one stored. The
 * fingerprint is "" until a page has computed one.
 */
export function currentIdentity(): TerminalIdentity | null {
  if (identity) return identity;
  const terminalCode = readStorage(DEVICE_TOKEN_KEYS.terminalCode);
  return terminalCode ? { fingerprint: readStorage(DEVICE_TOKEN_KEYS.fingerprint) ?? "", terminalCode } : null;
}
