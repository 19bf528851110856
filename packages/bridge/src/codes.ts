import { ResponseCode } from "@affiliates/contracts";

/**
 * The bridge's response codes (requirements.md §8), one table. The shared codes come from
 * `@affiliates/contracts`; 110100 is the bridge's own time-out code.
 */
export const BRIDGE_CODES = {
  success: ResponseCode.success,
  successHttp: ResponseCode.successHttp,
  /** The app gave up waiting (for a `request`, also the server's "not logged in"). */
  timeout: ResponseCode.noSession,
  /** The app's own call time-out. */
  callbackTimeout: "110100",
  missingToken: ResponseCode.tokenInvalid,
  illegalToken: ResponseCode.deviceTokenRequired,
} as const;

const BRIDGE_TIMEOUT_CODES: readonly string[] = [BRIDGE_CODES.timeout, BRIDGE_CODES.callbackTimeout];

export const isBridgeTimeoutCode = (code: string): boolean => BRIDGE_TIMEOUT_CODES.includes(code);

/** Time-outs of requirements.md §7 and §9, in milliseconds. */
export const BRIDGE_TIMEOUTS = {
  /** Any call without its own time-out. */
  default: 3_000,
  /** The `request` action. */
  request: 10_000,
  /** How long a web-visible registration lasts by default. */
  webVisible: 3_600_000,
} as const;
