"use client";
import { createCustomToken, createDeviceToken, createRiskSdk, type DeviceToken } from "@affiliates/device-token";
import { appEnv } from "./app-env";
import { reportError } from "./error-reporting/report";

let deviceToken: DeviceToken | null = null;

/** The product's version sent with the anti-fraud log call. */
const PRODUCT_VERSION = "1.0.0";

/**
 * The device token (requirements.md §3, §4, §9) and the anti-fraud custom token: started once the login state is complete.
 * The token is sent as `dy-token` on sensitive calls; the custom token as `custom-token` on every request. Its status
 * is mirrored on <html data-device-token> so support staff (and the end-to-end tests) can see it.
 */
export function startDeviceToken(): DeviceToken {
  if (deviceToken) return deviceToken;
  const instance = createDeviceToken({
    appEnv: appEnv(),
    report: (error, context) => reportError(error, { tags: { feature: "device-token" }, ...context }),
  });
  deviceToken = instance;
  instance.subscribe((status) => {
    document.documentElement.dataset.deviceToken = status;
  });
  void instance.init();

  // The risk SDK's script is fetched only when a custom token is requested (none yet, or older than 24 h).
  const riskSdk = createRiskSdk({
    fallbackInfo: () => ({
      platform: navigator.platform,
      language: navigator.language,
      screen: `${screen.width}x${screen.height}`,
      timezoneOffset: new Date().getTimezoneOffset(),
    }),
    report: (error, context) => reportError(error, { tags: { feature: "risk-sdk", outcome: context.outcome } }),
  });
  const customToken = createCustomToken({
    version: PRODUCT_VERSION,
    getDxToken: () => instance.getToken(),
    getDeviceInfo: () => riskSdk.deviceInfo(),
  });
  customToken.get().catch((error: unknown) => reportError(error, { tags: { feature: "custom-token" } }));
  return instance;
}

export const getDeviceToken = (): DeviceToken | null => deviceToken;

/** The header sensitive calls carry (login, register, money and identity actions). */
export const deviceTokenHeaders = (): { "dy-token": string } => ({ "dy-token": deviceToken?.getToken() ?? "" });
