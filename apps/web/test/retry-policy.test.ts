import { describe, expect, it } from "vitest";
import { HttpError, type HttpErrorKind } from "@affiliates/http";
import { worthRetrying } from "../src/lib/retry-policy";

const failure = (kind: HttpErrorKind, status?: number, code = String(status ?? "")) =>
  new HttpError({ code, msg: "", kind, url: "/v1/x", method: "GET", ...(status === undefined ? {} : { status }) });

describe("what useApi retries", () => {
  it("retries a failure to get an answer: offline, timed out, a 5xx, 429", () => {
    expect(worthRetrying(failure("network"))).toBe(true);
    expect(worthRetrying(failure("timeout"))).toBe(true);
    expect(worthRetrying(failure("http", 503))).toBe(true);
    expect(worthRetrying(failure("http", 429))).toBe(true);
    expect(worthRetrying(failure("business", 500, "500"))).toBe(true);
    expect(worthRetrying(new Error("a chunk failed to load"))).toBe(true);
  });

  it("does not retry an answer: a 403, a 404, a business refusal, a session that is gone", () => {
    expect(worthRetrying(failure("http", 403))).toBe(false);
    expect(worthRetrying(failure("http", 404))).toBe(false);
    expect(worthRetrying(failure("business", 409, "10005"))).toBe(false);
    expect(worthRetrying(failure("business", 401, "00004"))).toBe(false);
    expect(worthRetrying(failure("business", 200, "10001"))).toBe(false);
  });
});
