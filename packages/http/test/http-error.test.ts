import { describe, expect, it } from "vitest";
import { HttpError, isHttpError, isSilentCode } from "../src";

describe("HttpError", () => {
  it("carries its fields and is an Error", () => {
    const error = new HttpError({
      code: "10001",
      msg: "Bad symbol",
      kind: "business",
      url: "/some/path",
      method: "POST",
      status: 200,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("HttpError");
    expect(error.message).toBe("[10001] Bad symbol");
    expect(error.code).toBe("10001");
    expect(error.msg).toBe("Bad symbol");
    expect(error.kind).toBe("business");
    expect(error.status).toBe(200);
    expect(error.url).toBe("/some/path");
    expect(error.method).toBe("POST");
    expect(error.silent).toBe(false);
    expect(isHttpError(error)).toBe(true);
    expect(isHttpError(new Error("x"))).toBe(false);
  });

  it("keeps the cause", () => {
    const cause = new TypeError("Failed to fetch");
    const error = new HttpError({
      code: "-1",
      msg: "Failed to fetch",
      kind: "network",
      url: "/x",
      method: "GET",
      cause,
    });
    expect(error.cause).toBe(cause);
    expect(error.status).toBeUndefined();
  });

  it.each([
    ["00004", true],
    ["00005", true],
    ["429", true],
    ["00000", false],
    ["500", false],
    ["-1", false],
    ["408", false],
  ])("silent for %s: %s", (code, silent) => {
    expect(isSilentCode(code)).toBe(silent);
    expect(new HttpError({ code, msg: "", kind: "business", url: "/", method: "GET" }).silent).toBe(silent);
  });
});
