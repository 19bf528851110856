import { endpointUrl } from "@affiliates/contracts/endpoints";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AppJSBridgeRequestActionError,
  AppRequestCallbackTimeout,
  AppResponseUnexpectedError,
  BRIDGE_TIMEOUTS,
  createBridge,
  createBridgeAvailability,
  guardBridge,
  type Bridge,
  type BridgeAvailability,
} from "../src";
import { counterIds, createFakeTransport, track, type FakeTransport } from "./fake-transport";

let fake: FakeTransport;
let raw: Bridge;
let availability: BridgeAvailability;
let bridge: Bridge;

beforeEach(() => {
  vi.useFakeTimers();
  fake = createFakeTransport();
  raw = createBridge({ transport: fake.transport, appVersion: "2.60.0", idFactory: counterIds() });
  availability = createBridgeAvailability();
  bridge = guardBridge(raw, availability);
});
afterEach(() => {
  raw.destroy();
  vi.useRealTimers();
});

const reasonOf = (error: unknown) => (error instanceof AppJSBridgeRequestActionError ? error.extra.reason : undefined);

describe("guardBridge", () => {
  it("passes answers through while the bridge works", async () => {
    const result = bridge.call("login", {});
    fake.answer("web_1", { code: "00000", data: 7 });
    await expect(result).resolves.toBe(7);
    expect(availability.isUsable()).toBe(true);
  });

  it("an app that refuses keeps the bridge usable", async () => {
    const result = bridge.call("openDeposit", { coinName: "USDT" });
    fake.answer("web_1", { code: "50001", msg: "no" });
    await expect(result).rejects.toBeInstanceOf(AppResponseUnexpectedError);
    expect(availability.isUsable()).toBe(true);
  });

  it("a time-out makes it unusable: later calls reject at once and post nothing", async () => {
    const first = track(bridge.call("setTitleBarTheme", { theme: "dark" }));
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.default);
    expect(first.current.state === "rejected" && first.current.error).toBeInstanceOf(AppRequestCallbackTimeout);
    expect(availability.isUsable()).toBe(false);

    const later = bridge.call("login", {});
    await expect(later).rejects.toBeInstanceOf(AppJSBridgeRequestActionError);
    expect(reasonOf(await later.catch((error: unknown) => error))).toBe("bridgeUnavailable");
    expect(fake.sent).toHaveLength(1);
  });

  it("calls still waiting for an answer reject as soon as another call shows the bridge is down", async () => {
    const request = track(bridge.callRaw("request", { path: endpointUrl("userInfo"), params: {}, method: "POST" }));
    const titleBar = track(bridge.call("setTitleBarTheme", { theme: "dark" }));
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.default);
    expect(titleBar.current.state).toBe("rejected");
    expect(request.current.state).toBe("rejected");
    expect(request.current.state === "rejected" && reasonOf(request.current.error)).toBe("bridgeUnavailable");
  });

  it("a missing native object is recorded on the first call", async () => {
    fake.setAvailable(false);
    await expect(bridge.call("login", {})).rejects.toBeInstanceOf(AppJSBridgeRequestActionError);
    expect(availability.isUsable()).toBe(false);
  });

  it("a failed web-visible registration is recorded; a successful one keeps its unsubscribe", async () => {
    const handler = vi.fn();
    const registered = bridge.registerWebVisible(handler);
    fake.answer("web_1", { code: "00000" });
    const off = await registered;
    fake.emit("webVisible");
    expect(handler).toHaveBeenCalledTimes(1);
    off?.();

    const failing = track(bridge.registerWebVisible(handler));
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.default);
    expect(failing.current.state).toBe("rejected");
    expect(availability.isUsable()).toBe(false);
    await expect(bridge.registerWebVisible(handler)).rejects.toBeInstanceOf(AppJSBridgeRequestActionError);
  });
});
