import { describe, expect, it, vi } from "vitest";
import { BridgeTransportUnavailable, createWebViewTransport, type BridgeWindow } from "../src";

const handlers = () => ({ onCallback: vi.fn((_id: string, _response: unknown) => true), onEvent: vi.fn() });

describe("createWebViewTransport", () => {
  it("posts to the Android object", () => {
    const postMessage = vi.fn();
    const transport = createWebViewTransport({ ExchangeAppBridge: { postMessage } });
    expect(transport.isAvailable()).toBe(true);
    transport.send("hello");
    expect(postMessage).toHaveBeenCalledExactlyOnceWith("hello");
  });

  it("posts to the iOS handler, called as a method", () => {
    const handler = {
      received: [] as string[],
      postMessage(message: string) {
        this.received.push(message);
      },
    };
    const transport = createWebViewTransport({ webkit: { messageHandlers: { ExchangeAppBridge: handler } } });
    transport.send("hi");
    expect(handler.received).toEqual(["hi"]);
  });

  it("finds an object injected after the transport was made", () => {
    const win: BridgeWindow = {};
    const transport = createWebViewTransport(win);
    expect(transport.isAvailable()).toBe(false);
    expect(() => transport.send("x")).toThrow(BridgeTransportUnavailable);
    const postMessage = vi.fn();
    win.ExchangeAppBridge = { postMessage };
    transport.send("x");
    expect(postMessage).toHaveBeenCalledOnce();
  });

  it("lets postMessage errors through", () => {
    const transport = createWebViewTransport({
      ExchangeAppBridge: {
        postMessage: () => {
          throw new Error("native");
        },
      },
    });
    expect(() => transport.send("x")).toThrow("native");
  });

  it("installs and removes the window callbacks, passing foreign ids to the previous one", () => {
    const previous = vi.fn();
    const previousEvent = vi.fn();
    const win: BridgeWindow = { __exchangeBridgeCallback: previous, __exchangeBridgeEvent: previousEvent };
    const own = handlers();
    own.onCallback.mockImplementation((id) => id === "mine");
    const uninstall = createWebViewTransport(win).install(own);
    win.__exchangeBridgeCallback?.("mine", { code: "00000" });
    win.__exchangeBridgeCallback?.("theirs", { code: "00000" });
    win.__exchangeBridgeEvent?.("resume", 1);
    expect(own.onCallback).toHaveBeenCalledTimes(2);
    expect(previous).toHaveBeenCalledExactlyOnceWith("theirs", { code: "00000" });
    expect(own.onEvent).toHaveBeenCalledExactlyOnceWith("resume", 1);
    expect(previousEvent).toHaveBeenCalledExactlyOnceWith("resume", 1);
    uninstall();
    expect(win.__exchangeBridgeCallback).toBe(previous);
    expect(win.__exchangeBridgeEvent).toBe(previousEvent);
  });

  it("stringifies numeric ids from the app", () => {
    const win: BridgeWindow = {};
    const own = handlers();
    createWebViewTransport(win).install(own);
    (win.__exchangeBridgeCallback as (id: unknown, response: unknown) => void)(7, null);
    expect(own.onCallback).toHaveBeenCalledWith("7", null);
  });
});
