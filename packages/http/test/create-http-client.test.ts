import { endpointPath, endpointUrl } from "@affiliates/contracts/endpoints";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHttpClient, HttpError, type HttpClientOptions, type PostTransport } from "../src";
import { createFakeFetch, createHangingFetch, envelope, headersOf, jsonResponse } from "./fake-fetch";

const TRACE_ID = "w1700000000123abcdefghijk";

const dynamicHeaders = {
  customToken: "ct-1",
  language: "en_US",
  locale: "en",
  terminalCode: "tc-1",
  deviceId: "dev-1",
};

function setup(
  respond: Parameters<typeof createFakeFetch>[0] = () => envelope("00000", { ok: true }),
  options: HttpClientOptions = {},
) {
  const fake = createFakeFetch(respond);
  const errors: HttpError[] = [];
  const client = createHttpClient({
    fetch: fake.fetch,
    getHeaders: () => dynamicHeaders,
    onError: (error) => errors.push(error),
    newTraceId: () => TRACE_ID,
    ...options,
  });
  return { client, calls: fake.calls, errors };
}

/** Awaits a promise expected to reject with an HttpError and returns it. */
async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw new Error(`expected an HttpError, got ${String(error)}`);
  }
  throw new Error("expected a rejection");
}

describe("GET", () => {
  it("sends params as a query string, dropping empties and repeating array keys", async () => {
    const { client, calls } = setup();
    await client.get(endpointPath("domainConfig"), {
      a: 1,
      b: "",
      c: null,
      d: undefined,
      e: [],
      f: ["x", "y"],
      g: false,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${endpointUrl("domainConfig")}?a=1&f=x&f=y&g=false`);
    expect(calls[0]?.init.method).toBe("GET");
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it("sends every header and same-origin credentials", async () => {
    const { client, calls } = setup();
    await client.get("/some/path");
    expect(headersOf(calls[0])).toEqual({
      "Content-Type": "application/json",
      "custom-token": "ct-1",
      Language: "en_US",
      Locale: "en",
      TerminalType: "1",
      TerminalCode: "tc-1",
      DeviceId: "dev-1",
      TraceId: TRACE_ID,
    });
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("prefixes the base URL and asks getHeaders on each request", async () => {
    let token = "first";
    const fake = createFakeFetch(() => envelope("00000"));
    const client = createHttpClient({
      fetch: fake.fetch,
      baseUrl: "https://api.example.com",
      getHeaders: () => Promise.resolve({ customToken: token }),
    });
    await client.get("some/path");
    token = "second";
    await client.get("/some/path");
    expect(fake.calls.map((c) => c.url)).toEqual([
      "https://api.example.com/some/path",
      "https://api.example.com/some/path",
    ]);
    expect(fake.calls.map((c) => headersOf(c)["custom-token"])).toEqual(["first", "second"]);
  });

  it("does not go through postTransport", async () => {
    const transport = vi.fn<PostTransport>(() => Promise.resolve({ code: "00000", data: "bridge" }));
    const { client, calls } = setup(() => envelope("00000", "fetch"), { postTransport: transport });
    await expect(client.get("/some/path")).resolves.toBe("fetch");
    expect(transport).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });
});

describe("POST", () => {
  it("sends JSON with every header and per-call extra headers", async () => {
    const { client, calls } = setup(() => envelope("00000", { userId: "7" }));
    const data = await client.post(
      endpointPath("userInfo"),
      { terminalCode: "tc-1", locale: "en" },
      { headers: { "dy-token": "t".repeat(40) } },
    );
    expect(data).toEqual({ userId: "7" });
    expect(calls[0]?.url).toBe(endpointUrl("userInfo"));
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe('{"terminalCode":"tc-1","locale":"en"}');
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(headersOf(calls[0])).toEqual({
      "Content-Type": "application/json",
      "custom-token": "ct-1",
      Language: "en_US",
      Locale: "en",
      TerminalType: "1",
      TerminalCode: "tc-1",
      DeviceId: "dev-1",
      "dy-token": "t".repeat(40),
      TraceId: TRACE_ID,
    });
  });

  it("omits headers with empty values", async () => {
    const fake = createFakeFetch(() => envelope("00000"));
    const client = createHttpClient({
      fetch: fake.fetch,
      getHeaders: () => ({ customToken: "", language: "zh_CN", locale: null, terminalCode: undefined, deviceId: "" }),
      newTraceId: () => TRACE_ID,
    });
    await client.post("/some/path", { x: 1 }, { headers: { "dy-token": "" } });
    expect(headersOf(fake.calls[0])).toEqual({
      "Content-Type": "application/json",
      Language: "zh_CN",
      TerminalType: "1",
      TraceId: TRACE_ID,
    });
  });

  it("sends {} when there is no body (a JSON content type needs one)", async () => {
    const { client, calls } = setup();
    await client.post(endpointPath("clientCommonConfig"));
    expect(calls[0]?.init.body).toBe("{}");
  });

  it("leaves non-v1 paths and absolute URLs as they are", async () => {
    const { client, calls } = setup();
    await client.post("/some/path");
    await client.post(`https://cfg.example.com/${endpointPath("clientCommonConfig")}`);
    await client.get("api/v2/b");
    expect(calls.map((c) => c.url)).toEqual([
      "/some/path",
      `https://cfg.example.com/${endpointPath("clientCommonConfig")}`,
      "api/v2/b",
    ]);
  });
});

describe("upload", () => {
  it("sends the FormData with a dy-token and no Content-Type", async () => {
    const { client, calls } = setup(() => envelope("00000", { fileId: "f1" }));
    const form = new FormData();
    form.append("file", new Blob(["hello"], { type: "text/plain" }), "a.txt");
    await expect(client.upload("/some/upload", form, "d".repeat(40))).resolves.toEqual({ fileId: "f1" });
    expect(calls[0]?.url).toBe("/some/upload");
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(headersOf(calls[0])).toEqual({
      "custom-token": "ct-1",
      Language: "en_US",
      Locale: "en",
      TerminalType: "1",
      TerminalCode: "tc-1",
      DeviceId: "dev-1",
      "dy-token": "d".repeat(40),
      TraceId: TRACE_ID,
    });
  });

  it("goes through fetch even when a postTransport is set", async () => {
    const transport = vi.fn<PostTransport>(() => Promise.resolve({ code: "00000", data: null }));
    const { client, calls } = setup(() => envelope("00000", "uploaded"), { postTransport: transport });
    await expect(client.upload("/some/upload", new FormData(), "tok")).resolves.toBe("uploaded");
    expect(transport).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });
});

describe("answers", () => {
  it("resolves 00000 and 200 with data", async () => {
    const answers = [envelope("00000", { a: 1 }), envelope(200, { b: 2 }), envelope("200", [3])];
    const { client, errors } = setup(() => answers.shift() ?? envelope("x"));
    expect(await client.get("/some/path")).toEqual({ a: 1 });
    expect(await client.get("/some/path")).toEqual({ b: 2 });
    expect(await client.get("/some/path")).toEqual([3]);
    expect(errors).toEqual([]);
  });

  it("rejects another code as a business error with the server message and reports it", async () => {
    const { client, errors } = setup(() => envelope("31002", null, "Insufficient balance"));
    const error = await rejection(client.post("/some/path", { x: 1 }));
    expect(error.name).toBe("HttpError");
    expect(error.kind).toBe("business");
    expect(error.code).toBe("31002");
    expect(error.msg).toBe("Insufficient balance");
    expect(error.status).toBe(200);
    expect(error.silent).toBe(false);
    expect(error.url).toBe("/some/path");
    expect(error.method).toBe("POST");
    expect(errors).toEqual([error]);
  });

  it("rejects HTTP 500 without JSON as kind http with code 500", async () => {
    const { client, errors } = setup(
      () => new Response("<h1>Internal Server Error</h1>", { status: 500, statusText: "Internal Server Error" }),
    );
    const error = await rejection(client.get("/some/path", { q: "1" }));
    expect([error.kind, error.code, error.status, error.msg]).toEqual(["http", "500", 500, "Internal Server Error"]);
    expect(error.url).toBe("/some/path?q=1");
    expect(error.method).toBe("GET");
    expect(errors).toHaveLength(1);
  });

  it("rejects a network failure with code -1", async () => {
    const { client, errors } = setup(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = await rejection(client.get("/some/path"));
    expect([error.kind, error.code, error.msg, error.silent]).toEqual(["network", "-1", "Failed to fetch", false]);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(errors).toEqual([error]);
  });

  it("rejects response code -1 as a business error with code -1", async () => {
    const { client } = setup(() => envelope(-1, null, "system error"));
    const error = await rejection(client.get("/some/path"));
    expect([error.kind, error.code]).toEqual(["business", "-1"]);
  });

  it.each(["00004", "00005", "429"])("marks %s as silent", async (code) => {
    const { client, errors } = setup(() =>
      jsonResponse({ code, msg: "not logged in", data: null }, code === "429" ? 429 : 200),
    );
    const error = await rejection(client.get("/some/path"));
    expect(error.code).toBe(code);
    expect(error.silent).toBe(true);
    expect(errors).toEqual([error]);
  });

  it("marks a bare HTTP 429 as silent", async () => {
    const { client } = setup(() => new Response("", { status: 429 }));
    const error = await rejection(client.get("/some/path"));
    expect([error.kind, error.code, error.silent]).toEqual(["http", "429", true]);
  });

  it("keeps a business code the caller shows itself from onError, but still rejects with it", async () => {
    const { client, errors } = setup(() => envelope("10004", null, "code: this code is taken"));
    const handled = await rejection(client.post("/some/path", { code: "x" }, { handledCodes: ["10004"] }));
    expect(handled.code).toBe("10004");
    expect(errors).toEqual([]);
    const other = await rejection(client.post("/some/path", { code: "x" }, { handledCodes: ["10005"] }));
    expect(errors).toEqual([other]);
  });

  it("passes a network failure to onError even when the caller handles business codes", async () => {
    const { client, errors } = setup(() => Promise.reject(new TypeError("offline")));
    const error = await rejection(client.get("/some/path", undefined, { handledCodes: ["-1"] }));
    expect(errors).toEqual([error]);
  });

  it("rejects with the original error when onError throws", async () => {
    const fake = createFakeFetch(() => envelope("10001", null, "Bad"));
    const client = createHttpClient({
      fetch: fake.fetch,
      onError: () => {
        throw new Error("hook broke");
      },
    });
    const error = await rejection(client.get("/some/path"));
    expect(error.code).toBe("10001");
  });
});

describe("time-out", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("rejects with 408 after 10 s and aborts the fetch", async () => {
    const hanging = createHangingFetch();
    const errors: HttpError[] = [];
    const client = createHttpClient({ fetch: hanging.fetch, onError: (e) => errors.push(e) });
    let settled = false;
    const result = rejection(client.get("/slow")).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect([error.kind, error.code, error.url, error.method]).toEqual(["timeout", "408", "/slow", "GET"]);
    expect(error.silent).toBe(false);
    expect(hanging.calls[0]?.init.signal?.aborted).toBe(true);
    expect(errors).toEqual([error]);
  });

  it("times out even when fetch ignores the signal, using the injected clock", async () => {
    const pending: { callback: () => void; ms: number }[] = [];
    const clock = {
      setTimeout: (callback: () => void, ms: number) => pending.push({ callback, ms }),
      clearTimeout: vi.fn(),
    };
    const client = createHttpClient({ fetch: () => new Promise<Response>(() => undefined), clock });
    const result = rejection(client.post("/some/path", {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(pending.map((p) => p.ms)).toEqual([10_000]);
    pending[0]?.callback();
    expect((await result).code).toBe("408");
  });

  it("clears the timer when the answer arrives", async () => {
    const { client } = setup(() => envelope("00000", 1));
    await expect(client.get("/some/path")).resolves.toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("postTransport (inside the native app)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("carries POSTs with the normalised path and params instead of fetch", async () => {
    const transport = vi.fn<PostTransport>(() => Promise.resolve({ code: "00000", data: { via: "bridge" }, msg: "" }));
    const { client, calls } = setup(undefined, { postTransport: transport });
    await expect(
      client.post(endpointPath("userInfo"), { locale: "en" }, { headers: { "dy-token": "x" } }),
    ).resolves.toEqual({ via: "bridge" });
    expect(calls).toHaveLength(0);
    expect(transport).toHaveBeenCalledTimes(1);
    const [path, params, context] = transport.mock.calls[0] ?? [];
    expect(path).toBe(endpointUrl("userInfo"));
    expect(params).toEqual({ locale: "en" });
    expect(context?.headers["dy-token"]).toBe("x");
    expect(context?.headers.TerminalType).toBe("1");
  });

  it("rejects a bridge business code like a server one", async () => {
    const transport: PostTransport = () => Promise.resolve({ code: "00005", data: null, msg: "token missing" });
    const { client, errors } = setup(undefined, { postTransport: transport });
    const error = await rejection(client.post("/some/path"));
    expect([error.kind, error.code, error.msg, error.silent, error.status]).toEqual([
      "business",
      "00005",
      "token missing",
      true,
      undefined,
    ]);
    expect(errors).toEqual([error]);
  });

  it("rejects a throwing bridge with code -1", async () => {
    const transport: PostTransport = () => Promise.reject(new Error("AppResponseUnknownError"));
    const { client } = setup(undefined, { postTransport: transport });
    const error = await rejection(client.post("/some/path"));
    expect([error.kind, error.code, error.msg]).toEqual(["network", "-1", "AppResponseUnknownError"]);
  });

  it("times out after 8 s with 408", async () => {
    const transport: PostTransport = () => new Promise(() => undefined);
    const { client } = setup(undefined, { postTransport: transport });
    let settled = false;
    const result = rejection(client.post("/some/path", { x: 1 })).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(7_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect([error.kind, error.code, error.url, error.method]).toEqual(["timeout", "408", "/some/path", "POST"]);
  });
});
