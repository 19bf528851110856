"use client";

import { ensureFingerprint } from "./terminal-identity";

/**
 * Headers of a sensitive call (requirements.md §7; money and identity actions): the device token, obtained (or refreshed) just
 * before sending, and the device fingerprint its `DeviceId` header carries, computed now when no page has yet. The
 * device-token code and FingerprintJS load on demand, so pages without such actions never ship them.
 */
export async function sensitiveCallHeaders(): Promise<Record<string, string>> {
  const [{ startDeviceToken, deviceTokenHeaders }] = await Promise.all([import("./device-token"), ensureFingerprint()]);
  await startDeviceToken().init({ timeout: true });
  return deviceTokenHeaders();
}
