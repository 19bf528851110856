// @vitest-environment jsdom
import { runInNewContext } from "node:vm";
import { endpointPath, endpointUrl } from "@affiliates/contracts/endpoints";
import { afterEach, describe, expect, it } from "vitest";
import {
  AppJSBridgeRequestActionError,
  AppRequestCallbackTimeout,
  AppResponseUnexpectedError,
  AppResponseUnknownError,
  createBridge,
  createBridgePostTransport,
  createWebViewTransport,
  detectApp,
  type Bridge,
} from "../../src";
import {
  installNativeHostSimulator,
  nativeHostSimulatorScript,
  type NativeHostCall,
  type NativeHostConfig,
  type NativeHostControl,
} from "../../src/simulator";

interface SimulatedGlobals {
  ExchangeAppBridge?: unknown;
  webkit?: unknown;
  __nativeHostCalls?: NativeHostCall[];
  __nativeHost?: NativeHostControl;
  __exchangeBridgeCallback?: unknown;
  __exchangeBridgeEvent?: unknown;
}
const globals = (): SimulatedGlobals => window as unknown as SimulatedGlobals;
const originalUserAgent = navigator.userAgent;

let bridges: Bridge[] = [];

function connect(timeouts: { defaultTimeoutMs?: number; requestTimeoutMs?: number } = {}): Bridge {
  const app = detectApp({ userAgent: navigator.userAgent, window });
  const bridge = createBridge({ transport: createWebViewTransport(window), appVersion: app.version, ...timeouts });
  bridges.push(bridge);
  return bridge;
}

afterEach(() => {
  for (const bridge of bridges) bridge.destroy();
  bridges = [];
  const g = globals();
  delete g.ExchangeAppBridge;
  delete g.webkit;
  delete g.__nativeHost;
  delete g.__nativeHostCalls;
  Object.defineProperty(navigator, "userAgent", { get: () => originalUserAgent, configurable: true });
});

describe("native-host simulator with the real transport and bridge (jsdom)", () => {
  it("android: injects the object and patches the UA so detectApp sees the app", () => {
    installNativeHostSimulator(window, { platform: "android", version: "2.60.0" });
    expect(detectApp({ userAgent: navigator.userAgent, window })).toEqual({
      inApp: true,
      platform: "android",
      version: "2.60.0",
    });
  });

  it("ios: injects the message handler", () => {
    installNativeHostSimulator(window, { platform: "ios", version: "2.27.0", patchUserAgent: false });
    expect(detectApp({ userAgent: navigator.userAgent, window })).toEqual({
      inApp: true,
      platform: "ios",
      version: null,
    });
  });

  it("answers success and records the call", async () => {
    installNativeHostSimulator(window, {
      platform: "ios",
      version: "2.60.0",
      answers: { getDeviceToken: { code: "00000", data: { token: "abc" }, msg: "ok" } },
    });
    const bridge = connect();
    await expect(bridge.call("getDeviceToken", {})).resolves.toEqual({ token: "abc" });
    await expect(bridge.call("openDeposit", { coinName: "USDT", coinId: 2 })).resolves.toBeNull();
    const calls = globals().__nativeHostCalls ?? [];
    expect(calls.map(({ action, params }) => ({ action, params }))).toEqual([
      { action: "getDeviceToken", params: {} },
      { action: "openDeposit", params: { coinName: "USDT", coinId: 2 } },
    ]);
    expect(calls[0]?.id).toMatch(/^web_/);
    expect(calls[0]?.at).toBeTypeOf("number");
  });

  it("silence → AppRequestCallbackTimeout", async () => {
    installNativeHostSimulator(window, { platform: "android", version: "2.60.0", answers: { login: "silence" } });
    const bridge = connect({ defaultTimeoutMs: 30 });
    await expect(bridge.call("login", {})).rejects.toBeInstanceOf(AppRequestCallbackTimeout);
  });

  it("malformed, empty and noCode → AppResponseUnknownError; throw → AppJSBridgeRequestActionError", async () => {
    const host = installNativeHostSimulator(window, {
      platform: "android",
      version: "2.60.0",
      answers: { login: "malformed" },
    });
    const bridge = connect();
    await expect(bridge.call("login", {})).rejects.toMatchObject({
      name: "AppResponseUnknownError",
      extra: { reason: "malformed" },
    });
    host.setAnswer("login", "empty");
    await expect(bridge.call("login", {})).rejects.toMatchObject({
      name: "AppResponseUnknownError",
      extra: { reason: "empty" },
    });
    host.setAnswer("login", "noCode");
    await expect(bridge.call("login", {})).rejects.toBeInstanceOf(AppResponseUnknownError);
    host.setAnswer("login", "throw");
    await expect(bridge.call("login", {})).rejects.toBeInstanceOf(AppJSBridgeRequestActionError);
    expect(host.calls).toHaveLength(4);
  });

  it("error codes, delays and per-path request answers", async () => {
    installNativeHostSimulator(window, {
      platform: "android",
      version: "2.60.0",
      defaultAnswer: { code: "22001", msg: "illegal token" },
      answers: {
        [`request:/${endpointPath("userInfo")}`]: { code: "00000", data: { userId: 7 }, delayMs: 20 },
        request: { code: "00004", msg: "login" },
      },
    });
    const bridge = connect();
    await expect(bridge.call("login", {})).rejects.toMatchObject({ name: "AppResponseUnexpectedError", code: "22001" });
    const post = createBridgePostTransport(bridge);
    await expect(post(endpointUrl("userInfo"), { locale: "en" }, { headers: {} })).resolves.toEqual({
      code: "00000",
      data: { userId: 7 },
    });
    await expect(post("/some/other/path", {}, { headers: {} })).resolves.toEqual({ code: "00004", msg: "login" });
    await expect(
      bridge.call("request", { path: "/some/other/path", params: {}, method: "POST" }),
    ).rejects.toBeInstanceOf(AppRequestCallbackTimeout);
    await expect(bridge.call("getDeviceToken", {})).rejects.toBeInstanceOf(AppResponseUnexpectedError);
  });

  it("emits events to the bridge and answers by hand", async () => {
    const host = installNativeHostSimulator(window, {
      platform: "android",
      version: "2.60.0",
      answers: { login: "silence" },
    });
    const bridge = connect();
    const seen: unknown[] = [];
    const unsubscribe = await bridge.registerWebVisible((payload) => seen.push(payload));
    expect(host.calls.at(-1)).toMatchObject({ action: "registerWebVisible", params: { timeoutMs: 3_600_000 } });
    expect(globals().__nativeHost?.emit("webVisible", { n: 1 })).toBe(true);
    unsubscribe?.();
    host.emit("webVisible", { n: 2 });
    expect(seen).toEqual([{ n: 1 }]);

    const login = bridge.call("login", {});
    const id = host.calls.at(-1)?.id ?? "";
    expect(host.respond(id, { code: "200", data: "done" })).toBe(true);
    await expect(login).resolves.toBe("done");
  });

  it("gated actions for an old simulated app fall back before posting", async () => {
    const host = installNativeHostSimulator(window, { platform: "android", version: "2.26.0" });
    const bridge = connect();
    await expect(bridge.registerWebVisible(() => undefined)).resolves.toBeNull();
    await expect(bridge.call("setTitleBarTheme", { theme: "dark" })).rejects.toBeInstanceOf(
      AppJSBridgeRequestActionError,
    );
    expect(host.calls).toEqual([]);
  });

  it("the script form is self-contained: evaluated in global scope it installs the same host", async () => {
    const config: NativeHostConfig = {
      platform: "ios",
      version: "2.56.0",
      answers: { setTitleBarTheme: { code: "200", data: "themed" } },
    };
    const script = nativeHostSimulatorScript(config);
    expect(script).not.toMatch(/\bimport\b|\brequire\(/);
    // A fresh context whose only global is `window`: any reference to this module's scope would throw.
    runInNewContext(script, { window });
    expect(globals().__nativeHost?.config).toEqual(config);
    const bridge = connect();
    expect(bridge.appVersion).toBe("2.56.0");
    await expect(bridge.call("setTitleBarTheme", { theme: "dark" })).resolves.toBe("themed");
    expect(globals().__nativeHostCalls?.map((c) => c.action)).toEqual(["setTitleBarTheme"]);
  });
});

describe("the media actions (share, saveImage, copy)", () => {
  it("copies, saves readable images and shares; refuses an image from elsewhere", () => {
    const win = { setTimeout: (fn: () => void) => fn(), location: { origin: "https://x.test" } } as unknown as {
      __exchangeBridgeCallback?: (id: string, response?: unknown) => void;
      ExchangeAppBridge?: { postMessage(message: string): void };
    };
    const host = installNativeHostSimulator(win, { platform: "android", version: "2.61.0", patchUserAgent: false });
    const answers: Record<string, unknown> = {};
    win.__exchangeBridgeCallback = (id, response) => {
      answers[id] = response;
    };
    const post = (id: string, action: string, params: unknown) =>
      win.ExchangeAppBridge?.postMessage(JSON.stringify({ id, action, params }));
    post("a", "copy", { text: "ABC123" });
    post("b", "saveImage", { image: "data:image/png;base64,AAAA", fileName: "poster.png" });
    post("c", "saveImage", { image: "https://elsewhere.test/p.png" });
    post("d", "share", { text: "Join", url: "https://x.test/r/1", image: "/affiliates/qr.png" });
    expect(host.clipboard).toEqual(["ABC123"]);
    expect(host.savedImages).toEqual([{ image: "data:image/png;base64,AAAA", fileName: "poster.png" }]);
    expect(answers.c).toMatchObject({ code: "40001" });
    expect(host.shared).toEqual([{ text: "Join", url: "https://x.test/r/1", image: "/affiliates/qr.png" }]);
  });
});
