import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refused } from "./helpers/envelope-assertions";
import { makeEvent } from "./helpers/analytics-events";
import { createTestApp, envelope, type TestApp } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

const EVIL = "https://evil.example";
const CROSS_SITE = /^origin: cross-site request refused$/;
const JSON_TYPE = { "content-type": "application/json" };
/** `depth` arrays inside each other around a number: `[[[1]]]` is depth 3. */
const nested = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    publicOrigin: "https://www.exchange.example",
    allowedOrigins: ["https://m.exchange.example"],
    adminToken: "guards-admin",
  });
});
afterAll(async () => {
  await t.close();
});

const logout = (headers: Record<string, string>) => t.app.inject({ method: "POST", url: apiUrl("logout"), headers });

describe("cross-site request refusal (Origin, else Referer)", () => {
  it.each([
    ["a foreign Origin", { origin: EVIL }],
    ["Origin: null", { origin: "null" }],
    ["an Origin that is no URL", { origin: "not a url" }],
    ["a foreign Origin even with a same-site Referer", { origin: EVIL, referer: "http://localhost/affiliates" }],
    ["no Origin and a foreign Referer", { referer: `${EVIL}/page` }],
    ["an Origin on another port of the host", { origin: "http://localhost:3001" }],
    ["the public origin's scheme swapped", { origin: "http://www.exchange.example" }],
  ])("refuses a POST with %s: 403 and the envelope", async (_name, headers) => {
    refused(await logout(headers), 403, "403", CROSS_SITE);
  });

  it.each([
    ["neither header (native app, curl, server)", {}],
    ["the request's own origin", { origin: "http://localhost" }],
    ["a same-origin Referer", { referer: "http://localhost/affiliates/fee?x=1" }],
    ["PUBLIC_ORIGIN", { origin: "https://www.exchange.example" }],
    ["an ALLOWED_ORIGINS entry", { origin: "https://m.exchange.example" }],
    [
      "the origin a trusted proxy forwards (X-Forwarded-Proto/Host)",
      { origin: "https://partners.example", "x-forwarded-proto": "https", "x-forwarded-host": "partners.example" },
    ],
    [
      "the Host kept by the proxy, https from X-Forwarded-Proto",
      { origin: "https://portal.example:8443", host: "portal.example:8443", "x-forwarded-proto": "https" },
    ],
  ])("accepts a POST with %s", async (_name, headers) => {
    expect((await logout(headers)).statusCode).toBe(200);
  });

  it("refuses PUT, PATCH and DELETE alike, and lets GET through", async () => {
    const admin = { "x-admin-token": "guards-admin", origin: EVIL };
    refused(
      await t.app.inject({
        method: "PUT",
        url: apiUrl("adminAnalyticsSwitch"),
        headers: admin,
        payload: { ip: "192.0.2.1", enabled: false },
      }),
      403,
      "403",
      CROSS_SITE,
    );
    refused(
      await t.app.inject({
        method: "PATCH",
        url: apiUrl("linkUpdate", { id: 1 }),
        headers: { origin: EVIL },
        payload: {},
      }),
      403,
      "403",
      CROSS_SITE,
    );
    refused(
      await t.app.inject({
        method: "DELETE",
        url: apiUrl("subAffiliateEnd", { userId: 1 }),
        headers: { origin: EVIL },
      }),
      403,
      "403",
      CROSS_SITE,
    );
    expect(
      (await t.app.inject({ method: "GET", url: apiUrl("domainConfig"), headers: { origin: EVIL } })).statusCode,
    ).toBe(200);
  });

  it("covers the stand-in form pages and the Sentry tunnel", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded", origin: EVIL };
    refused(
      await t.app.inject({ method: "POST", url: "/login", headers: form, payload: "email=a%40b.co&password=x" }),
      403,
      "403",
      CROSS_SITE,
    );
    refused(
      await t.app.inject({ method: "POST", url: "/ja/register", headers: form, payload: "email=a%40b.co&password=x" }),
      403,
      "403",
      CROSS_SITE,
    );
    refused(
      await t.app.inject({
        method: "POST",
        url: apiUrl("sentryTunnel", { projectId: 1 }),
        headers: { "content-type": "text/plain", origin: EVIL },
        payload: "{}",
      }),
      403,
      "403",
      CROSS_SITE,
    );
    refused(
      await t.app.inject({
        method: "POST",
        url: apiUrl("analyticsIngest"),
        headers: { ...JSON_TYPE, origin: EVIL },
        payload: "[]",
      }),
      403,
      "403",
      CROSS_SITE,
    );
  });
});

describe("methods no route uses", () => {
  it.each([
    ["TRACE", apiUrl("login"), "POST"],
    // The main site's login page is not a /v1 call, so not in the endpoint table.
    ["OPTIONS", "/login", "GET, HEAD, POST"],
    ["PROPFIND", apiUrl("domainConfig"), "GET, HEAD"],
    // Deliberately no route at all.
    ["TRACE", "/no/such/path", "GET, HEAD, POST, PUT, PATCH, DELETE"],
  ] as const)("%s %s answers 405 with the envelope and Allow: %s", async (method, url, allow) => {
    const response = await t.app.inject({ method, url });
    refused(response, 405, "405", `${method} ${url}: method not allowed`);
    expect(response.headers.allow).toBe(allow);
  });

  it("keeps 404 for unknown paths with supported methods", async () => {
    refused(await t.app.inject({ method: "GET", url: "/no/such/path" }), 404, "404");
    refused(await t.app.inject({ method: "POST", url: "/no/such/path" }), 404, "404");
  });
});

describe("JSON nested too deeply", () => {
  it("is refused with 400 before parsing, in the app's JSON parser", async () => {
    refused(
      await t.app.inject({ method: "POST", url: apiUrl("logout"), headers: JSON_TYPE, payload: nested(65) }),
      400,
      "400",
      "body: nested too deeply",
    );
    refused(
      await t.app.inject({
        method: "POST",
        url: apiUrl("login"),
        headers: JSON_TYPE,
        payload: `{"email":${nested(30_000)}}`,
      }),
      400,
      "400",
      "body: nested too deeply",
    );
  });

  it("counts only real brackets: inside strings (escaped quotes too) they are text", async () => {
    const ext = { note: `\\"${"[{".repeat(200)}` };
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("analyticsIngest"),
      headers: JSON_TYPE,
      payload: JSON.stringify([makeEvent(1, { event_tracking_ext: ext })]),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope(response).data).toMatchObject({ accepted: 1 });
  });

  it("is refused in analytics events (event_tracking_ext) past 64 levels, accepted up to them", async () => {
    const deepExt = (levels: number) => JSON.parse(`{"a":${nested(levels)}}`) as Record<string, unknown>;
    // The array, the event and the ext object are three levels: 61 more make 64.
    const fits = await t.app.inject({
      method: "POST",
      url: apiUrl("analyticsIngest"),
      headers: JSON_TYPE,
      payload: JSON.stringify([makeEvent(2, { event_tracking_ext: deepExt(61) })]),
    });
    expect(envelope(fits).data).toMatchObject({ accepted: 1 });
    const deeper = await t.app.inject({
      method: "POST",
      url: apiUrl("analyticsIngest"),
      headers: JSON_TYPE,
      payload: JSON.stringify([makeEvent(3, { event_tracking_ext: deepExt(62) })]),
    });
    refused(deeper, 400, "400", "body: nested too deeply");
  });

  it.each([70, 5000])("is refused inside the risk log's paramStr (deviceInfo %i deep)", async (depth) => {
    // Built as text: JSON.stringify of such a value overflows the stack (what the server must never attempt).
    const json = `{"version":"1","dxToken":"","customToken":"","timestamp":1,"deviceInfo":{"screen":${nested(depth)}}}`;
    const paramStr = Buffer.from(json, "utf8").toString("base64");
    refused(
      await t.app.inject({ method: "POST", url: apiUrl("riskLogReport"), headers: JSON_TYPE, payload: { paramStr } }),
      400,
      "400",
      "paramStr: nested too deeply",
    );
  });
});
