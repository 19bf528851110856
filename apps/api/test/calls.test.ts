import { clientCommonConfigSchema, domainConfigSchema, userOverviewSchema } from "@affiliates/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFFILIATE, createTestApp, envelope, login, PLAIN_USER, sessionCookie, type TestApp } from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe(routeTitle("domainConfig"), () => {
  it("answers the image CDN lists of the environment from the database", async () => {
    const response = await t.app.inject({ method: "GET", url: apiUrl("domainConfig") });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const body = envelope(response);
    expect(body.code).toBe("00000");
    expect(body.data).toEqual({
      imgDomainConfig: {
        foreignDomainList: ["https://img-test-1.exchange-cdn.example", "https://img-test-2.exchange-cdn.example"],
        internalDomainList: [
          "https://img-test-1.exchange-cdn-cn.example",
          "https://img-test-2.exchange-cdn-cn.example",
        ],
      },
    });
    expect(domainConfigSchema.strict().safeParse(body.data).success).toBe(true);
  });

  it("follows the rows in the config table", async () => {
    await t.app.db
      .insertInto("domain_config")
      .values({ id: 999, app_env: "test", kind: "foreign", domain: "https://img-extra.example", sort: 9 })
      .execute();
    const body = envelope(await t.app.inject({ method: "GET", url: apiUrl("domainConfig") }));
    expect(domainConfigSchema.parse(body.data).imgDomainConfig.foreignDomainList).toEqual([
      "https://img-test-1.exchange-cdn.example",
      "https://img-test-2.exchange-cdn.example",
      "https://img-extra.example",
    ]);
    await t.app.db.deleteFrom("domain_config").where("id", "=", 999).execute();
  });
});

describe(routeTitle("userInfo"), () => {
  it("answers the affiliate's masked info, every settings flag, loginName and userName", async () => {
    const cookie = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("userInfo"),
      cookies: { refresh_token: cookie },
      payload: { terminalCode: "web-abc", locale: "en" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = envelope(response);
    expect(body).toEqual({
      code: "00000",
      msg: "success",
      data: {
        userInfo: { userId: "8012345678", mobile: "+1 415****2671", email: "af****@example.com" },
        settings: {
          mbf: 1,
          ebf: 1,
          gbf: 1,
          tbf: 1,
          tpi: "1",
          tpl: 0,
          kf: 2,
          oo: 1,
          oc: 1,
          ob: 1,
          eef: 1,
          mef: 1,
          gef: 1,
        },
        loginName: "af****@example.com",
        userName: "Aurora Affiliate",
      },
    });
    expect(userOverviewSchema.strict().safeParse(body.data).success).toBe(true);
  });

  it("answers the plain user's flags (no phone) and accepts an empty body", async () => {
    const cookie = sessionCookie(await login(t.app, PLAIN_USER.email, PLAIN_USER.password));
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("userInfo"),
      cookies: { refresh_token: cookie },
    });
    const overview = userOverviewSchema.parse(envelope(response).data);
    expect(overview.userInfo).toEqual({ userId: "8012345679", mobile: "", email: "us****@example.com" });
    expect(overview.settings).toMatchObject({ mbf: 0, ebf: 1, kf: 0, gbf: 0 });
    expect(overview.userName).toBe("Uma User");
  });

  it("reads the settings from the database", async () => {
    const cookie = sessionCookie(await login(t.app, PLAIN_USER.email, PLAIN_USER.password));
    await t.app.db.updateTable("user_settings").set({ kf: 2, gbf: 1 }).where("user_id", "=", "8012345679").execute();
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("userInfo"),
      cookies: { refresh_token: cookie },
      payload: {},
    });
    expect(userOverviewSchema.parse(envelope(response).data).settings).toMatchObject({ kf: 2, gbf: 1 });
    await t.app.db.updateTable("user_settings").set({ kf: 0, gbf: 0 }).where("user_id", "=", "8012345679").execute();
  });

  it("answers 00004 without a session cookie and 00005 with an unknown token", async () => {
    const none = await t.app.inject({ method: "POST", url: apiUrl("userInfo"), payload: {} });
    expect(none.statusCode).toBe(401);
    expect(envelope(none)).toEqual({ code: "00004", msg: "Not logged in", data: null });
    const unknown = await t.app.inject({
      method: "POST",
      url: apiUrl("userInfo"),
      cookies: { refresh_token: "A".repeat(43) },
      payload: {},
    });
    expect(unknown.statusCode).toBe(401);
    expect(envelope(unknown).code).toBe("00005");
    const garbage = await t.app.inject({
      method: "POST",
      url: apiUrl("userInfo"),
      cookies: { refresh_token: "x;y" },
      payload: {},
    });
    expect(envelope(garbage).code).toBe("00005");
  });
});

describe(routeTitle("clientCommonConfig"), () => {
  it("answers the stored switch, an empty userId and the client ip when anonymous", async () => {
    const response = await t.app.inject({ method: "POST", url: apiUrl("clientCommonConfig") });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toEqual({
      code: "00000",
      msg: "success",
      data: { clientCommonConfig: { eventLogUploadSwitch: true, userId: "" }, localVo: { ip: "127.0.0.1" } },
    });
  });

  it("answers the user id when logged in, the forwarded ip from a trusted proxy, and a switched-off upload", async () => {
    const cookie = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
    await t.app.configRepository.setClientSetting("eventLogUploadSwitch", false);
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("clientCommonConfig"),
      cookies: { refresh_token: cookie },
      headers: { "x-forwarded-for": "203.0.113.7" },
      payload: {},
    });
    expect(clientCommonConfigSchema.parse(envelope(response).data)).toEqual({
      clientCommonConfig: { eventLogUploadSwitch: false, userId: "8012345678" },
      localVo: { ip: "203.0.113.7" },
    });
    await t.app.configRepository.setClientSetting("eventLogUploadSwitch", true);
  });

  it("accepts an empty body sent as JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("clientCommonConfig"),
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(response.statusCode).toBe(200);
    expect(envelope(response).code).toBe("00000");
  });
});

describe("every answer", () => {
  it("carries the security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: apiUrl("domainConfig") });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it("is a 404 envelope for an unknown route", async () => {
    // Deliberately not a table path: the message names the unknown path.
    const response = await t.app.inject({ method: "GET", url: "/v1/nope?x=1" });
    expect(response.statusCode).toBe(404);
    expect(envelope(response)).toEqual({ code: "404", msg: "GET /v1/nope: no such route", data: null });
  });
});

describe("image hosts of a reference deployment", () => {
  it("serves every environment's images from its public origin when one is configured, else keeps the illustrative hosts", async () => {
    const { demoDomains, DEMO_DOMAINS } = await import("../src/seed");
    const own = { foreign: ["http://localhost:3100"], internal: ["http://localhost:3100"] };
    expect(demoDomains("http://localhost:3100")).toEqual({ test: own, beta: own, online: own });
    expect(demoDomains(undefined)).toBe(DEMO_DOMAINS);
    expect(demoDomains("")).toBe(DEMO_DOMAINS);
  });
});
