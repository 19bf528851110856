import { BRIDGE_TIMEOUT_MS, type PostTransport } from "@affiliates/http";
import { endpointUrl } from "@affiliates/contracts/endpoints";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AppJSBridgeRequestActionError,
  AppRequestCallbackTimeout,
  AppResponseUnknownError,
  BRIDGE_TIMEOUTS,
  createBridge,
  createBridgePostTransport,
  type Bridge,
} from "../src";
import { counterIds, createFakeTransport, track, type FakeTransport } from "./fake-transport";

let fake: FakeTransport;
let bridge: Bridge;

beforeEach(() => {
  vi.useFakeTimers();
  fake = createFakeTransport();
  bridge = createBridge({ transport: fake.transport, appVersion: "2.60.0", idFactory: counterIds() });
});
afterEach(() => {
  bridge.destroy();
  vi.useRealTimers();
});

describe("createBridgePostTransport", () => {
  it("is assignable to the http client's PostTransport", () => {
    const post: PostTransport = createBridgePostTransport(bridge);
    expect(post).toBeTypeOf("function");
  });

  it("sends the request action with path, params, POST and headers, and resolves {code, data, msg}", async () => {
    const post = createBridgePostTransport(bridge);
    const result = post(endpointUrl("userInfo"), { terminalCode: "t", locale: "en" }, { headers: { Language: "en" } });
    expect(fake.lastSent()).toEqual({
      id: "web_1",
      action: "request",
      params: {
        path: endpointUrl("userInfo"),
        params: { terminalCode: "t", locale: "en" },
        method: "POST",
        headers: { Language: "en" },
      },
    });
    fake.answer("web_1", { code: "00000", data: { userId: 1 }, msg: "ok" });
    await expect(result).resolves.toEqual({ code: "00000", data: { userId: 1 }, msg: "ok" });
  });

  it.each(["00004", "00005", "22001", "500"])(
    "does not reject on business code %s (the http client settles it)",
    async (code) => {
      const result = createBridgePostTransport(bridge)("/some/path", {}, { headers: {} });
      fake.answer("web_1", { code, msg: "m" });
      await expect(result).resolves.toEqual({ code, msg: "m" });
    },
  );

  it("rejects the app's own time-out code 110100 as AppRequestCallbackTimeout", async () => {
    const result = createBridgePostTransport(bridge)("/some/path", {}, { headers: {} });
    fake.answer("web_1", { code: "110100" });
    await expect(result).rejects.toBeInstanceOf(AppRequestCallbackTimeout);
  });

  it("rejects an empty answer as AppResponseUnknownError", async () => {
    const result = createBridgePostTransport(bridge)("/some/path", {}, { headers: {} });
    fake.answer("web_1", undefined);
    await expect(result).rejects.toBeInstanceOf(AppResponseUnknownError);
  });

  it("rejects with AppJSBridgeRequestActionError when the native object is missing", async () => {
    fake.setAvailable(false);
    await expect(createBridgePostTransport(bridge)("/some/path", {}, { headers: {} })).rejects.toBeInstanceOf(
      AppJSBridgeRequestActionError,
    );
  });

  it("times out after the request time-out (10 s) unless told otherwise", async () => {
    const result = track(createBridgePostTransport(bridge)("/some/path", {}, { headers: {} }));
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.request - 1);
    expect(result.current.state).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(result.current.state === "rejected" && result.current.error).toBeInstanceOf(AppRequestCallbackTimeout);

    const short = track(
      createBridgePostTransport(bridge, { timeoutMs: BRIDGE_TIMEOUT_MS })("/some/other/path", {}, { headers: {} }),
    );
    await vi.advanceTimersByTimeAsync(7_999);
    expect(short.current.state).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(short.current.state).toBe("rejected");
  });
});
