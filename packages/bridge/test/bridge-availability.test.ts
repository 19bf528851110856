import { describe, expect, it, vi } from "vitest";
import {
  AppJSBridgeRequestActionError,
  AppRequestCallbackTimeout,
  AppResponseUnexpectedError,
  AppResponseUnknownError,
  createBridgeAvailability,
  meansBridgeDown,
} from "../src";

const timeout = () => new AppRequestCallbackTimeout({ extra: { action: "login", reason: "noCallback" } });

describe("meansBridgeDown", () => {
  it.each([
    ["no callback in time", timeout()],
    ["the app's own time-out code", new AppRequestCallbackTimeout({ code: "110100" })],
    ["an empty or unreadable answer", new AppResponseUnknownError({ extra: { reason: "empty" } })],
    ["no native object", new AppJSBridgeRequestActionError({ extra: { reason: "noTransport" } })],
    ["postMessage threw", new AppJSBridgeRequestActionError({ extra: { reason: "postMessageThrew" } })],
    ["already known to be down", new AppJSBridgeRequestActionError({ extra: { reason: "bridgeUnavailable" } })],
  ])("is true for %s", (_name, error) => {
    expect(meansBridgeDown(error)).toBe(true);
  });

  it.each([
    ["an app that answers with an error code", new AppResponseUnexpectedError({ code: "50001" })],
    ["an app too old for the action", new AppJSBridgeRequestActionError({ extra: { reason: "appTooOld" } })],
    ["an unknown action", new AppJSBridgeRequestActionError({ extra: { reason: "unknownAction" } })],
    ["a plain error", new Error("boom")],
    ["a non-error", "boom"],
  ])("is false for %s", (_name, error) => {
    expect(meansBridgeDown(error)).toBe(false);
  });
});

describe("createBridgeAvailability", () => {
  it("stays usable after failures that do not mean the bridge is down", () => {
    const availability = createBridgeAvailability();
    expect(availability.recordFailure(new AppResponseUnexpectedError({ code: "50001" }))).toBe(false);
    expect(availability.isUsable()).toBe(true);
  });

  it("goes down on the first time-out, tells each listener once, and never comes back", () => {
    const availability = createBridgeAvailability();
    const first = vi.fn();
    const second = vi.fn();
    availability.onDown(first);
    availability.onDown(second);
    const decisive = timeout();
    expect(availability.recordFailure(decisive)).toBe(true);
    expect(availability.recordFailure(timeout())).toBe(false);
    expect(availability.isUsable()).toBe(false);
    expect(first.mock.calls).toEqual([[decisive]]);
    expect(second.mock.calls).toEqual([[decisive]]);
  });

  it("tells a late listener at once, with the failure that decided it", () => {
    const missing = new AppJSBridgeRequestActionError({ extra: { reason: "noTransport" } });
    const availability = createBridgeAvailability({ down: missing });
    expect(availability.isUsable()).toBe(false);
    const listener = vi.fn();
    availability.onDown(listener);
    expect(listener.mock.calls).toEqual([[missing]]);
  });

  it("does not call a listener that unsubscribed", () => {
    const availability = createBridgeAvailability();
    const listener = vi.fn();
    const off = availability.onDown(listener);
    off();
    availability.recordFailure(timeout());
    expect(listener).not.toHaveBeenCalled();
  });
});
