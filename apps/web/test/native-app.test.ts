// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BRIDGE_TIMEOUTS } from "@affiliates/bridge";
import { BRIDGE_TIMEOUT_MS } from "@affiliates/http";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import { installNativeHostSimulator, type NativeHostConfig } from "@affiliates/bridge/simulator";

type NativeApp = typeof import("../src/lib/native-app");
/** Each page load imports its own copy of the bridge package, so errors are told apart by name, not by class. */
const nameOf = (error: unknown) => (error instanceof Error ? error.name : typeof error);
const originalUserAgent = navigator.userAgent;

/** A fresh copy of the module: its state (detection, availability, the one prompt) lives for one page load. */
async function pageLoad(userAgent: string): Promise<NativeApp> {
  Object.defineProperty(navigator, "userAgent", { get: () => userAgent, configurable: true });
  vi.resetModules();
  return import("../src/lib/native-app");
}
const APP_UA = `${originalUserAgent} (Linux; Android 14) ExchangeApp/2.60.0`;
const simulateApp = (config: Partial<NativeHostConfig> = {}) =>
  installNativeHostSimulator(window, { platform: "android", version: "2.60.0", patchUserAgent: false, ...config });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(navigator, "userAgent", { get: () => originalUserAgent, configurable: true });
  const w = window as unknown as Record<string, unknown>;
  for (const key of [
    "ExchangeAppBridge",
    "__exchangeBridgeCallback",
    "__exchangeBridgeEvent",
    "__nativeHostCalls",
    "__nativeHost",
  ])
    delete w[key];
});

describe("native app: one bridge-unavailable state per page load", () => {
  it("on the web nothing native is used and no prompt is shown", async () => {
    const app = await pageLoad(originalUserAgent);
    const prompt = vi.fn();
    app.onBridgeFailure(prompt);
    expect(app.initNativeApp().inApp).toBe(false);
    expect(app.isBridgeUsable()).toBe(false);
    expect(app.getBridge()).toBeNull();
    expect(prompt).not.toHaveBeenCalled();
  });

  it("the app's part of the bridge is loaded inside the app only, and connected before the page is told it is ready", async () => {
    const loaded = vi.fn();
    vi.doMock("../src/lib/app-bridge", async (importOriginal) => {
      loaded();
      return importOriginal();
    });
    try {
      const web = await pageLoad(originalUserAgent);
      await web.nativeAppReady();
      expect(loaded).not.toHaveBeenCalled();
      simulateApp();
      const app = await pageLoad(APP_UA);
      expect(app.initNativeApp().inApp).toBe(true);
      expect(app.isBridgeUsable()).toBe(false); // still loading
      await app.nativeAppReady();
      expect(loaded).toHaveBeenCalledTimes(1);
      expect(app.isBridgeUsable()).toBe(true);
    } finally {
      vi.doUnmock("../src/lib/app-bridge");
    }
  });

  it("inside the app, a bridge whose code cannot load leaves the page as on the web, with one prompt", async () => {
    vi.doMock("../src/lib/app-bridge", () => Promise.reject(new Error("ChunkLoadError")));
    try {
      simulateApp();
      const app = await pageLoad(APP_UA);
      const prompt = vi.fn();
      app.onBridgeFailure(prompt);
      expect((await app.nativeAppReady()).inApp).toBe(true);
      expect(app.getBridge()).toBeNull();
      expect(prompt).toHaveBeenCalledTimes(1);
    } finally {
      vi.doUnmock("../src/lib/app-bridge");
    }
  });

  it("the app's user agent without a native object: unusable from the start, one prompt, also for a listener that comes later", async () => {
    const app = await pageLoad(APP_UA);
    expect((await app.nativeAppReady()).inApp).toBe(true);
    expect(app.isBridgeUsable()).toBe(false);
    expect(app.getBridge()).toBeNull();
    const late = vi.fn();
    app.onBridgeFailure(late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(nameOf(late.mock.calls[0]?.[0])).toBe("AppJSBridgeRequestActionError");
    const another = vi.fn();
    app.onBridgeFailure(another);
    app.reportBridgeFailure(new Error("an app refusal"));
    expect(another).not.toHaveBeenCalled();
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("an app that never answers: the first time-out makes the bridge unusable, with one prompt for every call that was waiting", async () => {
    const host = simulateApp({ defaultAnswer: "silence" });
    const app = await pageLoad(APP_UA);
    const prompt = vi.fn();
    app.onBridgeFailure(prompt);
    await app.nativeAppReady();
    const bridge = app.getBridge();
    expect(bridge).not.toBeNull();
    const calls = ["setTitleBarTheme", "setNavRightItems"] as const;
    const settled = [
      bridge!.call(calls[0], { theme: "dark" }).catch((error: unknown) => error),
      bridge!.call(calls[1], { items: [] }).catch((error: unknown) => error),
      bridge!
        .callRaw("request", { path: `/${ENDPOINTS.userInfo.path}`, params: {}, method: ENDPOINTS.userInfo.method })
        .catch((error: unknown) => error),
    ];
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.default);
    const errors = await Promise.all(settled);
    expect(errors.every((error) => error instanceof Error)).toBe(true);
    expect(app.isBridgeUsable()).toBe(false);
    expect(app.getBridge()).toBeNull();
    expect(prompt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.request);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(host.calls).toHaveLength(3);
  });

  it("the start-up user-info call an app never answers is decided after requirements.md §7's 8 s, by the bridge (no 408)", async () => {
    simulateApp({ defaultAnswer: "silence" });
    const app = await pageLoad(APP_UA);
    const { http } = await import("../src/lib/http");
    const prompt = vi.fn();
    app.onBridgeFailure(prompt);
    await app.nativeAppReady();
    const settled = http
      .post(`/${ENDPOINTS.userInfo.path}`, {}, { timeoutMs: app.BRIDGE_DECIDES_TIMEOUT_MS })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUT_MS - 1);
    expect(app.isBridgeUsable()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.isBridgeUsable()).toBe(false);
    expect(prompt).toHaveBeenCalledTimes(1);
    const error = (await settled) as { code?: string };
    expect(error.code).not.toBe("408");
  });

  it("an app that answers with an error code stays usable; its failure prompts once", async () => {
    simulateApp({ answers: { openDeposit: { code: "50001", msg: "no" } } });
    const app = await pageLoad(APP_UA);
    const prompt = vi.fn();
    app.onBridgeFailure(prompt);
    await app.nativeAppReady();
    const outcome = app.followDeepLink("deposit", { coinName: "USDT", coinId: 2 }).catch((failure: unknown) => failure);
    await vi.advanceTimersByTimeAsync(0);
    const error = await outcome;
    expect(nameOf(error)).toBe("AppResponseUnexpectedError");
    app.reportBridgeFailure(error);
    app.reportBridgeFailure(error);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(app.isBridgeUsable()).toBe(true);
  });

  it("a deep link whose call finds no working bridge opens its web page instead", async () => {
    const host = simulateApp({ defaultAnswer: "silence" });
    const app = await pageLoad(APP_UA);
    await app.nativeAppReady();
    // A same-document web page (a hash), so the test document can follow it.
    const outcome = app.followDeepLink("h5Router", { url: "/#from-the-app" });
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.default);
    await expect(outcome).resolves.toEqual({ via: "web", url: "/#from-the-app", reason: "noBridge" });
    expect(window.location.hash).toBe("#from-the-app");
    expect(host.calls.map((call) => call.action)).toEqual(["openH5Router"]);
    // Later taps go straight to the web.
    await expect(app.followDeepLink("h5Router", { url: "/#again" })).resolves.toMatchObject({
      via: "web",
      reason: "noBridge",
    });
    expect(host.calls).toHaveLength(1);
  });
});
