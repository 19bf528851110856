// Zod-free: the request client and the token loop read these without the schema library.
/** A device token is valid only at exactly 40 characters (requirements.md §5); the reference API issues [A-Za-z0-9]{40}. */
export const DEVICE_TOKEN_LENGTH = 40;
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9]{40}$/;
/** The expiry setting passed to the token SDK, also the longest lifetime the API grants (requirements.md §9). */
export const DEVICE_TOKEN_MAX_EXPIRE_S = 14_400;
/** A custom (anti-fraud) token: 32 random [A-Za-z0-9] characters. */
export const CUSTOM_TOKEN_PATTERN = /^[A-Za-z0-9]{32}$/;
/** The API renews a custom token the client presents when it is older than this (requirements.md §9: 24 h). */
export const CUSTOM_TOKEN_RENEWAL_MS = 24 * 60 * 60 * 1000;

/** The token SDK's app id, which differs between test and production (requirements.md §7). Chosen by APP_ENV. */
export const DEVICE_TOKEN_APP_IDS = {
  test: "affiliates-web-test-7f3c9a2e",
  beta: "affiliates-web-prod-4b8d1e60",
  online: "affiliates-web-prod-4b8d1e60",
} as const;
export type DeviceTokenAppEnv = keyof typeof DEVICE_TOKEN_APP_IDS;
export const deviceTokenAppIdOf = (appEnv: DeviceTokenAppEnv): string => DEVICE_TOKEN_APP_IDS[appEnv];
