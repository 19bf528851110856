import { ContentType, ResponseCode } from "@affiliates/contracts";

/** Request and data-fetch limits of requirements.md §7 and §9. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Inside the native app, POST goes through the bridge with this time-out (requirements.md §7, §9). */
export const BRIDGE_TIMEOUT_MS = 8_000;

/** Defaults for ahooks `useRequest` (requirements.md §9). */
export const FETCH_CACHE_MS = 300_000;
export const FOCUS_REFRESH_GUARD_MS = 5_000;
export const RETRY_BACKOFF_CAP_MS = 30_000;

/** Client platform enumeration of requirements.md §3; the web client sends TerminalType = WEB. */
export const ClientPlatform = {
  WEB: 1,
  ANDROID: 2,
  IOS: 3,
  API: 4,
  H5: 5,
  SYSTEM: 6,
  INNER: 7,
  APP_BROWSER: 8,
  TG_PC: 9,
  TG_WEB: 10,
  TG_IOS: 11,
  TG_ANDROID: 12,
  WINDOWS: 13,
  MACOS: 14,
} as const;
type ClientPlatformName = keyof typeof ClientPlatform;
export type ClientPlatformValue = (typeof ClientPlatform)[ClientPlatformName];

/** Codes the client produces itself (requirements.md §8): a failed or unreadable exchange, and a time-out. */
export const NETWORK_ERROR_CODE = "-1";
export const TIMEOUT_CODE = ResponseCode.timeout;

export const JSON_CONTENT_TYPE = ContentType.json;
export const FORM_CONTENT_TYPE = ContentType.formUrlencoded;
