import { describe, expect, it, vi } from "vitest";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import {
  createHttpClient,
  HttpError,
  NETWORK_ERROR_CODE,
  type FetchLike,
  type HttpError as HttpErrorType,
} from "@affiliates/http";
import { createApi } from "../src/lib/create-api";

interface Sent {
  url: string;
  method: string | undefined;
  body: unknown;
  headers: Record<string, string>;
}

/** An api over a real request client whose fetch records each request and answers `data` in a success envelope. */
function apiAnswering(data: unknown) {
  const sent: Sent[] = [];
  const errors: HttpErrorType[] = [];
  const fetch: FetchLike = (url, init) => {
    sent.push({
      url,
      method: init.method,
      body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : init.body,
      headers: init.headers as Record<string, string>,
    });
    return Promise.resolve(
      new Response(JSON.stringify({ code: "00000", msg: "", data }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
  };
  const sensitiveHeaders = vi.fn(() => Promise.resolve({ "dy-token": "device-token" }));
  const client = createHttpClient({ fetch, onError: (error) => errors.push(error) });
  return { api: createApi({ client, sensitiveHeaders }), sent, errors, sensitiveHeaders };
}

const url = (path: string, query = "") => `/${path}${query}`;

describe("api.<name>: the call an endpoint entry describes", () => {
  it("a GET sends its input as the query (empty fields left out), without the device token", async () => {
    const { api, sent, sensitiveHeaders } = apiAnswering({ id: 7, status: "accepted" });
    await api
      .invitees({ page: 2, pageSize: 10, search: undefined, sort: "volume", order: "desc" })
      .catch(() => undefined);
    expect(sent[0]).toMatchObject({
      url: url(ENDPOINTS.invitees.path, "?page=2&pageSize=10&sort=volume&order=desc"),
      method: "GET",
      body: undefined,
    });
    expect(sent[0]?.headers["dy-token"]).toBeUndefined();
    expect(sensitiveHeaders).not.toHaveBeenCalled();
  });

  it("fills the path's parameters, URI-encoded, and sends the rest as the body with the device token when the entry says so", async () => {
    const { api, sent, sensitiveHeaders } = apiAnswering({ userId: "80 12", rateBps: 100 });
    await api.subAffiliateUpdate({ userId: "80 12", rateBps: 100, note: "desk" }).catch(() => undefined);
    expect(sent[0]).toMatchObject({
      url: url(ENDPOINTS.subAffiliateUpdate.path.replace(":userId", "80%2012")),
      method: ENDPOINTS.subAffiliateUpdate.method,
      body: { rateBps: 100, note: "desk" },
    });
    expect(sent[0]?.headers["dy-token"]).toBe("device-token");
    expect(sensitiveHeaders).toHaveBeenCalledTimes(1);
  });

  it("a POST without input sends an empty object; the answer that fits its schema is resolved", async () => {
    const joined = { campaignId: "nova-launch", joinedAt: "2026-11-27T00:00:00.000Z", alreadyJoined: false };
    const { api, sent } = apiAnswering(joined);
    await expect(api.vipAirdropJoin({ id: "nova-launch" })).resolves.toEqual(joined);
    expect(sent[0]).toMatchObject({
      url: url(ENDPOINTS.vipAirdropJoin.path.replace(":id", "nova-launch")),
      method: "POST",
      body: {},
    });
    expect(sent[0]?.headers["dy-token"]).toBe("device-token");
  });

  it("a DELETE sends no body", async () => {
    const { api, sent } = apiAnswering({ userId: "8012345678", ended: true });
    await expect(api.subAffiliateEnd({ userId: "8012345678" })).resolves.toEqual({ userId: "8012345678", ended: true });
    expect(sent[0]).toMatchObject({
      url: url(ENDPOINTS.subAffiliateEnd.path.replace(":userId", "8012345678")),
      method: "DELETE",
      body: undefined,
    });
  });

  it("an answer that does not fit the entry's answer schema rejects as an unexpected response (checked outside production)", async () => {
    const { api, errors } = apiAnswering({ id: "seven", status: "accepted" });
    const error = await api.subInvitationAccept({ id: 7, rateBps: 3000 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      kind: "network",
      code: NETWORK_ERROR_CODE,
      method: "POST",
      url: url(ENDPOINTS.subInvitationAccept.path.replace(":id", "7")),
    });
    expect(errors).toEqual([error]);
  });

  it("passes the caller's handled codes on to the request client", async () => {
    const fetch: FetchLike = () =>
      Promise.resolve(
        new Response(JSON.stringify({ code: "10013", msg: "invitation: no longer open", data: null }), { status: 409 }),
      );
    const errors: HttpErrorType[] = [];
    const api = createApi({
      client: createHttpClient({ fetch, onError: (error) => errors.push(error) }),
      sensitiveHeaders: () => Promise.resolve({}),
    });
    await expect(api.subInvitationWithdraw({ id: 3 }, { handledCodes: ["10013"] })).rejects.toMatchObject({
      kind: "business",
      code: "10013",
    });
    expect(errors).toEqual([]); // the caller shows it: no toast, no report
  });

  it("offers no operators' calls", () => {
    const { api } = apiAnswering(null);
    expect(Object.keys(api)).not.toContain("adminTrades");
    expect(Object.keys(api)).toContain("userInfo");
  });
});
