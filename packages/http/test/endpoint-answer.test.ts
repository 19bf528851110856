import { endpointPath, endpointUrl } from "@affiliates/contracts/endpoints";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AnswerMismatchError,
  createHttpClient,
  endpointAnswer,
  HttpError,
  NETWORK_ERROR_CODE,
  type PostTransport,
} from "../src";
import { createFakeFetch, envelope } from "./fake-fetch";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("endpointAnswer", () => {
  it("hands on an answer that fits the entry's schema, as it came", async () => {
    const data = { userId: "8012345678", ended: true, extra: "kept" };
    await expect(endpointAnswer("subAffiliateEnd")(data)).resolves.toBe(data);
  });

  it("refuses an answer that does not fit, naming the endpoint and the field, outside production", async () => {
    const read = endpointAnswer("subAffiliateEnd");
    const refusal = await read({ userId: 8012345678, ended: true }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AnswerMismatchError);
    expect((refusal as Error).message).toMatch(/^subAffiliateEnd: answer does not match its schema \(userId: /);
  });

  it("types the answer only in production (no schema is loaded)", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const wrong = { userId: 1 };
    await expect(endpointAnswer("subAffiliateEnd")(wrong)).resolves.toBe(wrong);
  });
});

describe("a call with an answer reader", () => {
  it("resolves with the read answer", async () => {
    const fake = createFakeFetch(() => envelope("00000", { userId: "8012345678", ended: true }));
    const client = createHttpClient({ fetch: fake.fetch });
    const answer = await client.delete(endpointPath("subAffiliateEnd", { userId: "8012345678" }), {
      read: endpointAnswer("subAffiliateEnd"),
    });
    expect(answer.ended).toBe(true);
  });

  it("rejects a mismatching answer as an unexpected response, told to onError with the call's url and method", async () => {
    const fake = createFakeFetch(() => envelope("00000", { ended: "yes" }));
    const seen: HttpError[] = [];
    const client = createHttpClient({ fetch: fake.fetch, onError: (error) => seen.push(error) });
    const error = await client
      .delete(endpointPath("subAffiliateEnd", { userId: 8 }), { read: endpointAnswer("subAffiliateEnd") })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      kind: "network",
      code: NETWORK_ERROR_CODE,
      url: endpointUrl("subAffiliateEnd", { userId: 8 }),
      method: "DELETE",
    });
    expect((error as HttpError).msg).toMatch(/^Unexpected response: subAffiliateEnd: answer does not match/);
    expect(seen).toEqual([error]);
  });

  it("reads an answer that came through the app's bridge too", async () => {
    const transport: PostTransport = () => Promise.resolve({ code: "00000", msg: "", data: { userId: 5 } });
    const client = createHttpClient({ postTransport: transport });
    const error = await client.post(endpointPath("userInfo"), {}, { read: endpointAnswer("userInfo") }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: "network", url: endpointUrl("userInfo"), method: "POST" });
  });

  it("leaves a refusal a refusal: the reader only sees successful answers", async () => {
    const fake = createFakeFetch(() => envelope("10013", null, "invitation: no longer open"));
    const read = vi.fn(endpointAnswer("subInvitationWithdraw"));
    const client = createHttpClient({ fetch: fake.fetch });
    await expect(client.delete(endpointPath("subInvitationWithdraw", { id: 3 }), { read })).rejects.toMatchObject({
      kind: "business",
      code: "10013",
    });
    expect(read).not.toHaveBeenCalled();
  });
});
