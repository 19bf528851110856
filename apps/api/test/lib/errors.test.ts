import { describe, expect, it } from "vitest";
import { AffiliateResponseCode, ResponseCode, VipResponseCode } from "@affiliates/contracts";
import { toApiError } from "../../src/app";
import { ApiError, ERROR_CODES, type ErrorCode } from "../../src/platform/http/errors";

describe("the error map", () => {
  it("gives each kind its own status and code, by name", () => {
    const quota = new ApiError("card_quota_exceeded", "cards: this month's quota of 10 cards is used up");
    expect(quota).toMatchObject({
      kind: "card_quota_exceeded",
      status: 409,
      code: "10005",
      message: "cards: this month's quota of 10 cards is used up",
    });
    expect(new ApiError("vip_level_too_low")).toMatchObject({
      kind: "vip_level_too_low",
      status: 403,
      code: "21001",
      message: ERROR_CODES.vip_level_too_low.msg,
    });
    expect(new ApiError("device_token_refused", "dy-token: missing")).toMatchObject({
      kind: "device_token_refused",
      status: 403,
      code: "22001",
    });
    expect(new ApiError("method_not_allowed", undefined, { headers: { allow: "GET" } }).headers).toEqual({
      allow: "GET",
    });
  });

  it("covers every business code of the contracts, each with the status their comments promise", () => {
    const codes = Object.values(ERROR_CODES).map((entry) => entry.code);
    for (const code of [...Object.values(AffiliateResponseCode), ...Object.values(VipResponseCode)])
      expect(codes).toContain(code);
    const statusOf = (code: string) => Object.values(ERROR_CODES).find((entry) => entry.code === code)?.status;
    for (const code of Object.values(AffiliateResponseCode)) expect(statusOf(code), code).toBe(409);
    expect(statusOf(VipResponseCode.levelTooLow)).toBe(403);
    expect(statusOf(VipResponseCode.airdropNotLive)).toBe(409);
    expect(statusOf(ResponseCode.deviceTokenRequired)).toBe(403);
  });

  it("is the only place a status comes from: 4xx kinds are client errors, internal the only 500", () => {
    for (const [kind, entry] of Object.entries(ERROR_CODES) as [ErrorCode, (typeof ERROR_CODES)[ErrorCode]][]) {
      if (kind === "internal") expect(entry.status).toBe(500);
      else expect(entry.status >= 400 && entry.status < 500, kind).toBe(true);
    }
  });

  it("passes an ApiError through the boundary unchanged and turns anything else into a 500", () => {
    const refused = new ApiError("link_code_taken");
    expect(toApiError(refused)).toBe(refused);
    expect(toApiError(new Error("SQLITE_BUSY: database is locked"))).toMatchObject({
      kind: "internal",
      status: 500,
      code: "500",
    });
  });
});
