import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFFILIATE, createTestApp, login, sessionCookie, type TestApp } from "./helpers/test-app";
import { HSTS, PERMISSIONS_POLICY } from "../src/platform/plugins/helmet";
import { apiUrl } from "./helpers/api-url";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = `refresh_token=${sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password))}`;
});
afterAll(async () => {
  await t.close();
});

const userInfo = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: apiUrl("userInfo"),
    headers: { cookie, ...headers },
    payload: { terminalCode: "t1", locale: "en" },
  });

describe("security headers of the API", () => {
  it("every answer — JSON, errors, HTML pages — has nosniff, a strict referrer policy, no powerful features and no framing", async () => {
    const answers = [
      await userInfo(),
      await t.app.inject({ method: "GET", url: apiUrl("domainConfig") }),
      // Deliberately not a table path: the 404 answer must carry the headers too.
      await t.app.inject({ method: "GET", url: "/v1/no/such/route" }),
      await t.app.inject({ method: "POST", url: apiUrl("userInfo"), payload: {} }), // no session
      await t.app.inject({ method: "GET", url: "/login" }),
    ];
    for (const response of answers) {
      const where = `${response.statusCode} ${String(response.headers["content-type"])}`;
      expect(response.headers["x-content-type-options"], where).toBe("nosniff");
      expect(response.headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
      expect(response.headers["permissions-policy"], where).toBe(PERMISSIONS_POLICY);
      expect(response.headers["content-security-policy"], where).toMatch(/frame-ancestors '(none|self)'/);
      expect(response.headers["x-powered-by"], where).toBeUndefined();
    }
    expect(answers[0]?.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it("sends HSTS only when the trusted gateway says the request came over https", async () => {
    expect((await userInfo()).headers["strict-transport-security"]).toBeUndefined();
    expect((await userInfo({ "x-forwarded-proto": "http" })).headers["strict-transport-security"]).toBeUndefined();
    expect((await userInfo({ "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toBe(HSTS);
    // From an untrusted address the header is not believed.
    const spoofed = await t.app.inject({
      method: "POST",
      url: apiUrl("userInfo"),
      remoteAddress: "203.0.113.9",
      headers: { cookie, "x-forwarded-proto": "https" },
      payload: { terminalCode: "t1", locale: "en" },
    });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });

  it("user data is never cached; public configuration may be", async () => {
    const info = await userInfo();
    expect(info.statusCode).toBe(200);
    expect(info.headers["cache-control"]).toBe("no-store");
    const application = await t.app.inject({
      method: "GET",
      url: apiUrl("myAffiliateApplication"),
      headers: { cookie },
    });
    expect(application.statusCode).toBe(200);
    expect(application.headers["cache-control"]).toBe("no-store");
    // Errors (401 without a session, 404) are not cached either.
    expect(
      (await t.app.inject({ method: "POST", url: apiUrl("userInfo"), payload: {} })).headers["cache-control"],
    ).toBe("no-store");
    expect((await t.app.inject({ method: "GET", url: "/v1/no/such/route" })).headers["cache-control"]).toBe("no-store");
    expect((await t.app.inject({ method: "GET", url: apiUrl("domainConfig") })).headers["cache-control"]).toBe(
      "public, max-age=60",
    );
  });

  it("the session cookie is httpOnly, SameSite=Lax and Secure over https; its readable hint holds no secret", async () => {
    const plain = await login(t.app, AFFILIATE.email, AFFILIATE.password);
    const session = plain.cookies.find((c) => c.name === "refresh_token");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.path).toBe("/");
    const hint = plain.cookies.find((c) => c.name !== "refresh_token");
    expect(hint?.value).toBe("1");
    const secure = await login(t.app, AFFILIATE.email, AFFILIATE.password, { "x-forwarded-proto": "https" });
    expect(secure.cookies.find((c) => c.name === "refresh_token")?.secure).toBe(true);
  });
});
