import { endpointPath, endpointUrl } from "@affiliates/contracts/endpoints";
import { describe, expect, it } from "vitest";
import { createHttpClient, HttpError, type PostTransport } from "../src";
import { createFakeFetch, envelope, headersOf } from "./fake-fetch";

describe("DELETE", () => {
  it("sends no body, with the extra headers, over fetch also when an app transport is set", async () => {
    const fake = createFakeFetch(() => envelope("00000", { id: 3, status: "withdrawn" }));
    const bridged: string[] = [];
    const transport: PostTransport = (path) => {
      bridged.push(path);
      return Promise.resolve({ code: "00000", msg: "", data: null });
    };
    const client = createHttpClient({
      fetch: fake.fetch,
      postTransport: transport,
      getHeaders: () => ({ language: "de" }),
    });
    const answer = await client.delete<{ id: number; status: string }>(
      endpointPath("subInvitationWithdraw", { id: 3 }),
      {
        headers: { "dy-token": "tok" },
      },
    );
    expect(answer).toEqual({ id: 3, status: "withdrawn" });
    expect(bridged).toEqual([]);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.url).toBe(endpointUrl("subInvitationWithdraw", { id: 3 }));
    expect(fake.calls[0]?.init.method).toBe("DELETE");
    expect(fake.calls[0]?.init.body).toBeUndefined();
    expect(fake.calls[0]?.init.credentials).toBe("same-origin");
    expect(headersOf(fake.calls[0])["dy-token"]).toBe("tok");
    expect(headersOf(fake.calls[0]).Language).toBe("de");
  });

  it("rejects a business error with the DELETE method named, after telling onError", async () => {
    const fake = createFakeFetch(() => envelope("10013", null, "invitation: no longer open"));
    const seen: HttpError[] = [];
    const client = createHttpClient({ fetch: fake.fetch, onError: (error) => seen.push(error) });
    const error = await client.delete(endpointPath("subAffiliateEnd", { userId: "8012345678" })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).method).toBe("DELETE");
    expect((error as HttpError).code).toBe("10013");
    expect(seen).toEqual([error]);
  });
});
