import { endpointPath, endpointUrl } from "@affiliates/contracts/endpoints";
import { describe, expect, it } from "vitest";
import { createHttpClient, HttpError, type PostTransport } from "../src";
import { createFakeFetch, envelope, headersOf } from "./fake-fetch";

describe("PATCH", () => {
  it("sends the JSON body with the extra headers over fetch, also when an app transport is set", async () => {
    const fake = createFakeFetch(() => envelope("00000", { id: 7, label: "New" }));
    const bridged: unknown[] = [];
    const transport: PostTransport = (path) => {
      bridged.push(path);
      return Promise.resolve({ code: "00000", msg: "", data: null });
    };
    const client = createHttpClient({ fetch: fake.fetch, postTransport: transport });
    const answer = await client.patch<{ id: number; label: string }>(
      endpointPath("linkUpdate", { id: 7 }),
      { label: "New" },
      { headers: { "dy-token": "tok" } },
    );
    expect(answer).toEqual({ id: 7, label: "New" });
    expect(bridged).toEqual([]);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.url).toBe(endpointUrl("linkUpdate", { id: 7 }));
    expect(fake.calls[0]?.init.method).toBe("PATCH");
    expect(fake.calls[0]?.init.body).toBe(JSON.stringify({ label: "New" }));
    expect(headersOf(fake.calls[0])["dy-token"]).toBe("tok");
  });

  it("rejects a business error with the PATCH method named", async () => {
    const fake = createFakeFetch(() => envelope("40400", null, "link: not found"));
    const client = createHttpClient({ fetch: fake.fetch });
    const error = await client.patch(endpointPath("linkUpdate", { id: 9 }), { archived: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).method).toBe("PATCH");
    expect((error as HttpError).code).toBe("40400");
  });
});
