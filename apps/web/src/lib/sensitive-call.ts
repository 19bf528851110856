"use client";

/**
 * Headers of a sensitive call (requirements.md §7; money and identity actions): the device token, obtained (or refreshed) just
 * before sending. The device-token code loads on demand, so pages without such actions never ship it.
 */
export async function sensitiveCallHeaders(): Promise<Record<string, string>> {
  const { startDeviceToken, deviceTokenHeaders } = await import("./device-token");
  await startDeviceToken().init({ timeout: true });
  return deviceTokenHeaders();
}
