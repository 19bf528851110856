import { withTimeout, type Clock } from "@affiliates/contracts";
import { DEVICE_TOKEN_CONFIG, SDK_GLOBAL } from "./constants";

/** What the token SDK script puts on `window.ExchangeDeviceTokenSDK`. */
export interface DeviceTokenSdk {
  getToken(options: { appId: string; expire: number; timeout: number }): Promise<string>;
}

/** The SDK global when it is loaded and looks like the SDK, else undefined. */
export const defaultGetSdk = (): DeviceTokenSdk | undefined => {
  const candidate = (globalThis as Record<string, unknown>)[SDK_GLOBAL];
  return candidate && typeof (candidate as Partial<DeviceTokenSdk>).getToken === "function"
    ? (candidate as DeviceTokenSdk)
    : undefined;
};

export const toError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));

/** What one round of SDK calls gave: a token, or the last error and how many calls were made. */
type SdkAnswer = { token: string } | { error: Error; attempts: number };

/**
 * Asks the SDK for a token: each call bounded by the refresh wait, an empty answer counted as a failure, and
 * `maxRetries` retries `retryDelayMs` apart before giving up (requirements.md §9).
 */
export async function askSdk(sdk: DeviceTokenSdk, clock: Clock, appId: string): Promise<SdkAnswer> {
  const C = DEVICE_TOKEN_CONFIG;
  const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));
  for (let attempt = 1; ; attempt += 1) {
    try {
      const token = await withTimeout(
        clock,
        C.refreshWaitMs,
        () => new Error(`device-token SDK did not answer within ${C.refreshWaitMs} ms`),
        () => Promise.resolve().then(() => sdk.getToken({ appId, expire: C.expireSeconds, timeout: C.refreshWaitMs })),
      );
      if (typeof token !== "string" || token === "") throw new Error("device-token SDK answered no token");
      return { token };
    } catch (error) {
      if (attempt > C.maxRetries) return { error: toError(error), attempts: attempt };
      await sleep(C.retryDelayMs);
    }
  }
}
