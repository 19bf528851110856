import {
  DEVICE_TOKEN_APP_IDS,
  DEVICE_TOKEN_LENGTH,
  DEVICE_TOKEN_MAX_EXPIRE_S,
  CUSTOM_TOKEN_RENEWAL_MS,
} from "@affiliates/contracts";

/** Device-token constants of requirements.md §9, in one table; everything else derives from it. */
export const DEVICE_TOKEN_CONFIG = {
  /** Refresh at start and then every 1200 s while the page is visible. */
  refreshIntervalMs: 1_200_000,
  /** A token counts as valid for about 2 × the refresh interval. */
  validityWindowMs: 2 * 1_200_000,
  /** Expiry setting passed to the SDK (seconds). */
  expireSeconds: DEVICE_TOKEN_MAX_EXPIRE_S,
  /** Refresh wait: the SDK call's time-out, and the age after which another tab's pending flag is ignored. */
  refreshWaitMs: 10_000,
  /** The token cookie lives 7 days. */
  cookieMaxAgeSeconds: 7 * 24 * 60 * 60,
  /** One retry after 1 s, then error. */
  maxRetries: 1,
  retryDelayMs: 1_000,
  /** Default init wait when a caller asks for a time-out. */
  defaultInitTimeoutMs: 5_000,
  /** A valid token is exactly 40 characters. */
  tokenLength: DEVICE_TOKEN_LENGTH,
  /** A custom token is renewed when more than 24 h old. */
  customTokenRenewalMs: CUSTOM_TOKEN_RENEWAL_MS,
  /** Terminal identifiers kept in a cookie (when local storage is unavailable) live a year. */
  terminalCookieMaxAgeSeconds: 365 * 24 * 60 * 60,
} as const;

/** Device-token status of requirements.md §4. */
export const DEVICE_TOKEN_STATUS = {
  notInitialised: "not_initialised",
  success: "success",
  fallback: "fallback",
  error: "error",
  timeout: "timeout",
} as const;
export type DeviceTokenStatus = (typeof DEVICE_TOKEN_STATUS)[keyof typeof DEVICE_TOKEN_STATUS];

/** Cookie and local-storage keys (requirements.md §3). */
export const DEVICE_TOKEN_KEYS = {
  /** Cookie: the 40-character token. */
  token: "dy_token",
  /** localStorage: ms timestamp until which the token counts as valid (obtained + validity window). */
  expires: "dy_token_expires",
  /** localStorage: a token of any other length. */
  fallback: "dy_token_fallback",
  /** localStorage: ms timestamp of the refresh in progress (in any tab). */
  pending: "dy_token_pending",
  /** localStorage or cookie: terminal identifiers. */
  fingerprint: "fingerprint",
  terminalCode: "terminalCode",
  /** localStorage: `{token, createdAt}` of the custom (anti-fraud) token. */
  customToken: "custom_token",
} as const;

/** The token SDK's app id by APP_ENV: test and production differ (requirements.md §7). */
export const APP_IDS = DEVICE_TOKEN_APP_IDS;
export type AppEnv = keyof typeof APP_IDS;

/** Where the SDK script is served (under /affiliates, so a gateway routes it with the pages), and its global. */
export const DEFAULT_SDK_PATH = "/affiliates/static/device-token-sdk.js";
export const SDK_GLOBAL = "ExchangeDeviceTokenSDK";

/** A device token is valid only at exactly 40 characters (requirements.md §5). */
export const isValidDeviceToken = (token: unknown): token is string =>
  typeof token === "string" && token.length === DEVICE_TOKEN_CONFIG.tokenLength;
