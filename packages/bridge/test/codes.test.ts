import { isSuccessCode, ResponseCode } from "@affiliates/contracts";
import { BRIDGE_TIMEOUT_MS } from "@affiliates/http";
import { describe, expect, it } from "vitest";
import {
  AppJSBridgeRequestActionError,
  AppRequestCallbackTimeout,
  AppResponseUnexpectedError,
  AppResponseUnknownError,
  BRIDGE_CODES,
  BRIDGE_REFRESH_PROMPT_KEY,
  BRIDGE_TIMEOUTS,
  isBridgeError,
  isBridgeTimeoutCode,
} from "../src";

describe("BRIDGE_CODES and BRIDGE_TIMEOUTS (requirements.md §8, §9)", () => {
  it("hold the spec's codes, shared ones taken from contracts", () => {
    expect(BRIDGE_CODES).toEqual({
      success: "00000",
      successHttp: "200",
      timeout: "00004",
      callbackTimeout: "110100",
      missingToken: "00005",
      illegalToken: "22001",
    });
    expect(BRIDGE_CODES.success).toBe(ResponseCode.success);
    expect(isSuccessCode(BRIDGE_CODES.successHttp)).toBe(true);
    expect(isSuccessCode("0")).toBe(false);
    expect(isBridgeTimeoutCode("110100")).toBe(true);
    expect(isBridgeTimeoutCode("00005")).toBe(false);
  });

  it("hold the spec's time-outs", () => {
    expect(BRIDGE_TIMEOUTS).toEqual({ default: 3000, request: 10000, webVisible: 3_600_000 });
    // The http client's time-out for a POST through the bridge fires before the bridge's own.
    expect(BRIDGE_TIMEOUT_MS).toBe(8000);
    expect(BRIDGE_TIMEOUT_MS).toBeLessThan(BRIDGE_TIMEOUTS.request);
  });
});

describe("isBridgeError and the refresh prompt", () => {
  it("recognises every bridge error and nothing else", () => {
    for (const error of [
      new AppRequestCallbackTimeout(),
      new AppResponseUnexpectedError({ code: "1" }),
      new AppResponseUnknownError(),
      new AppJSBridgeRequestActionError(),
    ]) {
      expect(isBridgeError(error)).toBe(true);
      expect(error.name).toBe(error.constructor.name);
    }
    expect(isBridgeError(new Error("x"))).toBe(false);
    expect(isBridgeError({ name: "AppResponseUnknownError" })).toBe(false);
    expect(BRIDGE_REFRESH_PROMPT_KEY).toBe("bridge.refreshPrompt");
  });
});
