import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "../src/platform/lib/days";
import { hashToken } from "../src/domains/auth/sessions-repository";
import {
  AFFILIATE,
  createTestApp,
  deviceToken,
  envelope,
  login,
  sessionCookie,
  type TestApp,
} from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

let clock = Date.parse("2026-11-25T10:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, sessionTtlMs: 7 * DAY_MS });
});
afterAll(async () => {
  await t.close();
});

const userinfo = (cookie: string) =>
  t.app.inject({ method: "POST", url: apiUrl("userInfo"), cookies: { refresh_token: cookie }, payload: {} });

describe("login", () => {
  it("sets an httpOnly, SameSite=Lax refresh_token cookie for 7 days and stores only its hash", async () => {
    const response = await login(t.app, AFFILIATE.email, AFFILIATE.password);
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toEqual({ code: "00000", msg: "success", data: { userId: "8012345678" } });
    const cookie = response.cookies.find((c) => c.name === "refresh_token");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 7 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeUndefined();
    const token = cookie?.value ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.db.selectFrom("sessions").selectAll().where("user_id", "=", "8012345678").execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.find((r) => r.token_hash === hashToken(token))?.expires_at).toBe(
      new Date(clock + 7 * DAY_MS).toISOString(),
    );
  });

  it("is case-insensitive on the email", async () => {
    const response = await login(t.app, "Affiliate@Example.com", AFFILIATE.password);
    expect(envelope(response).data).toEqual({ userId: "8012345678" });
  });

  it("marks the cookie Secure behind an https proxy", async () => {
    const response = await login(t.app, AFFILIATE.email, AFFILIATE.password, { "x-forwarded-proto": "https" });
    expect(response.cookies.find((c) => c.name === "refresh_token")?.secure).toBe(true);
  });

  it("refuses a wrong password and an unknown email alike, with 401 and no cookie", async () => {
    for (const [email, password] of [
      [AFFILIATE.email, "wrong-password"],
      ["nobody@example.com", AFFILIATE.password],
    ] as const) {
      const response = await login(t.app, email, password, { "x-forwarded-for": "198.51.100.1" });
      expect(response.statusCode).toBe(401);
      expect(envelope(response)).toEqual({ code: "10001", msg: "Incorrect email or password", data: null });
      expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
    }
  });
});

describe("sessions", () => {
  it("work until their expiry, then answer 00005 and clear the cookie", async () => {
    const cookie = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
    expect(envelope(await userinfo(cookie)).code).toBe("00000");
    clock += 7 * DAY_MS - 1000;
    expect(envelope(await userinfo(cookie)).code).toBe("00000");
    clock += 2000;
    const expired = await userinfo(cookie);
    expect(expired.statusCode).toBe(401);
    expect(envelope(expired).code).toBe("00005");
    expect(expired.cookies.find((c) => c.name === "refresh_token")?.value).toBe("");
  });
});

describe("logout", () => {
  it("deletes the session and clears the cookie", async () => {
    const cookie = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
    const response = await t.app.inject({ method: "POST", url: apiUrl("logout"), cookies: { refresh_token: cookie } });
    expect(response.statusCode).toBe(200);
    expect(envelope(response)).toEqual({ code: "00000", msg: "success", data: null });
    const cleared = response.cookies.find((c) => c.name === "refresh_token");
    expect(cleared?.value).toBe("");
    expect(cleared?.maxAge).toBe(0);
    const row = await t.app.db
      .selectFrom("sessions")
      .select("user_id")
      .where("token_hash", "=", hashToken(cookie))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(envelope(await userinfo(cookie)).code).toBe("00005");
  });

  it("succeeds without a session too", async () => {
    const response = await t.app.inject({ method: "POST", url: apiUrl("logout"), payload: {} });
    expect(envelope(response).code).toBe("00000");
  });
});

describe("register", () => {
  it("creates a plain user, logs them in and answers their overview", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("register"),
      headers: { "dy-token": await deviceToken(t.app) },
      payload: { email: "New.Trader@example.org", password: "correct horse", mobile: "+44 7700900123" },
    });
    expect(response.statusCode).toBe(200);
    const data = envelope(response).data as { userId: string };
    expect(data.userId).toMatch(/^[1-9]\d{9}$/);
    const overview = envelope(await userinfo(sessionCookie(response))).data;
    expect(overview).toEqual({
      userInfo: { userId: data.userId, mobile: "+44 770****0123", email: "ne****@example.org" },
      settings: { mbf: 1, ebf: 1, gbf: 0, tbf: 0, tpi: "", tpl: 0, kf: 0, oo: 0, oc: 0, ob: 0, eef: 1, mef: 0, gef: 0 },
      loginName: "ne****@example.org",
      userName: "new.trader",
    });
    const again = await login(t.app, "new.trader@example.org", "correct horse");
    expect(envelope(again).data).toEqual({ userId: data.userId });
    const user = await t.app.db
      .selectFrom("users")
      .select("password_hash")
      .where("user_id", "=", data.userId)
      .executeTakeFirst();
    expect(user?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(user?.password_hash).not.toContain("correct horse");
  });

  it("refuses a registered email with 409 and code 10002", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("register"),
      headers: { "dy-token": await deviceToken(t.app) },
      payload: { email: AFFILIATE.email, password: "Velvet-Comet-Forge" },
    });
    expect(response.statusCode).toBe(409);
    expect(envelope(response)).toEqual({ code: "10002", msg: "email: this address is already registered", data: null });
  });
});

describe("device token (dy-token) on login and register", () => {
  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload, headers });
  const cases = [
    [apiUrl("login"), { email: AFFILIATE.email, password: AFFILIATE.password }],
    [apiUrl("register"), { email: "token-check@example.org", password: "correct horse battery" }],
  ] as const;

  it.each(cases)("%s without a token → 403, code 22001, no session", async (url, payload) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toEqual({ code: "22001", msg: "dy-token: missing", data: null });
    expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
  });

  it.each(cases)('%s with an unknown token → 403 "dy-token: unknown or expired"', async (url, payload) => {
    const response = await post(url, payload, { "dy-token": "Q".repeat(40) });
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toEqual({ code: "22001", msg: "dy-token: unknown or expired", data: null });
  });

  it.each(cases)("%s with a malformed token → 403 naming the format", async (url, payload) => {
    const response = await post(url, payload, { "dy-token": "short" });
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toEqual({
      code: "22001",
      msg: "dy-token: must be exactly 40 characters A-Z, a-z, 0-9",
      data: null,
    });
  });

  it("checks the token before the body: no token and a bad body is still 403", async () => {
    const response = await post(apiUrl("login"), { bogus: 1 });
    expect(response.statusCode).toBe(403);
    expect(envelope(response).code).toBe("22001");
  });

  it("accepts one token for any number of calls while it lives (the dy_token cookie is reused)", async () => {
    const token = await deviceToken(t.app);
    for (let i = 0; i < 3; i += 1) {
      const response = await login(t.app, AFFILIATE.email, AFFILIATE.password, { "dy-token": token });
      expect(response.statusCode).toBe(200);
    }
    const registered = await post(
      apiUrl("register"),
      { email: "same-token@example.org", password: "correct horse battery" },
      { "dy-token": token },
    );
    expect(registered.statusCode).toBe(200);
    expect(
      (await login(t.app, "same-token@example.org", "correct horse battery", { "dy-token": token })).statusCode,
    ).toBe(200);
  });

  it("refuses the replay of an expired token (lifetime 14400 s)", async () => {
    const token = await deviceToken(t.app);
    clock += 14_400_000 - 1;
    expect((await login(t.app, AFFILIATE.email, AFFILIATE.password, { "dy-token": token })).statusCode).toBe(200);
    clock += 1;
    const late = await login(t.app, AFFILIATE.email, AFFILIATE.password, { "dy-token": token });
    expect(late.statusCode).toBe(403);
    expect(envelope(late)).toEqual({ code: "22001", msg: "dy-token: unknown or expired", data: null });
  });
});
