import { ContentType, TRACE_ID_PATTERN } from "@affiliates/contracts";
import { describe, expect, it } from "vitest";
import { createHttpClient, encodeFormBody, HttpError, type PostTransport } from "../src";
import { createFakeFetch, envelope, headersOf } from "./fake-fetch";

describe("PUT (requirements.md §3's verbs)", () => {
  it("sends the JSON body over fetch with the PUT method, also when an app transport is set", async () => {
    const fake = createFakeFetch(() => envelope("00000", { monthlyQuota: 12 }));
    const bridged: string[] = [];
    const transport: PostTransport = (path) => {
      bridged.push(path);
      return Promise.resolve({ code: "00000", msg: "", data: null });
    };
    const client = createHttpClient({ fetch: fake.fetch, postTransport: transport });
    const answer = await client.put("v1/admin/affiliate/card-quota/7", { monthlyQuota: 12 });
    expect(answer).toEqual({ monthlyQuota: 12 });
    expect(bridged).toEqual([]);
    expect(fake.calls[0]?.url).toBe("/v1/admin/affiliate/card-quota/7");
    expect(fake.calls[0]?.init.method).toBe("PUT");
    expect(fake.calls[0]?.init.body).toBe(JSON.stringify({ monthlyQuota: 12 }));
    expect(headersOf(fake.calls[0])["Content-Type"]).toBe(ContentType.json);
  });

  it("rejects a refusal with the PUT method named", async () => {
    const fake = createFakeFetch(() => envelope("400", null, "monthlyQuota: too big"));
    const error = await createHttpClient({ fetch: fake.fetch })
      .put("/v1/x", { monthlyQuota: 5000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).method).toBe("PUT");
  });
});

describe("form-urlencoded bodies (requirements.md §3's content types)", () => {
  it("encodes scalars, repeats arrays, drops empties and writes nested objects as JSON", () => {
    expect(encodeFormBody({ a: 1, b: "x y&z", c: [1, 2], d: "", e: null, f: true, g: { h: 1 }, i: 0 })).toBe(
      "a=1&b=x+y%26z&c=1&c=2&f=true&g=%7B%22h%22%3A1%7D&i=0",
    );
    expect(encodeFormBody(undefined)).toBe("");
    expect(encodeFormBody([1, 2])).toBe("");
  });

  it("POST, PUT and PATCH send form bodies with the form content type when asked", async () => {
    const fake = createFakeFetch(() => envelope("00000", null));
    const client = createHttpClient({ fetch: fake.fetch });
    await client.post("/v1/a", { name: "Ann", tags: ["x", "y"] }, { encoding: "form" });
    await client.put("/v1/b", { n: 2 }, { encoding: "form" });
    await client.patch("/v1/c", { n: 3 }, { encoding: "form" });
    expect(fake.calls.map((call) => [call.init.method, call.init.body, headersOf(call)["Content-Type"]])).toEqual([
      ["POST", "name=Ann&tags=x&tags=y", ContentType.formUrlencoded],
      ["PUT", "n=2", ContentType.formUrlencoded],
      ["PATCH", "n=3", ContentType.formUrlencoded],
    ]);
  });

  it("inside the app, a form POST still goes to the bridge as an object", async () => {
    const fake = createFakeFetch(() => envelope("00000", null));
    const bridged: unknown[] = [];
    const transport: PostTransport = (_path, params) => {
      bridged.push(params);
      return Promise.resolve({ code: "00000", msg: "", data: "ok" });
    };
    const client = createHttpClient({ fetch: fake.fetch, postTransport: transport });
    expect(await client.post("v1/a", { n: 1 }, { encoding: "form" })).toBe("ok");
    expect(bridged).toEqual([{ n: 1 }]);
    expect(fake.calls).toHaveLength(0);
  });
});

describe("the trace id (requirements.md §3) on every request", () => {
  it("sends a new TraceId of the spec's form with every call, through fetch and the bridge", async () => {
    const fake = createFakeFetch(() => envelope("00000", null));
    const client = createHttpClient({ fetch: fake.fetch });
    await client.get("/v1/a");
    await client.post("/v1/b", {});
    await client.delete("/v1/c");
    const ids = fake.calls.map((call) => headersOf(call).TraceId ?? "");
    for (const id of ids) expect(id).toMatch(TRACE_ID_PATTERN);
    expect(new Set(ids).size).toBe(3);

    const contexts: Record<string, string>[] = [];
    const bridged = createHttpClient({
      postTransport: (_path, _params, context) => {
        contexts.push(context.headers);
        return Promise.resolve({ code: "00000", msg: "", data: null });
      },
      newTraceId: () => "w1700000000123abcdefghijk",
    });
    await bridged.post("v1/d", {});
    expect(contexts[0]?.TraceId).toBe("w1700000000123abcdefghijk");
  });
});
