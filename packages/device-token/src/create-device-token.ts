import {
  APP_IDS,
  DEFAULT_SDK_PATH,
  DEVICE_TOKEN_CONFIG,
  DEVICE_TOKEN_KEYS,
  DEVICE_TOKEN_STATUS,
  SDK_GLOBAL,
  isValidDeviceToken,
  type AppEnv,
  type DeviceTokenStatus,
} from "./constants";
import {
  defaultStorage,
  safeStorage,
  systemClock,
  withTimeout,
  type Clock,
  type StorageLike,
  type TimerHandle,
} from "@affiliates/contracts";
import { alwaysVisibleDocument, documentCookies, type CookieJar, type DocumentLike } from "./environment";
import { loadScript as loadScriptElement } from "./load-script";

/** What the token SDK script puts on `window.ExchangeDeviceTokenSDK`. */
export interface DeviceTokenSdk {
  getToken(options: { appId: string; expire: number; timeout: number }): Promise<string>;
}

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

const defaultGetSdk = (): DeviceTokenSdk | undefined => {
  const candidate = (globalThis as Record<string, unknown>)[SDK_GLOBAL];
  return candidate && typeof (candidate as Partial<DeviceTokenSdk>).getToken === "function"
    ? (candidate as DeviceTokenSdk)
    : undefined;
};

const toError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));

/**
 * The device-token client of requirements.md §3, §4, §9. Framework-free; every effect goes through the options.
 *
 * A refresh is due 1200 s after the stored token was obtained (in any tab: the expiry in localStorage is shared)
 * or after this tab's last attempt; a fresh visitor is due at once. While another tab's pending flag is under
 * 10 s old this tab waits for it and then adopts the stored token.
 */
export function createDeviceToken(options: DeviceTokenOptions = {}): DeviceToken {
  const C = DEVICE_TOKEN_CONFIG;
  const K = DEVICE_TOKEN_KEYS;
  const storage = safeStorage(options.storage ?? defaultStorage());
  const cookies = options.cookies ?? documentCookies();
  const clock = options.clock ?? systemClock;
  const doc = options.document ?? globalThis.document ?? alwaysVisibleDocument;
  const loadScript = options.loadScript ?? ((src: string) => loadScriptElement(src));
  const getSdk = options.getSdk ?? defaultGetSdk;
  const appId = APP_IDS[options.appEnv ?? "test"];
  const sdkPath = options.sdkPath ?? DEFAULT_SDK_PATH;
  const report = options.report ?? (() => undefined);

  let status: DeviceTokenStatus = DEVICE_TOKEN_STATUS.notInitialised;
  let current = "";
  let started = false;
  let timer: TimerHandle = undefined;
  let timerArmed = false;
  let lastAttemptAt: number | undefined;
  /** While another tab's pending flag is fresh, no refresh is due before it goes stale. */
  let deferredUntil = -Infinity;
  let inFlight: Promise<DeviceTokenStatus> | undefined;
  const listeners = new Set<(status: DeviceTokenStatus) => void>();
  let waiters: ((status: DeviceTokenStatus) => void)[] = [];

  /** Resolves init() callers; during a refresh this waits for its end, so a refresh() right after init() starts a new one. */
  function settleWaiters(): void {
    if (status === DEVICE_TOKEN_STATUS.notInitialised) return;
    const settled = waiters;
    waiters = [];
    for (const resolve of settled) resolve(status);
  }

  function setStatus(next: DeviceTokenStatus, token: string, settleNow = inFlight === undefined): void {
    status = next;
    current = token;
    if (settleNow) settleWaiters();
    for (const listener of [...listeners]) listener(next);
  }

  /** The stored 40-character token while inside its validity window, with the time it counts as valid until. */
  function readStored(): { token: string; expiresAt: number } | undefined {
    const token = cookies.get(K.token);
    const expiresAt = Number(storage.get(K.expires));
    if (!isValidDeviceToken(token) || !Number.isFinite(expiresAt) || expiresAt <= clock.now()) return undefined;
    return { token, expiresAt };
  }

  function adoptStored(): boolean {
    const stored = readStored();
    if (!stored) return false;
    if (status !== DEVICE_TOKEN_STATUS.success || current !== stored.token)
      setStatus(DEVICE_TOKEN_STATUS.success, stored.token);
    return true;
  }

  function dueAt(): number {
    const stored = readStored();
    const fromToken = stored ? stored.expiresAt - C.validityWindowMs + C.refreshIntervalMs : -Infinity;
    const fromAttempt = lastAttemptAt === undefined ? -Infinity : lastAttemptAt + C.refreshIntervalMs;
    return Math.max(fromToken, fromAttempt, deferredUntil);
  }

  function applyToken(token: string): void {
    if (isValidDeviceToken(token)) {
      cookies.set(K.token, token, { maxAgeSeconds: C.cookieMaxAgeSeconds });
      storage.set(K.expires, String(clock.now() + C.validityWindowMs));
      storage.remove(K.fallback);
      setStatus(DEVICE_TOKEN_STATUS.success, token);
    } else {
      storage.set(K.fallback, token);
      setStatus(DEVICE_TOKEN_STATUS.fallback, token);
    }
  }

  function fail(error: Error, context: DeviceTokenReportContext): void {
    setStatus(DEVICE_TOKEN_STATUS.error, "");
    try {
      report(error, context);
    } catch {
      // a failing reporter must not break the loop
    }
  }

  const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

  async function askSdk(sdk: DeviceTokenSdk): Promise<{ token: string } | { error: Error; attempts: number }> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const token = await withTimeout(
          clock,
          C.refreshWaitMs,
          () => new Error(`device-token SDK did not answer within ${C.refreshWaitMs} ms`),
          () =>
            Promise.resolve().then(() => sdk.getToken({ appId, expire: C.expireSeconds, timeout: C.refreshWaitMs })),
        );
        if (typeof token !== "string" || token === "") throw new Error("device-token SDK answered no token");
        return { token };
      } catch (error) {
        if (attempt > C.maxRetries) return { error: toError(error), attempts: attempt };
        await sleep(C.retryDelayMs);
      }
    }
  }

  function readPending(): number | undefined {
    const raw = storage.get(K.pending);
    if (raw === null) return undefined;
    const at = Number(raw);
    return Number.isFinite(at) ? at : undefined;
  }

  async function run(): Promise<DeviceTokenStatus> {
    const now = clock.now();
    const pendingAt = readPending();
    if (pendingAt !== undefined && now - pendingAt >= 0 && now - pendingAt < C.refreshWaitMs) {
      // Another tab is refreshing: look again when its flag would be stale, adopting what it stored by then.
      deferredUntil = pendingAt + C.refreshWaitMs;
      adoptStored();
      return status;
    }
    lastAttemptAt = now;
    const flag = String(now);
    storage.set(K.pending, flag);
    try {
      let sdk = getSdk();
      if (!sdk) {
        try {
          await loadScript(sdkPath);
        } catch (error) {
          fail(toError(error), { phase: "load", sdkPath, attempts: 0 });
          return status;
        }
        sdk = getSdk();
        if (!sdk) {
          fail(new Error(`device-token SDK missing after loading ${sdkPath}`), { phase: "load", sdkPath, attempts: 0 });
          return status;
        }
      }
      const answer = await askSdk(sdk);
      if ("token" in answer) applyToken(answer.token);
      else fail(answer.error, { phase: "sdk", sdkPath, attempts: answer.attempts });
      return status;
    } finally {
      if (storage.get(K.pending) === flag) storage.remove(K.pending);
    }
  }

  function refreshNow(): Promise<DeviceTokenStatus> {
    if (!inFlight) {
      inFlight = run().finally(() => {
        inFlight = undefined;
        settleWaiters();
        schedule();
      });
    }
    return inFlight;
  }

  function clearTimer(): void {
    if (timerArmed) clock.clearTimeout(timer);
    timerArmed = false;
  }

  const visible = () => doc.visibilityState === "visible";

  /** Arms the one timer for when the next refresh is due. Nothing while stopped, hidden or refreshing. */
  function schedule(): void {
    clearTimer();
    if (!started || !visible() || inFlight) return;
    const delay = Math.max(0, dueAt() - clock.now());
    timerArmed = true;
    timer = clock.setTimeout(() => {
      timerArmed = false;
      tick();
    }, delay);
  }

  /** Refreshes when due (adopting another tab's fresh token otherwise), then re-arms. */
  function tick(): void {
    if (!started) return;
    adoptStored();
    if (clock.now() >= dueAt()) void refreshNow();
    else schedule();
  }

  function onVisibilityChange(): void {
    if (visible()) tick();
    else clearTimer();
  }

  function start(): void {
    if (started) return;
    started = true;
    doc.addEventListener("visibilitychange", onVisibilityChange);
    if (visible()) tick();
    else adoptStored();
  }

  function stop(): void {
    if (!started) return;
    started = false;
    clearTimer();
    doc.removeEventListener("visibilitychange", onVisibilityChange);
  }

  return {
    init(initOptions = {}) {
      start();
      if (status !== DEVICE_TOKEN_STATUS.notInitialised) return Promise.resolve(status);
      const settled = new Promise<DeviceTokenStatus>((resolve) => waiters.push(resolve));
      if (initOptions.timeout !== true && initOptions.timeoutMs === undefined) return settled;
      const timeoutMs = initOptions.timeoutMs ?? C.defaultInitTimeoutMs;
      clock.setTimeout(() => {
        if (status === DEVICE_TOKEN_STATUS.notInitialised) setStatus(DEVICE_TOKEN_STATUS.timeout, "", true);
      }, timeoutMs);
      return settled;
    },
    getToken() {
      if (status === DEVICE_TOKEN_STATUS.success) {
        const cookie = cookies.get(K.token);
        return isValidDeviceToken(cookie) ? cookie : current;
      }
      if (status === DEVICE_TOKEN_STATUS.fallback) return current;
      const cookie = cookies.get(K.token);
      if (isValidDeviceToken(cookie)) return cookie;
      return storage.get(K.fallback) ?? "";
    },
    getStatus: () => status,
    refresh: () => refreshNow(),
    start,
    stop,
    onWebVisible() {
      if (!started) return;
      adoptStored();
      if (clock.now() >= dueAt()) void refreshNow();
      else schedule();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
