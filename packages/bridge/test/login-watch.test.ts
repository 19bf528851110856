import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BRIDGE_TIMEOUTS,
  createBridge,
  createBridgeAvailability,
  guardBridge,
  watchAppLogin,
  type Bridge,
  type VisibilitySource,
} from "../src";
import { counterIds, createFakeTransport, track, type FakeTransport } from "./fake-transport";

let fake: FakeTransport;
let bridge: Bridge;

/** A document stand-in whose visibility the test flips. */
function fakeVisibility() {
  const listeners = new Set<() => void>();
  const source: VisibilitySource & { set(state: "hidden" | "visible"): void } = {
    visibilityState: "visible",
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    set(state) {
      (this as { visibilityState: string }).visibilityState = state;
      listeners.forEach((listener) => listener());
    },
  };
  return source;
}

beforeEach(() => {
  vi.useFakeTimers();
  fake = createFakeTransport();
  bridge = createBridge({ transport: fake.transport, appVersion: "2.60.0", idFactory: counterIds() });
});
afterEach(() => {
  bridge.destroy();
  vi.useRealTimers();
});

describe("watchAppLogin", () => {
  it("waits past the ordinary 3 s for the app's answer, which may come after 30 s", async () => {
    const watch = watchAppLogin(bridge, {});
    expect(fake.lastSent().action).toBe("login");
    const next = track(watch.next());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(next.current.state).toBe("pending");
    fake.answer("web_1", { code: "00000" });
    await vi.advanceTimersByTimeAsync(0);
    expect(next.current).toEqual({ state: "resolved", value: { kind: "answered", code: "00000" } });
    watch.stop();
  });

  it("the page visible again (event or visibilitychange) is a signal; silence ends after the hour", async () => {
    const visibility = fakeVisibility();
    const watch = watchAppLogin(bridge, {}, { visibility });
    visibility.set("hidden");
    visibility.set("visible");
    await expect(watch.next()).resolves.toEqual({ kind: "visible" });
    fake.emit("webVisible", {});
    await expect(watch.next()).resolves.toEqual({ kind: "visible" });
    const last = track(watch.next());
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMEOUTS.webVisible - 1);
    expect(last.current.state).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(last.current).toEqual({ state: "resolved", value: { kind: "expired" } });
    watch.stop();
  });

  it("a cancel code is handed on as an answer", async () => {
    const watch = watchAppLogin(bridge, {});
    fake.answer("web_1", { code: "10010", msg: "cancelled" });
    await expect(watch.next()).resolves.toEqual({ kind: "answered", code: "10010" });
    watch.stop();
  });

  it("a login the app never answers does not mark the guarded bridge down", async () => {
    const availability = createBridgeAvailability();
    const guarded = guardBridge(bridge, availability);
    const watch = watchAppLogin(guarded, {}, { timeoutMs: 5_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(watch.next()).resolves.toEqual({ kind: "expired" });
    expect(availability.isUsable()).toBe(true);
    watch.stop();
  });
});
