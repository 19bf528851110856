import { describe, expect, it } from "vitest";
import { appVersionFromUserAgent, detectApp } from "../src";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const native = { postMessage: (_message: string) => undefined };

describe("detectApp", () => {
  it("detects the app by user agent, with version and platform", () => {
    expect(detectApp({ userAgent: `${IPHONE} ExchangeApp/2.60.1` })).toEqual({
      inApp: true,
      platform: "ios",
      version: "2.60.1",
    });
    expect(detectApp({ userAgent: `${ANDROID} ExchangeApp/2.13.0` })).toEqual({
      inApp: true,
      platform: "android",
      version: "2.13.0",
    });
    expect(detectApp({ userAgent: "Mozilla/5.0 (iPad; CPU OS 17_0) ExchangeApp/1.5.0-beta.1" })).toEqual({
      inApp: true,
      platform: "ios",
      version: "1.5.0-beta.1",
    });
    expect(detectApp({ userAgent: `${DESKTOP} ExchangeApp/2.0.0` })).toEqual({
      inApp: true,
      platform: "unknown",
      version: "2.0.0",
    });
  });

  it("is in the app with a null version when the UA token has no readable version", () => {
    expect(detectApp({ userAgent: `${ANDROID} ExchangeApp/next` })).toEqual({
      inApp: true,
      platform: "android",
      version: null,
    });
  });

  it("detects the Android injected object", () => {
    expect(detectApp({ userAgent: ANDROID, window: { ExchangeAppBridge: native } })).toEqual({
      inApp: true,
      platform: "android",
      version: null,
    });
    expect(detectApp({ userAgent: DESKTOP, window: { ExchangeAppBridge: native } })).toEqual({
      inApp: true,
      platform: "android",
      version: null,
    });
  });

  it("detects the iOS message handler", () => {
    const window = { webkit: { messageHandlers: { ExchangeAppBridge: native } } };
    expect(detectApp({ userAgent: IPHONE, window })).toEqual({ inApp: true, platform: "ios", version: null });
    expect(detectApp({ userAgent: "", window })).toEqual({ inApp: true, platform: "ios", version: null });
  });

  it("is not in the app in a plain browser, on the server, or with look-alike globals", () => {
    const notInApp = { inApp: false, platform: "unknown", version: null };
    expect(detectApp({ userAgent: IPHONE, window: {} })).toEqual(notInApp);
    expect(detectApp({ userAgent: DESKTOP })).toEqual(notInApp);
    expect(detectApp({})).toEqual(notInApp);
    expect(detectApp({ userAgent: ANDROID, window: { ExchangeAppBridge: {} } })).toEqual(notInApp);
    expect(detectApp({ userAgent: IPHONE, window: { webkit: { messageHandlers: {} } } })).toEqual(notInApp);
    expect(detectApp({ userAgent: `${DESKTOP} OtherApp/2.0.0` })).toEqual(notInApp);
  });
});

describe("appVersionFromUserAgent", () => {
  it("reads semver after ExchangeApp/", () => {
    expect(appVersionFromUserAgent("x ExchangeApp/2.56.0 y")).toBe("2.56.0");
    expect(appVersionFromUserAgent("ExchangeApp/v2.56")).toBe("2.56");
    expect(appVersionFromUserAgent("nothing")).toBeNull();
    expect(appVersionFromUserAgent(null)).toBeNull();
  });
});
