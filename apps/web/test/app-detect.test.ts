import { describe, expect, it } from "vitest";
import { detectApp } from "@affiliates/bridge";
import { isAppUserAgent } from "../src/lib/app-detect";

const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

describe("the server's app check and the bridge's detectApp", () => {
  it.each([
    [`${BROWSER} ExchangeApp/2.60.0`, true],
    [`${BROWSER} ExchangeApp/7.2`, true],
    [`${BROWSER} ExchangeApp/7`, true],
    [`${BROWSER} ExchangeApp/v3.1.0-beta.1`, true],
    [`${BROWSER} ExchangeApp/`, true],
    [BROWSER, false],
    ["", false],
    [null, false],
    [undefined, false],
  ] as const)("%s → in the app: %s, on both sides", (userAgent, inApp) => {
    expect(isAppUserAgent(userAgent)).toBe(inApp);
    expect(detectApp({ userAgent }).inApp).toBe(inApp);
  });

  it("serves ExchangeApp/7.2 as the app: the server renders the app's page, the client runs as in-app", () => {
    const userAgent = `${BROWSER} ExchangeApp/7.2`;
    expect(isAppUserAgent(userAgent)).toBe(true);
    expect(detectApp({ userAgent, window: {} })).toEqual({ inApp: true, platform: "android", version: "7.2" });
  });
});
