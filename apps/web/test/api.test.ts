import { describe, expect, it, vi } from "vitest";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import { createHttpClient, type FetchLike } from "@affiliates/http";

const sent: { url: string; method: string | undefined; headers: Record<string, string> }[] = [];
const fetch: FetchLike = (url, init) => {
  sent.push({ url, method: init.method, headers: init.headers as Record<string, string> });
  return Promise.resolve(new Response(JSON.stringify({ code: "00000", msg: "", data: null }), { status: 200 }));
};

// The product's request client and device token, replaced: the lazy front is what is under test.
vi.mock("../src/lib/http", () => ({ http: createHttpClient({ fetch }), raiseHttpError: vi.fn() }));
vi.mock("../src/lib/sensitive-call", () => ({
  sensitiveCallHeaders: () => Promise.resolve({ "dy-token": "device-token" }),
}));

const { api, apiKey } = await import("../src/lib/api");

describe("api: the calls load with the first one", () => {
  it("calls the endpoint through the request client once the table has loaded", async () => {
    await expect(api.logout()).resolves.toBeNull();
    expect(sent.at(-1)).toMatchObject({ url: `/${ENDPOINTS.logout.path}`, method: "POST" });
    expect(sent.at(-1)?.headers["dy-token"]).toBeUndefined();
  });

  it("is no thenable, so awaiting it does not call an endpoint", async () => {
    const count = sent.length;
    expect(await Promise.resolve(api)).toBe(api);
    expect(sent).toHaveLength(count);
  });

  it("keys an answer by its endpoint's name and what it varies by", () => {
    expect(apiKey("links", "2026-11-01", "2026-11-07")).toBe("links:2026-11-01:2026-11-07");
    expect(apiKey("links")).not.toBe(apiKey("links", "2026-11-01", "2026-11-07"));
  });
});
