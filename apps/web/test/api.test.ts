import { describe, expect, it, vi } from "vitest";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import { createHttpClient, type FetchLike } from "@affiliates/http";

const sent: { url: string; method: string | undefined; headers: Record<string, string> }[] = [];
const fetch: FetchLike = (url, init) => {
  sent.push({ url, method: init.method, headers: init.headers as Record<string, string> });
  return Promise.resolve(new Response(JSON.stringify({ code: "00000", msg: "", data: null }), { status: 200 }));
};

// The product's request client and device token, replaced: the calls built over them are what is under test.
vi.mock("../src/lib/http", () => ({ http: createHttpClient({ fetch }), raiseHttpError: vi.fn() }));
vi.mock("../src/lib/sensitive-call", () => ({
  sensitiveCallHeaders: () => Promise.resolve({ "dy-token": "device-token" }),
}));

const { api, apiKey, endpointKey } = await import("../src/lib/api");
const { OFFERS, offerKey } = await import("../src/lib/offers");

describe("api: the calls of the endpoint table", () => {
  it("calls the endpoint through the request client", async () => {
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

describe("endpointKey: the cache key derived from the endpoint and its input", () => {
  it("is the name alone without input, and the sorted non-empty fields as a query otherwise", () => {
    expect(endpointKey("payouts", {})).toBe("payouts");
    expect(endpointKey("links", { to: "2026-01-31", from: "2026-01-01" })).toBe("links?from=2026-01-01&to=2026-01-31");
    expect(endpointKey("invitees", { page: 2, search: "", sort: undefined })).toBe("invitees?page=2");
    // Another input is another key; the same input in another order is the same key.
    expect(endpointKey("links", { from: "a", to: "b" })).not.toBe(endpointKey("links", { from: "a", to: "c" }));
    expect(endpointKey("commissions", { page: 1, from: "x" })).toBe(endpointKey("commissions", { from: "x", page: 1 }));
  });

  it("finds every offer the server rendered into the page (the same key as offerKey)", () => {
    for (const [name, offer] of Object.entries(OFFERS)) {
      const key = endpointKey(offer.endpoint, {}, offer.perLocale ? { locale: "ja" } : undefined);
      expect(key, name).toBe(offerKey(name as keyof typeof OFFERS, "ja"));
    }
  });
});
