import {
  defaultStorage,
  encodeParamStr,
  isRiskLogReportResult,
  isSuccessCode,
  safeStorage,
  systemClock,
  type Clock,
  type StorageLike,
} from "@affiliates/contracts";
import { appEndpointUrl } from "@affiliates/contracts/app-endpoints";
import { DEVICE_TOKEN_CONFIG, DEVICE_TOKEN_KEYS, isValidDeviceToken } from "./constants";
import { readCached, type Cached } from "./custom-token-cache";

interface CustomTokenOptions {
  fetch?: typeof globalThis.fetch;
  clock?: Pick<Clock, "now">;
  storage?: StorageLike;
  /** Device information sent in the anti-fraud log (platform, screen, time zone, ...): the risk SDK's, asked only when a token is requested. */
  getDeviceInfo: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The web app's version. */
  version: string;
  /** The current device token (sent as dxToken only when it is a valid 40-character one). */
  getDxToken?: () => string;
  /** The anti-fraud log call; default the endpoint table's `riskLogReport` (same origin). */
  url?: string;
}

interface CustomToken {
  /** The cached custom token, or a new one from the anti-fraud log call when missing or more than 24 h old. */
  get(): Promise<string>;
  /** The cached token without any call (undefined when none). */
  peek(): string | undefined;
  clear(): void;
}

/** The custom (anti-fraud) token of requirements.md §4, §7: sent as the `custom-token` header, renewed after 24 h. */
export function createCustomToken(options: CustomTokenOptions): CustomToken {
  const storage = safeStorage(options.storage ?? defaultStorage());
  const clock = options.clock ?? systemClock;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const url = options.url ?? appEndpointUrl("riskLogReport");
  let inFlight: Promise<string> | undefined;

  async function request(previous: string): Promise<string> {
    const dxToken = options.getDxToken?.() ?? "";
    const paramStr = encodeParamStr({
      version: options.version,
      dxToken: isValidDeviceToken(dxToken) ? dxToken : "",
      customToken: previous,
      timestamp: clock.now(),
      deviceInfo: await options.getDeviceInfo(),
    });
    const response = await doFetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ paramStr }),
    });
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new Error(`custom token: HTTP ${response.status}, unreadable answer`);
    }
    const envelope = (body ?? {}) as { code?: unknown; msg?: unknown; data?: unknown };
    if (!isSuccessCode(envelope.code)) {
      throw new Error(
        `custom token: [${String(envelope.code)}] ${typeof envelope.msg === "string" ? envelope.msg : `HTTP ${response.status}`}`,
      );
    }
    if (!isRiskLogReportResult(envelope.data)) throw new Error("custom token: answer without a customToken");
    const token = envelope.data.customToken;
    storage.set(DEVICE_TOKEN_KEYS.customToken, JSON.stringify({ token, createdAt: clock.now() } satisfies Cached));
    return token;
  }

  return {
    get() {
      const cached = readCached(storage);
      if (cached && clock.now() - cached.createdAt <= DEVICE_TOKEN_CONFIG.customTokenRenewalMs)
        return Promise.resolve(cached.token);
      if (!inFlight) {
        inFlight = request(cached?.token ?? "").finally(() => {
          inFlight = undefined;
        });
      }
      return inFlight;
    },
    peek: () => readCached(storage)?.token,
    clear: () => storage.remove(DEVICE_TOKEN_KEYS.customToken),
  };
}
