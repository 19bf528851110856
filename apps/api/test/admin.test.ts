import { adminHealthSchema } from "@affiliates/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenMatches } from "../src/admin-routes";
import { AFFILIATE_DEMO_USERS } from "../src/seed/affiliate-specs";
import { AFFILIATE, createTestApp, DIALECT, envelope, login, type TestApp } from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

describe(routeTitle("adminHealth"), () => {
  let withToken: TestApp;
  let withoutToken: TestApp;
  beforeAll(async () => {
    [withToken, withoutToken] = await Promise.all([
      createTestApp({ adminToken: "s3cret-token" }),
      createTestApp({ adminToken: undefined }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withToken.close(), withoutToken.close()]);
  });

  it("answers the dialect, counts and uptime with the right token", async () => {
    await login(withToken.app, AFFILIATE.email, AFFILIATE.password);
    const response = await withToken.app.inject({
      method: "GET",
      url: apiUrl("adminHealth"),
      headers: { "x-admin-token": "s3cret-token" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = envelope(response);
    expect(body.code).toBe("00000");
    const health = adminHealthSchema.strict().parse(body.data);
    expect(health).toMatchObject({
      ok: true,
      dialect: DIALECT,
      store: "memory",
      appEnv: "test",
      counts: { users: 2 + AFFILIATE_DEMO_USERS.length, sessions: 1 },
    });
    expect(health.uptimeS).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ["no header", {}],
    ["a wrong token", { "x-admin-token": "s3cret-tokem" }],
    ["a prefix of the token", { "x-admin-token": "s3cret" }],
    ["an empty token", { "x-admin-token": "" }],
    ["the token in another header", { authorization: "Bearer s3cret-token" }],
  ])("refuses %s with a 403 envelope", async (_name, headers: Record<string, string>) => {
    const response = await withToken.app.inject({ method: "GET", url: apiUrl("adminHealth"), headers });
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toEqual({ code: "403", msg: "x-admin-token: missing or wrong admin token", data: null });
  });

  it("refuses everything while ADMIN_TOKEN is unset", async () => {
    for (const headers of [{}, { "x-admin-token": "" }, { "x-admin-token": "undefined" }]) {
      const response = await withoutToken.app.inject({ method: "GET", url: apiUrl("adminHealth"), headers });
      expect(response.statusCode).toBe(403);
      expect(envelope(response).msg).toBe("x-admin-token: the admin API is disabled (ADMIN_TOKEN is not set)");
    }
  });

  it("refuses unknown admin routes before revealing anything", async () => {
    // Deliberately not a table path: an admin route that does not exist.
    const response = await withoutToken.app.inject({ method: "GET", url: "/v1/admin/events" });
    expect([403, 404]).toContain(response.statusCode);
  });
});

describe("tokenMatches", () => {
  it("compares whole tokens only", () => {
    expect(tokenMatches("abc", "abc")).toBe(true);
    expect(tokenMatches("abcd", "abc")).toBe(false);
    expect(tokenMatches("", "")).toBe(false);
    expect(tokenMatches(undefined, "abc")).toBe(false);
    expect(tokenMatches("abc", undefined)).toBe(false);
  });
});
