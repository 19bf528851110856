import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { decodeParamStr, memoryStorage, systemClock } from "@affiliates/contracts";
import { createCustomToken } from "../src";
import { endpointUrl } from "@affiliates/contracts/endpoints";

const START = Date.parse("2026-03-01T12:00:00.000Z");
const DAY = 24 * 3600 * 1000;
const CT1 = "A".repeat(32);
const CT2 = "B".repeat(32);
const DX = "D".repeat(40);

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

const answer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

function setup(tokens: string[], dxToken = DX) {
  const queue = [...tokens];
  const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
    answer({ code: "00000", msg: "success", data: { customToken: queue.shift() } }),
  );
  const storage = memoryStorage();
  const custom = createCustomToken({
    fetch,
    clock: systemClock,
    storage,
    version: "1.2.3",
    getDxToken: () => dxToken,
    getDeviceInfo: () => ({ platform: "web", screen: "1920x1080", language: "中文" }),
  });
  const sent = (call: number): Record<string, unknown> => {
    const init = fetch.mock.calls[call]?.[1];
    const body = JSON.parse(init?.body as string) as { paramStr: string };
    return decodeParamStr(body.paramStr) as Record<string, unknown>;
  };
  return { fetch, storage, custom, sent };
}

describe("createCustomToken", () => {
  it("asks the anti-fraud log call with a base64 paramStr and caches the answer with its creation time", async () => {
    const { fetch, storage, custom, sent } = setup([CT1]);
    await expect(custom.get()).resolves.toBe(CT1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(endpointUrl("riskLogReport"));
    expect(init).toMatchObject({
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
    });
    expect(Object.keys(JSON.parse(init?.body as string) as object)).toEqual(["paramStr"]);
    expect(sent(0)).toEqual({
      version: "1.2.3",
      dxToken: DX,
      customToken: "",
      timestamp: START,
      deviceInfo: { platform: "web", screen: "1920x1080", language: "中文" },
    });
    expect(JSON.parse(storage.getItem("custom_token") ?? "null")).toEqual({ token: CT1, createdAt: START });
    expect(custom.peek()).toBe(CT1);
  });

  it("reuses the cached token for 24 h and renews it after", async () => {
    const { fetch, custom, sent } = setup([CT1, CT2]);
    await custom.get();
    vi.setSystemTime(START + DAY);
    await expect(custom.get()).resolves.toBe(CT1);
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.setSystemTime(START + DAY + 1);
    await expect(custom.get()).resolves.toBe(CT2);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(sent(1)).toMatchObject({ customToken: CT1, timestamp: START + DAY + 1 });
  });

  it("sends an empty dxToken unless the device token is a valid 40-character one", async () => {
    const { custom, sent } = setup([CT1], "fallback-token");
    await custom.get();
    expect(sent(0)).toMatchObject({ dxToken: "" });
  });

  it("makes one call for concurrent callers", async () => {
    const { fetch, custom } = setup([CT1]);
    const [a, b] = await Promise.all([custom.get(), custom.get()]);
    expect(a).toBe(CT1);
    expect(b).toBe(CT1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("rejects on a failure envelope or an answer without a customToken, caching nothing", async () => {
    const storage = memoryStorage();
    const failing = createCustomToken({
      fetch: () => answer({ code: "400", msg: "paramStr: not valid base64 JSON", data: null }, 400),
      storage,
      version: "1",
      getDeviceInfo: () => ({}),
    });
    await expect(failing.get()).rejects.toThrow("custom token: [400] paramStr: not valid base64 JSON");
    const empty = createCustomToken({
      fetch: () => answer({ code: "00000", msg: "success", data: {} }),
      storage,
      version: "1",
      getDeviceInfo: () => ({}),
    });
    await expect(empty.get()).rejects.toThrow("custom token: answer without a customToken");
    const garbage = createCustomToken({
      fetch: () => Promise.resolve(new Response("<html>", { status: 502 })),
      storage,
      version: "1",
      getDeviceInfo: () => ({}),
    });
    await expect(garbage.get()).rejects.toThrow("custom token: HTTP 502, unreadable answer");
    expect(storage.getItem("custom_token")).toBeNull();
  });

  it("treats an unreadable cache as missing, and clear() forgets the token", async () => {
    const { fetch, storage, custom } = setup([CT1, CT2]);
    storage.setItem("custom_token", "{not json");
    await expect(custom.get()).resolves.toBe(CT1);
    custom.clear();
    expect(custom.peek()).toBeUndefined();
    await expect(custom.get()).resolves.toBe(CT2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
