import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  APP_JSBRIDGE_REQUEST_ACTION_ERROR_MSG,
  AppJSBridgeRequestActionError,
  AppRequestCallbackTimeout,
  AppResponseUnexpectedError,
  AppResponseUnknownError,
  BRIDGE_CODES,
  BRIDGE_TIMEOUTS,
  BridgeError,
  createBridge,
  type Bridge,
  type BridgeAction,
  type BridgeClock,
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

async function rejectionOf(promise: Promise<unknown>): Promise<BridgeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BridgeError) return error;
    throw new Error(`not a BridgeError: ${String(error)}`);
  }
  throw new Error("resolved");
}

describe("createBridge: messages and success", () => {
  it("posts {id, action, params} as JSON", () => {
    void bridge.call("login", { closeGuide: true }).catch(() => undefined);
    expect(fake.sent).toEqual([{ id: "web_1", action: "login", params: { closeGuide: true } }]);
  });

  it.each([BRIDGE_CODES.success, BRIDGE_CODES.successHttp])("resolves data on success code %s", async (code) => {
    const result = bridge.call("getDeviceToken", {});
    fake.answer("web_1", { code, data: { token: "t".repeat(40) }, msg: "ok" });
    await expect(result).resolves.toEqual({ token: "t".repeat(40) });
  });

  it("accepts a numeric 200 and a JSON-text answer", async () => {
    const numeric = bridge.call("login", {});
    fake.answer("web_1", { code: 200, data: 1 });
    await expect(numeric).resolves.toBe(1);
    const text = bridge.call("login", {});
    fake.answer("web_2", JSON.stringify({ code: "00000", data: { a: 1 } }));
    await expect(text).resolves.toEqual({ a: 1 });
  });

  it("keeps calls apart by id, whatever order the answers come in", async () => {
    const first = bridge.call("login", {});
    const second = bridge.call("getDeviceToken", {});
    fake.answer("web_2", { code: "00000", data: "second" });
    fake.answer("web_1", { code: "00000", data: "first" });
    await expect(first).resolves.toBe("first");
    await expect(second).resolves.toBe("second");
  });

  it("ignores callbacks for ids it does not own (reports them unhandled)", () => {
    expect(fake.answer("someone-else", { code: "00000" })).toBe(false);
  });
});

describe("createBridge: error paths", () => {
  it("rejects an unsuccessful code as AppResponseUnexpectedError with code, msg and appData", async () => {
    const result = bridge.call("login", {});
    fake.answer("web_1", { code: "12345", data: { why: "x" }, msg: "Nope" });
    const error = await rejectionOf(result);
    expect(error).toBeInstanceOf(AppResponseUnexpectedError);
    expect(error).toMatchObject({
      name: "AppResponseUnexpectedError",
      code: "12345",
      msg: "Nope",
      appData: { why: "x" },
    });
    expect(error.extra).toMatchObject({ action: "login" });
    expect(error.message).toBe("Nope");
  });

  it("uses a standard msg when the app gives none", async () => {
    const result = bridge.call("login", {});
    fake.answer("web_1", { code: "12345" });
    expect(await rejectionOf(result)).toMatchObject({ msg: "App response not successful" });
  });

  it("keeps missing token 00005 and illegal token 22001 distinguishable by code", async () => {
    const missing = bridge.call("login", {});
    const illegal = bridge.call("login", {});
    fake.answer("web_1", { code: "00005", msg: "missing" });
    fake.answer("web_2", { code: "22001", msg: "illegal" });
    const a = await rejectionOf(missing);
    const b = await rejectionOf(illegal);
    expect([a.name, a.code]).toEqual(["AppResponseUnexpectedError", BRIDGE_CODES.missingToken]);
    expect([b.name, b.code]).toEqual(["AppResponseUnexpectedError", BRIDGE_CODES.illegalToken]);
    expect(BRIDGE_CODES.missingToken).toBe("00005");
    expect(BRIDGE_CODES.illegalToken).toBe("22001");
  });

  it.each([
    ["undefined", undefined, "empty"],
    ["null", null, "empty"],
    ["an empty string", "", "empty"],
    ["a response without code", { data: 1, msg: "x" }, "noCode"],
    ["an empty code", { code: "" }, "noCode"],
    ["unreadable JSON text", '{"code":', "malformed"],
    ["a number", 42, "malformed"],
  ])("rejects %s as AppResponseUnknownError (network error)", async (_label, response, reason) => {
    const result = bridge.call("login", {});
    fake.answer("web_1", response);
    const error = await rejectionOf(result);
    expect(error).toBeInstanceOf(AppResponseUnknownError);
    expect(error).toMatchObject({ name: "AppResponseUnknownError", code: null, msg: "Network error" });
    expect(error.extra).toMatchObject({ reason });
  });

  it("rejects as AppJSBridgeRequestActionError when postMessage throws, and forgets the call", async () => {
    const cause = new Error("boom");
    fake.throwOnSend(cause);
    const error = await rejectionOf(bridge.call("login", {}));
    expect(error).toBeInstanceOf(AppJSBridgeRequestActionError);
    expect(error).toMatchObject({
      name: "AppJSBridgeRequestActionError",
      msg: APP_JSBRIDGE_REQUEST_ACTION_ERROR_MSG,
      code: null,
    });
    expect(error.message).toBe("App Jsbridge Request Action Error");
    expect(error.cause).toBe(cause);
    expect(error.extra).toMatchObject({ reason: "postMessageThrew" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects as AppJSBridgeRequestActionError when there is no native object", async () => {
    fake.setAvailable(false);
    const error = await rejectionOf(bridge.call("login", {}));
    expect(error).toBeInstanceOf(AppJSBridgeRequestActionError);
    expect(error.extra).toMatchObject({ reason: "noTransport" });
    expect(fake.sent).toEqual([]);
  });

  it("rejects an unknown action (from untyped callers) without posting", async () => {
    const error = await rejectionOf(bridge.call("format:c" as BridgeAction, {}));
    expect(error).toBeInstanceOf(AppJSBridgeRequestActionError);
    expect(error.extra).toMatchObject({ reason: "unknownAction" });
    expect(fake.sent).toEqual([]);
  });

  it("rejects a gated action when the app is too old, without posting", async () => {
    const old = createBridge({ transport: createFakeTransport().transport, appVersion: "2.55.9" });
    const error = await rejectionOf(old.call("setTitleBarTheme", { theme: "dark" }));
    expect(error).toBeInstanceOf(AppJSBridgeRequestActionError);
    expect(error.extra).toMatchObject({
      reason: "appTooOld",
      feature: "titleBarTheme",
      minVersion: "2.56.0",
      appVersion: "2.55.9",
    });
    old.destroy();
  });

  it("every error is a BridgeError and an Error with name, code, msg, appData, extra", async () => {
    const result = bridge.call("login", {});
    fake.answer("web_1", { code: "1" });
    const error = await rejectionOf(result);
    expect(error).toBeInstanceOf(Error);
    expect(Object.keys(error)).toEqual(expect.arrayContaining(["code", "msg", "appData", "extra"]));
  });
});

describe("createBridge: time-outs", () => {
  it("times out a call after 3 s by default (just before: pending; at: rejected)", async () => {
    const result = track(bridge.call("login", {}));
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.default - 1);
    expect(result.current.state).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(result.current.state).toBe("rejected");
    const error = result.current.state === "rejected" ? result.current.error : undefined;
    expect(error).toBeInstanceOf(AppRequestCallbackTimeout);
    expect(error).toMatchObject({
      name: "AppRequestCallbackTimeout",
      code: null,
      extra: { action: "login", timeoutMs: 3000 },
    });
  });

  it("times out a request after 10 s", async () => {
    const result = track(bridge.call("request", { path: "/some/path", params: {}, method: "POST" }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(result.current.state).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(result.current.state).toBe("rejected");
    expect(result.current.state === "rejected" && result.current.error).toBeInstanceOf(AppRequestCallbackTimeout);
  });

  it("honours a per-call time-out and the factory defaults", async () => {
    const custom = createBridge({
      transport: createFakeTransport().transport,
      appVersion: null,
      defaultTimeoutMs: 50,
      requestTimeoutMs: 70,
    });
    const a = track(custom.call("login", {}));
    const b = track(custom.call("request", { path: "/p", params: null, method: "POST" }));
    const c = track(custom.call("login", {}, { timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(50);
    expect([a.current.state, b.current.state, c.current.state]).toEqual(["rejected", "pending", "pending"]);
    await vi.advanceTimersByTimeAsync(20);
    expect(b.current.state).toBe("rejected");
    await vi.advanceTimersByTimeAsync(429);
    expect(c.current.state).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(c.current.state).toBe("rejected");
    custom.destroy();
  });

  it("a late answer after the time-out is ignored", async () => {
    const result = track(bridge.call("login", {}));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fake.answer("web_1", { code: "00000" })).toBe(false);
    expect(result.current.state).toBe("rejected");
  });

  it("an answer clears the timer", async () => {
    const result = bridge.call("login", {});
    expect(vi.getTimerCount()).toBe(1);
    fake.answer("web_1", { code: "00000", data: null });
    await result;
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([BRIDGE_CODES.timeout, BRIDGE_CODES.callbackTimeout])(
    "rejects an answer with time-out code %s as AppRequestCallbackTimeout",
    async (code) => {
      const result = bridge.call("login", {});
      fake.answer("web_1", { code, msg: "app timed out", data: { n: 1 } });
      const error = await rejectionOf(result);
      expect(error).toBeInstanceOf(AppRequestCallbackTimeout);
      expect(error).toMatchObject({ code, msg: "app timed out", appData: { n: 1 } });
    },
  );

  it("uses the injected clock", async () => {
    const scheduled: { callback: () => void; ms: number }[] = [];
    const clock: BridgeClock = {
      setTimeout: (callback, ms) => scheduled.push({ callback, ms }),
      clearTimeout: () => undefined,
    };
    const own = createBridge({ transport: createFakeTransport().transport, appVersion: null, clock });
    const result = own.call("login", {});
    expect(scheduled.map((s) => s.ms)).toEqual([3000]);
    scheduled[0]?.callback();
    await expect(result).rejects.toBeInstanceOf(AppRequestCallbackTimeout);
    own.destroy();
  });

  it("destroy rejects pending calls and uninstalls the callbacks", async () => {
    const result = bridge.call("login", {});
    bridge.destroy();
    const error = await rejectionOf(result);
    expect(error).toBeInstanceOf(AppJSBridgeRequestActionError);
    expect(error.extra).toMatchObject({ reason: "destroyed" });
    expect(fake.installed()).toBe(false);
  });
});

describe("createBridge: callRaw", () => {
  it("resolves the whole answer whatever its code", async () => {
    const result = bridge.callRaw("login", {});
    fake.answer("web_1", { code: 22001, data: null, msg: "illegal", extra: "dropped" });
    await expect(result).resolves.toEqual({ code: "22001", data: null, msg: "illegal" });
  });
});

describe("createBridge: events", () => {
  it("delivers webVisible and resume to their listeners until unsubscribed", () => {
    const visible = vi.fn();
    const resume = vi.fn();
    const offVisible = bridge.on("webVisible", visible);
    bridge.on("resume", resume);
    fake.emit("webVisible", { at: 1 });
    fake.emit("resume", undefined);
    fake.emit("somethingElse", 1);
    expect(visible).toHaveBeenCalledExactlyOnceWith({ at: 1 });
    expect(resume).toHaveBeenCalledOnce();
    offVisible();
    fake.emit("webVisible", { at: 2 });
    expect(visible).toHaveBeenCalledOnce();
  });

  it("the same handler added twice is unsubscribed one at a time", () => {
    const handler = vi.fn();
    const off1 = bridge.on("resume", handler);
    bridge.on("resume", handler);
    off1();
    fake.emit("resume", null);
    expect(handler).toHaveBeenCalledOnce();
  });

  it("a throwing listener does not stop the others (its error is rethrown on a timer)", () => {
    const second = vi.fn();
    bridge.on("resume", () => {
      throw new Error("listener");
    });
    bridge.on("resume", second);
    fake.emit("resume", null);
    expect(second).toHaveBeenCalledOnce();
    expect(() => vi.runOnlyPendingTimers()).toThrow("listener");
  });
});

describe("createBridge: registerWebVisible", () => {
  it("registers with the default 3,600,000 ms and calls back on each webVisible", async () => {
    const callback = vi.fn();
    const registration = bridge.registerWebVisible(callback);
    expect(fake.lastSent()).toEqual({ id: "web_1", action: "registerWebVisible", params: { timeoutMs: 3_600_000 } });
    fake.answer("web_1", { code: "00000" });
    const unsubscribe = await registration;
    expect(unsubscribe).toBeTypeOf("function");
    fake.emit("webVisible", 1);
    fake.emit("webVisible", 2);
    expect(callback.mock.calls).toEqual([[1], [2]]);
    unsubscribe?.();
    fake.emit("webVisible", 3);
    expect(callback).toHaveBeenCalledTimes(2);
  });

  it("passes a custom time-out", () => {
    void bridge.registerWebVisible(() => undefined, 60_000).catch(() => undefined);
    expect(fake.lastSent().params).toEqual({ timeoutMs: 60_000 });
  });

  it("is gated by 2.27.0: 2.27.0 registers, 2.26.9 resolves null without posting", async () => {
    const oldFake = createFakeTransport();
    const old = createBridge({ transport: oldFake.transport, appVersion: "2.26.9" });
    await expect(old.registerWebVisible(() => undefined)).resolves.toBeNull();
    expect(oldFake.sent).toEqual([]);
    old.destroy();

    const okFake = createFakeTransport();
    const ok = createBridge({ transport: okFake.transport, appVersion: "2.27.0", idFactory: () => "r" });
    const registration = ok.registerWebVisible(() => undefined);
    okFake.answer("r", { code: "200" });
    await expect(registration).resolves.toBeTypeOf("function");
    ok.destroy();
  });

  it("unsubscribes and rejects when the registration fails", async () => {
    const callback = vi.fn();
    const registration = bridge.registerWebVisible(callback);
    fake.answer("web_1", { code: "500" });
    await expect(registration).rejects.toBeInstanceOf(AppResponseUnexpectedError);
    fake.emit("webVisible", 1);
    expect(callback).not.toHaveBeenCalled();
  });
});
