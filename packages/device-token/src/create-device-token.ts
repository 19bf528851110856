import {
  APP_IDS,
  DEFAULT_SDK_PATH,
  DEVICE_TOKEN_CONFIG,
  DEVICE_TOKEN_STATUS,
  type AppEnv,
  type DeviceTokenStatus,
} from "./constants";
import { defaultStorage, safeStorage, systemClock, type Clock, type StorageLike } from "@affiliates/contracts";
import { askSdk, defaultGetSdk, toError, type DeviceTokenSdk } from "./device-token-sdk";
import { alwaysVisibleDocument, documentCookies, type CookieJar, type DocumentLike } from "./environment";
import { loadScript as loadScriptElement } from "./load-script";
import { createRefreshSchedule } from "./refresh-schedule";
import { createTokenStatus } from "./token-status";
import { createTokenStorage } from "./token-storage";

export type { DeviceTokenSdk } from "./device-token-sdk";

type DeviceTokenErrorPhase = "load" | "sdk";
interface DeviceTokenReportContext {
  phase: DeviceTokenErrorPhase;
  sdkPath: string;
  /** SDK calls made before giving up (1 + retries); 0 for a load failure. */
  attempts: number;
}

interface DeviceTokenOptions {
  storage?: StorageLike;
  cookies?: CookieJar;
  clock?: Clock;
  document?: DocumentLike;
  /** Loads the SDK script (default: a `<script async>` element). */
  loadScript?: (src: string) => Promise<void>;
  /** The SDK global, or undefined while it is not loaded. */
  getSdk?: () => DeviceTokenSdk | undefined;
  appEnv?: AppEnv;
  sdkPath?: string;
  /** Error reporting (the error-reporting issue wires Sentry here). */
  report?: (error: Error, context: DeviceTokenReportContext) => void;
}

interface DeviceTokenInitOptions {
  /** Ask for a time-out: `init` settles with `timeout` status when the SDK has not answered by then. */
  timeout?: boolean;
  /** The time-out in ms (implies `timeout`); default 5000. */
  timeoutMs?: number;
}

export interface DeviceToken {
  /** Starts the refresh loop (if not started) and settles with the first status other than not_initialised. */
  init(options?: DeviceTokenInitOptions): Promise<DeviceTokenStatus>;
  /** The token to send as `dy-token`: the current one, else a stored one, else "". */
  getToken(): string;
  getStatus(): DeviceTokenStatus;
  /** Asks the SDK for a new token now (unless another tab is already doing so). */
  refresh(): Promise<DeviceTokenStatus>;
  /** Refreshes when due and every 1200 s while the document is visible. Idempotent. */
  start(): void;
  stop(): void;
  /** The native app's web-visible event: refresh when due. */
  onWebVisible(): void;
  /** Called on every status change; returns the unsubscribe function. */
  subscribe(listener: (status: DeviceTokenStatus) => void): () => void;
}

/**
 * The device-token client of requirements.md §3, §4, §9. Framework-free; every effect goes through the options.
 *
 * A refresh is due 1200 s after the stored token was obtained (in any tab: the expiry in localStorage is shared)
 * or after this tab's last attempt; a fresh visitor is due at once. While another tab's pending flag is under
 * 10 s old this tab waits for it and then adopts the stored token.
 */
export function createDeviceToken(options: DeviceTokenOptions = {}): DeviceToken {
  const C = DEVICE_TOKEN_CONFIG;
  const storage = safeStorage(options.storage ?? defaultStorage());
  const cookies = options.cookies ?? documentCookies();
  const clock = options.clock ?? systemClock;
  const doc = options.document ?? globalThis.document ?? alwaysVisibleDocument;
  const loadScript = options.loadScript ?? ((src: string) => loadScriptElement(src));
  const getSdk = options.getSdk ?? defaultGetSdk;
  const appId = APP_IDS[options.appEnv ?? "test"];
  const sdkPath = options.sdkPath ?? DEFAULT_SDK_PATH;
  const report = options.report ?? (() => undefined);

  const tokens = createTokenStorage(storage, cookies, clock);
  let lastAttemptAt: number | undefined;
  /** While another tab's pending flag is fresh, no refresh is due before it goes stale. */
  let deferredUntil = -Infinity;
  let inFlight: Promise<DeviceTokenStatus> | undefined;
  const state = createTokenStatus(() => inFlight !== undefined);

  function adoptStored(): boolean {
    const stored = tokens.readStored();
    if (!stored) return false;
    if (state.status() !== DEVICE_TOKEN_STATUS.success || state.token() !== stored.token)
      state.set(DEVICE_TOKEN_STATUS.success, stored.token);
    return true;
  }

  function dueAt(): number {
    const stored = tokens.readStored();
    const fromToken = stored ? stored.expiresAt - C.validityWindowMs + C.refreshIntervalMs : -Infinity;
    const fromAttempt = lastAttemptAt === undefined ? -Infinity : lastAttemptAt + C.refreshIntervalMs;
    return Math.max(fromToken, fromAttempt, deferredUntil);
  }

  function fail(error: Error, context: DeviceTokenReportContext): void {
    state.set(DEVICE_TOKEN_STATUS.error, "");
    try {
      report(error, context);
    } catch {
      // a failing reporter must not break the loop
    }
  }

  async function run(): Promise<DeviceTokenStatus> {
    const now = clock.now();
    const pendingAt = tokens.readPending();
    if (pendingAt !== undefined && now - pendingAt >= 0 && now - pendingAt < C.refreshWaitMs) {
      // Another tab is refreshing: look again when its flag would be stale, adopting what it stored by then.
      deferredUntil = pendingAt + C.refreshWaitMs;
      adoptStored();
      return state.status();
    }
    lastAttemptAt = now;
    const flag = tokens.markPending(now);
    try {
      let sdk = getSdk();
      if (!sdk) {
        try {
          await loadScript(sdkPath);
        } catch (error) {
          fail(toError(error), { phase: "load", sdkPath, attempts: 0 });
          return state.status();
        }
        sdk = getSdk();
        if (!sdk) {
          fail(new Error(`device-token SDK missing after loading ${sdkPath}`), { phase: "load", sdkPath, attempts: 0 });
          return state.status();
        }
      }
      const answer = await askSdk(sdk, clock, appId);
      if ("token" in answer) state.set(tokens.save(answer.token), answer.token);
      else fail(answer.error, { phase: "sdk", sdkPath, attempts: answer.attempts });
      return state.status();
    } finally {
      tokens.clearPending(flag);
    }
  }

  function refreshNow(): Promise<DeviceTokenStatus> {
    if (!inFlight) {
      inFlight = run().finally(() => {
        inFlight = undefined;
        state.settleWaiters();
        loop.schedule();
      });
    }
    return inFlight;
  }

  const loop = createRefreshSchedule({
    clock,
    doc,
    dueAt,
    adoptStored,
    refresh: () => void refreshNow(),
    isRefreshing: () => inFlight !== undefined,
  });

  return {
    init(initOptions = {}) {
      loop.start();
      if (state.status() !== DEVICE_TOKEN_STATUS.notInitialised) return Promise.resolve(state.status());
      const settled = state.nextSettled();
      if (initOptions.timeout !== true && initOptions.timeoutMs === undefined) return settled;
      const timeoutMs = initOptions.timeoutMs ?? C.defaultInitTimeoutMs;
      clock.setTimeout(() => {
        if (state.status() === DEVICE_TOKEN_STATUS.notInitialised) state.set(DEVICE_TOKEN_STATUS.timeout, "", true);
      }, timeoutMs);
      return settled;
    },
    getToken: () => tokens.tokenToSend(state.status(), state.token()),
    getStatus: () => state.status(),
    refresh: () => refreshNow(),
    start: () => loop.start(),
    stop: () => loop.stop(),
    /** The same as a timer's tick: refresh when due, else re-arm. */
    onWebVisible: () => loop.tick(),
    subscribe: (listener) => state.subscribe(listener),
  };
}
