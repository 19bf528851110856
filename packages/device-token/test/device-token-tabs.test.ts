import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "@affiliates/contracts";
import { createDeviceToken, DEVICE_TOKEN_CONFIG, DEVICE_TOKEN_KEYS } from "../src";
import { deferred, fakeCookies, fakeSdk, HANG, token40, world } from "./fakes";

// The refresh loop shared by tabs (one storage) and with failing storage; the loop's own states are in
// create-device-token.test.ts.
const START = Date.parse("2026-03-01T12:00:00.000Z");
const INTERVAL = DEVICE_TOKEN_CONFIG.refreshIntervalMs;
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pending flag across tabs", () => {
  it("marks a refresh in progress with a timestamp and clears it after", async () => {
    const w = world();
    const answer = deferred<string>();
    const { sdk } = fakeSdk(answer);
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    dt.start();
    await flush();
    expect(w.storage.getItem("dy_token_pending")).toBe(String(START));
    answer.resolve(token40(1));
    await flush();
    expect(w.storage.getItem("dy_token_pending")).toBeNull();
  });

  it("a second tab does not refresh while the first one is, and adopts its token", async () => {
    const storage = memoryStorage();
    const cookies = fakeCookies();
    const answerA = deferred<string>();
    const a = fakeSdk(answerA);
    const b = fakeSdk(token40(99));
    const tabA = createDeviceToken({ ...world({ storage, cookies }), getSdk: () => a.sdk });
    const tabB = createDeviceToken({ ...world({ storage, cookies }), getSdk: () => b.sdk });
    tabA.start();
    await vi.advanceTimersByTimeAsync(3_000);
    const resultB = tabB.init();
    await flush();
    expect(b.getToken).not.toHaveBeenCalled();
    answerA.resolve(token40(1));
    await flush();
    expect(tabA.getStatus()).toBe("success");
    // B looks again when A's flag would have gone stale (10 s after it was set) and adopts the stored token.
    await vi.advanceTimersByTimeAsync(7_000);
    await expect(resultB).resolves.toBe("success");
    expect(tabB.getToken()).toBe(token40(1));
    expect(b.getToken).not.toHaveBeenCalled();
    // Both tabs then share one schedule, the stored token's due time (obtained at +3 s), and only one refreshes.
    await vi.advanceTimersByTimeAsync(INTERVAL - 7_000 - 1);
    expect(a.getToken.mock.calls.length + b.getToken.mock.calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.getToken.mock.calls.length + b.getToken.mock.calls.length).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a.getToken.mock.calls.length + b.getToken.mock.calls.length).toBe(2);
    expect(tabB.getToken()).toBe(tabA.getToken());
  });

  it("a tab refreshes itself when the other tab's refresh fails", async () => {
    const storage = memoryStorage();
    const cookies = fakeCookies();
    const a = fakeSdk(HANG);
    const b = fakeSdk(token40(7));
    const tabA = createDeviceToken({ ...world({ storage, cookies }), getSdk: () => a.sdk });
    const tabB = createDeviceToken({ ...world({ storage, cookies }), getSdk: () => b.sdk });
    tabA.start();
    await flush();
    tabB.start();
    await flush();
    expect(b.getToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.getToken).toHaveBeenCalledTimes(1);
    expect(tabB.getStatus()).toBe("success");
  });

  it("ignores a stale flag older than the refresh wait", async () => {
    const w = world({ storage: memoryStorage({ [DEVICE_TOKEN_KEYS.pending]: String(START - 10_000) }) });
    const { sdk, getToken } = fakeSdk(token40(1));
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    await expect(dt.init()).resolves.toBe("success");
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it("does not remove another tab's newer flag", async () => {
    const w = world();
    const answer = deferred<string>();
    const { sdk } = fakeSdk(answer);
    const dt = createDeviceToken({ ...w, getSdk: () => sdk });
    dt.start();
    await flush();
    w.storage.setItem("dy_token_pending", "123");
    answer.resolve(token40(1));
    await flush();
    expect(w.storage.getItem("dy_token_pending")).toBe("123");
  });
});

describe("storage failures", () => {
  it("works when localStorage throws", async () => {
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const { sdk } = fakeSdk(token40(1));
    const dt = createDeviceToken({ ...world(), storage: throwing, getSdk: () => sdk });
    await expect(dt.init()).resolves.toBe("success");
    expect(dt.getToken()).toBe(token40(1));
  });
});
