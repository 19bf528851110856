import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "@affiliates/contracts";
import {
  APP_IDS,
  createDeviceToken,
  DEVICE_TOKEN_CONFIG,
  DEVICE_TOKEN_KEYS,
  DEVICE_TOKEN_STATUS,
  DEFAULT_SDK_PATH,
  isValidDeviceToken,
} from "../src";
import { deferred, fakeCookies, fakeSdk, HANG, token40, world } from "./fakes";

const START = Date.parse("2026-03-01T12:00:00.000Z");
const INTERVAL = DEVICE_TOKEN_CONFIG.refreshIntervalMs;
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("constants and validity", () => {
  it("holds the spec's numbers in one table", () => {
    expect(DEVICE_TOKEN_CONFIG).toMatchObject({
      refreshIntervalMs: 1_200_000,
      validityWindowMs: 2_400_000,
      expireSeconds: 14_400,
      refreshWaitMs: 10_000,
      cookieMaxAgeSeconds: 604_800,
      maxRetries: 1,
      retryDelayMs: 1_000,
      defaultInitTimeoutMs: 5_000,
      tokenLength: 40,
      customTokenRenewalMs: 86_400_000,
    });
    expect(Object.values(DEVICE_TOKEN_STATUS)).toEqual(["not_initialised", "success", "fallback", "error", "timeout"]);
  });

  it("counts a token valid only at exactly 40 characters", () => {
    expect(isValidDeviceToken("a".repeat(40))).toBe(true);
    expect(isValidDeviceToken("a".repeat(39))).toBe(false);
    expect(isValidDeviceToken("a".repeat(41))).toBe(false);
    expect(isValidDeviceToken("")).toBe(false);
    expect(isValidDeviceToken(undefined)).toBe(false);
  });

  it("chooses the app id by environment: test differs from beta and online", () => {
    expect(APP_IDS.test).toMatch(/test/);
    expect(APP_IDS.beta).toMatch(/prod/);
    expect(APP_IDS.online).toBe(APP_IDS.beta);
    expect(APP_IDS.test).not.toBe(APP_IDS.online);
  });
});

describe("states", () => {
  it("is not initialised with no token before init", () => {
    const { sdk } = fakeSdk();
    const dt = createDeviceToken({ ...world(), getSdk: () => sdk });
    expect(dt.getStatus()).toBe("not_initialised");
    expect(dt.getToken()).toBe("");
  });

  it("a 40-character token gives success: cookie for 7 days, expiry in localStorage, fallback cleared", async () => {
    const w = world({ storage: memoryStorage({ [DEVICE_TOKEN_KEYS.fallback]: "old-fallback" }) });
    const { sdk, getToken } = fakeSdk(token40(1));
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    await expect(dt.init()).resolves.toBe("success");
    expect(getToken).toHaveBeenCalledWith({ appId: APP_IDS.test, expire: 14_400, timeout: 10_000 });
    expect(dt.getToken()).toBe(token40(1));
    expect(w.cookies.get("dy_token")).toBe(token40(1));
    expect(w.cookies.maxAge.get("dy_token")).toBe(7 * 24 * 3600);
    expect(w.storage.getItem("dy_token_expires")).toBe(String(START + 2 * 1_200_000));
    expect(w.storage.getItem("dy_token_fallback")).toBeNull();
    expect(w.storage.getItem("dy_token_pending")).toBeNull();
  });

  it.each([["short"], ["x".repeat(39)], ["x".repeat(41)]])(
    "any other token (%s) gives fallback, stored as fallback",
    async (token) => {
      const w = world();
      const { sdk } = fakeSdk(token);
      const dt = createDeviceToken({ ...w, getSdk: () => sdk });
      await expect(dt.init()).resolves.toBe("fallback");
      expect(dt.getToken()).toBe(token);
      expect(w.storage.getItem("dy_token_fallback")).toBe(token);
      expect(w.cookies.get("dy_token")).toBeUndefined();
    },
  );

  it("fallback then a valid token: success, fallback cleared", async () => {
    const w = world();
    const { sdk } = fakeSdk("short", token40(2));
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    await dt.init();
    expect(dt.getStatus()).toBe("fallback");
    await expect(dt.refresh()).resolves.toBe("success");
    expect(dt.getToken()).toBe(token40(2));
    expect(w.storage.getItem("dy_token_fallback")).toBeNull();
  });

  it("retries once after 1 s and succeeds", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk(new Error("boom"), token40(3));
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    const result = dt.init();
    await flush();
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getToken).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toBe("success");
    expect(w.report).not.toHaveBeenCalled();
  });

  it("fails after one retry: error status and one report", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk(new Error("first"), new Error("second"));
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    const result = dt.init();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toBe("error");
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(dt.getToken()).toBe("");
    expect(w.report).toHaveBeenCalledTimes(1);
    expect(w.report).toHaveBeenCalledWith(expect.objectContaining({ message: "second" }), {
      phase: "sdk",
      sdkPath: DEFAULT_SDK_PATH,
      attempts: 2,
    });
    expect(w.storage.getItem("dy_token_pending")).toBeNull();
  });

  it("an SDK that never answers times out at 10 s, retries after 1 s, then errors at 21 s", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk(HANG);
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    void dt.init();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(getToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(dt.getStatus()).toBe("not_initialised");
    await vi.advanceTimersByTimeAsync(1);
    expect(dt.getStatus()).toBe("error");
    expect(w.report).toHaveBeenCalledWith(
      expect.objectContaining({ message: "device-token SDK did not answer within 10000 ms" }),
      expect.objectContaining({ phase: "sdk" }),
    );
  });

  it("an SDK answering an empty token counts as a failure", async () => {
    const w = world();
    const { sdk } = fakeSdk("");
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    const result = dt.init();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toBe("error");
  });

  it("init({timeout: true}) gives timeout after the default 5000 ms, then the late token still lands", async () => {
    const w = world();
    const late = deferred<string>();
    const { sdk } = fakeSdk(late);
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    const result = dt.init({ timeout: true });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(dt.getStatus()).toBe("not_initialised");
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe("timeout");
    expect(dt.getToken()).toBe("");
    late.resolve(token40(4));
    await flush();
    expect(dt.getStatus()).toBe("success");
    expect(dt.getToken()).toBe(token40(4));
  });

  it("init({timeoutMs}) uses the caller's time-out; init() without one waits for the SDK", async () => {
    const w = world();
    const late = deferred<string>();
    const { sdk } = fakeSdk(late);
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    const waiting = dt.init();
    const timed = dt.init({ timeoutMs: 2_000 });
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(timed).resolves.toBe("timeout");
    // the first caller asked for no time-out: it got the first settled status too
    await expect(waiting).resolves.toBe("timeout");
  });

  it("init() without a time-out stays pending while the SDK is silent (up to the refresh wait)", async () => {
    const w = world();
    const late = deferred<string>();
    const { sdk } = fakeSdk(late);
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    let settled = false;
    void dt.init().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(settled).toBe(false);
    late.resolve(token40(5));
    await flush();
    expect(settled).toBe(true);
    expect(dt.getStatus()).toBe("success");
  });

  it("notifies subscribers of every status change", async () => {
    const w = world();
    const { sdk } = fakeSdk("short", token40(6));
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    const seen: string[] = [];
    const unsubscribe = dt.subscribe((s) => seen.push(s));
    await dt.init();
    await dt.refresh();
    unsubscribe();
    await dt.refresh();
    expect(seen).toEqual(["fallback", "success"]);
  });
});

describe("the SDK script", () => {
  it("is loaded from the static path only when the SDK is missing", async () => {
    const w = world();
    const { sdk } = fakeSdk(token40(7));
    let loaded = false;
    w.loadScript.mockImplementation(() => {
      loaded = true;
      return Promise.resolve();
    });
    const dt = createDeviceToken({ ...w, getSdk: () => (loaded ? sdk : undefined) });
    await expect(dt.init()).resolves.toBe("success");
    expect(w.loadScript).toHaveBeenCalledTimes(1);
    expect(w.loadScript).toHaveBeenCalledWith("/affiliates/static/device-token-sdk.js");
    await dt.refresh();
    expect(w.loadScript).toHaveBeenCalledTimes(1);
  });

  it("is not loaded when the SDK is already there", async () => {
    const w = world();
    const { sdk } = fakeSdk(token40(8));
    const dt = createDeviceToken({ ...w, getSdk: () => sdk, sdkPath: "/elsewhere.js" });
    await dt.init();
    expect(w.loadScript).not.toHaveBeenCalled();
  });

  it("a load failure gives error status and a report, and the page keeps working", async () => {
    const w = world();
    const failure = new Error("blocked by the client");
    w.loadScript.mockRejectedValue(failure);
    const dt = createDeviceToken({ ...w, getSdk: () => undefined });
    await expect(dt.init()).resolves.toBe("error");
    expect(dt.getToken()).toBe("");
    expect(w.report).toHaveBeenCalledWith(failure, { phase: "load", sdkPath: DEFAULT_SDK_PATH, attempts: 0 });
    expect(w.storage.getItem("dy_token_pending")).toBeNull();
  });

  it("a script that loads without defining the SDK gives error and a report", async () => {
    const w = world();
    const dt = createDeviceToken({ ...w, getSdk: () => undefined });
    await expect(dt.init()).resolves.toBe("error");
    expect(w.report).toHaveBeenCalledWith(
      expect.objectContaining({ message: `device-token SDK missing after loading ${DEFAULT_SDK_PATH}` }),
      expect.objectContaining({ phase: "load" }),
    );
  });

  it("a throwing reporter does not break the client", async () => {
    const w = world();
    w.report.mockImplementation(() => {
      throw new Error("reporter down");
    });
    const dt = createDeviceToken({ ...w, getSdk: () => undefined });
    await expect(dt.init()).resolves.toBe("error");
  });

  it("passes the production app id on beta and online", async () => {
    const { sdk, getToken } = fakeSdk(token40(9));
    const dt = createDeviceToken({ ...world(), getSdk: () => sdk, appEnv: "online" });
    await dt.init();
    expect(getToken).toHaveBeenCalledWith(expect.objectContaining({ appId: APP_IDS.online }));
  });
});

describe("refresh loop and visibility", () => {
  it("refreshes at start and then every 1200 s while visible", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk();
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    dt.start();
    await flush();
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(getToken).toHaveBeenCalledTimes(3);
    expect(dt.getToken()).toBe(token40(3));
    expect(w.storage.getItem("dy_token_expires")).toBe(String(START + 2 * INTERVAL + 2 * INTERVAL));
    dt.stop();
  });

  it("does not refresh while hidden; refreshes on becoming visible when due", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk();
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    dt.start();
    await flush();
    expect(getToken).toHaveBeenCalledTimes(1);
    w.document.setVisibility("hidden");
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    expect(getToken).toHaveBeenCalledTimes(1);
    w.document.setVisibility("visible");
    await flush();
    expect(getToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(getToken).toHaveBeenCalledTimes(3);
  });

  it("becoming visible before the refresh is due waits for the due time", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk();
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    dt.start();
    await flush();
    w.document.setVisibility("hidden");
    await vi.advanceTimersByTimeAsync(600_000);
    w.document.setVisibility("visible");
    await flush();
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it("a page hidden at start waits for visibility (init with a time-out gives timeout)", async () => {
    const w = world({ visibility: "hidden" });
    const { sdk, getToken } = fakeSdk();
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    const result = dt.init({ timeout: true });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toBe("timeout");
    expect(getToken).not.toHaveBeenCalled();
    w.document.setVisibility("visible");
    await flush();
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(dt.getStatus()).toBe("success");
  });

  it("onWebVisible refreshes when due and not before", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk();
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    dt.start();
    await flush();
    dt.onWebVisible();
    await flush();
    expect(getToken).toHaveBeenCalledTimes(1);
    w.document.setVisibility("hidden");
    await vi.advanceTimersByTimeAsync(INTERVAL);
    dt.onWebVisible();
    await flush();
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it("stop() ends the loop and the listener; start() again resumes", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk();
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    dt.start();
    dt.start();
    await flush();
    expect(w.document.listenerCount()).toBe(1);
    dt.stop();
    expect(w.document.listenerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * INTERVAL);
    expect(getToken).toHaveBeenCalledTimes(1);
    dt.onWebVisible();
    await flush();
    expect(getToken).toHaveBeenCalledTimes(1);
    dt.start();
    await flush();
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it("after an error the next attempt comes one interval later", async () => {
    const w = world();
    const { sdk, getToken } = fakeSdk(new Error("a"), new Error("b"), token40(1));
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    dt.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(dt.getStatus()).toBe("error");
    await vi.advanceTimersByTimeAsync(INTERVAL - 1_000 - 1);
    expect(getToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(getToken).toHaveBeenCalledTimes(3);
    expect(dt.getStatus()).toBe("success");
  });

  it("a reload inside the refresh interval reuses the stored token, refreshing when it is due", async () => {
    const storage = memoryStorage();
    const cookies = fakeCookies();
    const first = fakeSdk(token40(1));
    const tab1 = createDeviceToken({ ...world({ storage, cookies }), getSdk: () => first.sdk });
    await tab1.init();
    tab1.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    const second = fakeSdk(token40(2));
    const tab2 = createDeviceToken({ ...world({ storage, cookies }), getSdk: () => second.sdk });
    await expect(tab2.init()).resolves.toBe("success");
    expect(tab2.getToken()).toBe(token40(1));
    expect(second.getToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(second.getToken).toHaveBeenCalledTimes(1);
    expect(tab2.getToken()).toBe(token40(2));
  });

  it("a stored token past its validity window is not used as success", async () => {
    const storage = memoryStorage({ [DEVICE_TOKEN_KEYS.expires]: String(START - 1) });
    const cookies = fakeCookies();
    cookies.set("dy_token", token40(1), { maxAgeSeconds: 1 });
    const late = deferred<string>();
    const { sdk } = fakeSdk(late);
    const dt = createDeviceToken({ ...world({ storage, cookies }), getSdk: () => sdk });
    dt.start();
    await flush();
    expect(dt.getStatus()).toBe("not_initialised");
    // still the best token to send while none is current
    expect(dt.getToken()).toBe(token40(1));
  });
});
