import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeParamStr, memoryStorage, SharedResponseCode, systemClock } from "@affiliates/contracts";
import { createCustomToken, createRiskSdk, RISK_SDK_GLOBAL, RISK_SDK_PATH } from "../src";

const FALLBACK = { platform: "fallback" };

/** A window whose script loader "loads" the given SDK (or fails), counting the loads. */
function world(sdk: unknown) {
  const root: Record<string, unknown> = {};
  const loadScript = vi.fn((src: string) => {
    if (sdk === "fail") return Promise.reject(new Error(`script failed to load: ${src}`));
    root[RISK_SDK_GLOBAL] = sdk;
    return Promise.resolve();
  });
  const report = vi.fn();
  const risk = createRiskSdk({ root, loadScript, report, fallbackInfo: () => ({ ...FALLBACK }) });
  return { root, loadScript, report, risk };
}

const answering = (answer: unknown) => ({ collect: vi.fn(() => Promise.resolve(answer)) });

describe("createRiskSdk (requirements.md §7: the risk SDK, loaded lazily from a static path)", () => {
  it("loads nothing until device information is asked for, then loads the script once", async () => {
    const sdk = answering({ code: SharedResponseCode.SUCCESS, data: { platform: "Linux" }, msg: "" });
    const { loadScript, risk } = world(sdk);
    expect(loadScript).not.toHaveBeenCalled();
    await expect(risk.deviceInfo()).resolves.toEqual({ platform: "Linux", riskSdk: "sdk" });
    await risk.deviceInfo();
    expect(loadScript.mock.calls).toEqual([[RISK_SDK_PATH]]);
    expect(sdk.collect).toHaveBeenCalledTimes(2);
  });

  it("a TIMEOUT answer keeps what was gathered; an ERROR answer or a failing SDK falls back and is reported", async () => {
    const late = world(answering({ code: SharedResponseCode.TIMEOUT, data: { screen: "390x844" }, msg: "late" }));
    await expect(late.risk.deviceInfo()).resolves.toEqual({ ...FALLBACK, screen: "390x844", riskSdk: "timeout" });

    const refused = world(answering({ code: SharedResponseCode.ERROR, data: null, msg: "denied" }));
    await expect(refused.risk.deviceInfo()).resolves.toEqual({ ...FALLBACK, riskSdk: "error" });
    expect(refused.report).toHaveBeenCalledWith(expect.objectContaining({ message: "risk SDK: [1] denied" }), {
      outcome: "error",
    });

    const throwing = world({ collect: () => Promise.reject(new Error("boom")) });
    await expect(throwing.risk.deviceInfo()).resolves.toEqual({ ...FALLBACK, riskSdk: "error" });
  });

  it("a script that cannot be loaded gives the fallback, and is tried again at the next need", async () => {
    const { loadScript, report, risk } = world("fail");
    await expect(risk.deviceInfo()).resolves.toEqual({ ...FALLBACK, riskSdk: "unavailable" });
    await expect(risk.deviceInfo()).resolves.toEqual({ ...FALLBACK, riskSdk: "unavailable" });
    expect(loadScript).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it("with the custom token: the SDK is loaded for a new token, never while the cached one is under 24 h old", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-03-01T12:00:00Z") });
    const sdk = answering({ code: SharedResponseCode.SUCCESS, data: { platform: "Linux" }, msg: "" });
    const { loadScript, risk } = world(sdk);
    const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify({ code: "00000", msg: "", data: { customToken: "C".repeat(32) } }), {
          headers: { "content-type": "application/json" },
        }),
      ),
    );
    const storage = memoryStorage();
    const make = () =>
      createCustomToken({ fetch, storage, clock: systemClock, version: "1", getDeviceInfo: () => risk.deviceInfo() });
    await make().get();
    const body = JSON.parse(fetch.mock.calls[0]?.[1]?.body as string) as { paramStr: string };
    const sent = decodeParamStr(body.paramStr) as { deviceInfo: unknown };
    expect(sent.deviceInfo).toEqual({ platform: "Linux", riskSdk: "sdk" });
    expect(loadScript).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(23 * 3600 * 1000);
    await make().get();
    expect(sdk.collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2 * 3600 * 1000);
    await make().get();
    expect(sdk.collect).toHaveBeenCalledTimes(2);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The static stand-in script itself, run against a fake window. */
describe("the risk SDK script (apps/web/public/affiliates/static/risk-sdk.js)", () => {
  const source = readFileSync(
    path.resolve(import.meta.dirname, "../../../apps/web/public/affiliates/static/risk-sdk.js"),
    "utf8",
  );
  interface Script {
    collect(options?: { timeout?: number }): Promise<{ code: number; data: Record<string, unknown> | null }>;
  }
  const run = (navigator: Record<string, unknown>): Script => {
    const root: Record<string, unknown> = {
      navigator: { platform: "Linux armv8l", language: "ja", languages: ["ja", "en"], maxTouchPoints: 5, ...navigator },
      screen: { width: 390, height: 844, colorDepth: 24 },
      devicePixelRatio: 3,
    };
    runInNewContext(source, {
      window: root,
      Intl,
      Date,
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
      clearTimeout: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    });
    return root[RISK_SDK_GLOBAL] as Script;
  };

  it("answers SUCCESS (0) with the device information and the browser's model hints", async () => {
    const answer = await run({
      userAgentData: { getHighEntropyValues: () => Promise.resolve({ model: "Pixel 8", platformVersion: "14.0.0" }) },
    }).collect();
    expect(answer.code).toBe(SharedResponseCode.SUCCESS);
    expect(answer.data).toMatchObject({
      platform: "Linux armv8l",
      language: "ja",
      languages: "ja,en",
      screen: "390x844",
      pixelRatio: 3,
      touchPoints: 5,
      model: "Pixel 8",
      osVersion: "14.0.0",
    });
  });

  it("answers TIMEOUT (401) with what it has when the hints do not come, and ERROR (1) when they fail", async () => {
    vi.useFakeTimers();
    const pending = run({ userAgentData: { getHighEntropyValues: () => new Promise(() => undefined) } }).collect({
      timeout: 50,
    });
    await vi.advanceTimersByTimeAsync(50);
    const late = await pending;
    expect(late.code).toBe(SharedResponseCode.TIMEOUT);
    expect(late.data).toMatchObject({ screen: "390x844" });
    vi.useRealTimers();

    const failed = await run({
      userAgentData: { getHighEntropyValues: () => Promise.reject(new Error("no")) },
    }).collect();
    expect(failed.code).toBe(SharedResponseCode.ERROR);
  });
});
