import { describe, expect, it } from "vitest";
import { HttpError, isWireEnvelope, readJsonBody, settleAnswer } from "../src";

const meta = { url: "/some/path", method: "GET" as const };

const errorOf = (settled: ReturnType<typeof settleAnswer>): HttpError => {
  if (settled.ok) throw new Error("expected a failure");
  return settled.error;
};

describe("settleAnswer", () => {
  it("resolves 00000 and 200 (string or number) with data", () => {
    expect(settleAnswer({ code: "00000", data: { a: 1 }, msg: "" }, { ...meta, status: 200 })).toEqual({
      ok: true,
      data: { a: 1 },
    });
    expect(settleAnswer({ code: 200, data: [1] }, { ...meta, status: 200 })).toEqual({ ok: true, data: [1] });
    expect(settleAnswer({ code: "200", data: "x" }, meta)).toEqual({ ok: true, data: "x" });
  });

  it("rejects other codes as business errors with the server message", () => {
    const error = errorOf(settleAnswer({ code: "10001", msg: "Bad", data: null }, { ...meta, status: 200 }));
    expect([error.kind, error.code, error.msg, error.status]).toEqual(["business", "10001", "Bad", 200]);
  });

  it("keeps an envelope's code on a non-2xx answer", () => {
    const error = errorOf(settleAnswer({ code: "429", msg: "Too frequent" }, { ...meta, status: 429 }));
    expect([error.kind, error.code, error.msg, error.silent]).toEqual(["business", "429", "Too frequent", true]);
  });

  it("treats a non-2xx answer without an envelope as kind http with the status as code", () => {
    const error = errorOf(settleAnswer(undefined, { ...meta, status: 502, statusText: "Bad Gateway" }));
    expect([error.kind, error.code, error.msg, error.status]).toEqual(["http", "502", "Bad Gateway", 502]);
  });

  it("does not resolve a success code carried by a non-2xx answer", () => {
    const error = errorOf(settleAnswer({ code: "00000", data: 1 }, { ...meta, status: 500 }));
    expect([error.kind, error.code]).toEqual(["http", "500"]);
  });

  it("treats a 2xx answer without a code as a network error", () => {
    const error = errorOf(settleAnswer({ data: 1 }, { ...meta, status: 200 }));
    expect([error.kind, error.code]).toEqual(["network", "-1"]);
    expect(errorOf(settleAnswer(undefined, meta)).code).toBe("-1");
  });

  it("uses an empty msg when the server's is not a string", () => {
    expect(errorOf(settleAnswer({ code: "1", msg: 5 }, meta)).msg).toBe("");
  });
});

describe("isWireEnvelope", () => {
  it("needs a string or number code", () => {
    expect(isWireEnvelope({ code: "1" })).toBe(true);
    expect(isWireEnvelope({ code: 1 })).toBe(true);
    expect(isWireEnvelope({ code: null })).toBe(false);
    expect(isWireEnvelope("x")).toBe(false);
    expect(isWireEnvelope(null)).toBe(false);
  });
});

describe("readJsonBody", () => {
  it("parses JSON and gives undefined for empty or non-JSON bodies", async () => {
    expect(await readJsonBody(new Response('{"code":"00000"}'))).toEqual({ code: "00000" });
    expect(await readJsonBody(new Response(""))).toBeUndefined();
    expect(await readJsonBody(new Response("<html>502</html>"))).toBeUndefined();
  });
});
