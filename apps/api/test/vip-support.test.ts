import { feeScheduleSchema, supportMessageListSchema, supportMessageResultSchema } from "@affiliates/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFFILIATE, PLAIN_USER, createTestApp, envelope, login, sessionCookie, type TestApp } from "./helpers/test-app";
import { apiUrl, routeTitle, type ApiQuery } from "./helpers/api-url";

const ADMIN = { "x-admin-token": "support-admin-token" };
const JSON_TYPE = { "content-type": "application/json" };

describe(routeTitle("vipFeeSchedule"), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the eight levels in order, with exact fractions and the platform-token discount", async () => {
    const response = await t.app.inject({ method: "GET", url: apiUrl("vipFeeSchedule") });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const body = envelope(response);
    expect(body.code).toBe("00000");
    const schedule = feeScheduleSchema.parse(body.data);
    expect(schedule.platformTokenDiscount).toBe(0.2);
    expect(schedule.levels.map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(schedule.levels.map((l) => l.name)).toEqual([
      "VIP0",
      "VIP1",
      "VIP2",
      "VIP3",
      "VIP4",
      "VIP5",
      "VIP6",
      "VIP7",
    ]);
    expect(schedule.levels[0]).toEqual({
      level: 0,
      name: "VIP0",
      spotMaker: 0.001,
      spotTaker: 0.001,
      futuresMaker: 0.0002,
      futuresTaker: 0.0006,
      spotVolume30d: 0,
      futuresVolume30d: 0,
      assets: 0,
      withdrawalLimit24h: 3_000_000,
    });
    expect(schedule.levels[3]).toEqual({
      level: 3,
      name: "VIP3",
      spotMaker: 0.0005,
      spotTaker: 0.0006,
      futuresMaker: 0.00014,
      futuresTaker: 0.000375,
      spotVolume30d: 8_000_000,
      futuresVolume30d: 20_000_000,
      assets: 250_000,
      withdrawalLimit24h: 8_000_000,
    });
    // Fees never rise with the level.
    for (const [i, level] of schedule.levels.entries()) {
      const previous = schedule.levels[i - 1];
      if (!previous) continue;
      for (const key of ["spotMaker", "spotTaker", "futuresMaker", "futuresTaker"] as const) {
        expect(level[key], `${level.name} ${key}`).toBeLessThanOrEqual(previous[key]);
      }
    }
  });

  it("is public: no session needed, a session changes nothing", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: apiUrl("vipFeeSchedule") });
    const session = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
    const loggedIn = await t.app.inject({
      method: "GET",
      url: apiUrl("vipFeeSchedule"),
      cookies: { refresh_token: session },
    });
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json()).toEqual(anonymous.json());
  });
});

describe("support chat messages", () => {
  let t: TestApp;
  let limited: TestApp;
  let noAdmin: TestApp;
  let ipCounter = 0;
  /** A fresh client IP per call, so the per-IP chat limit stays out of the way except where tested. */
  const freshIp = () => ({ "x-forwarded-for": `198.51.100.${++ipCounter}` });
  const post = (
    app: TestApp,
    payload: unknown,
    headers: Record<string, string> = freshIp(),
    cookies: Record<string, string> = {},
  ) =>
    app.app.inject({
      method: "POST",
      url: apiUrl("supportMessage"),
      payload: JSON.stringify(payload),
      headers: { ...JSON_TYPE, ...headers },
      cookies,
    });
  const list = (app: TestApp, query: ApiQuery = "", headers: Record<string, string> = ADMIN) =>
    app.app.inject({ method: "GET", url: apiUrl("adminSupportMessages", query), headers });

  beforeAll(async () => {
    [t, limited, noAdmin] = await Promise.all([
      createTestApp({ adminToken: ADMIN["x-admin-token"] }),
      createTestApp({ adminToken: ADMIN["x-admin-token"], supportRateLimit: { max: 3, timeWindowMs: 60_000 } }),
      createTestApp({ adminToken: undefined }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), limited.close(), noAdmin.close()]);
  });

  it("stores messages and lists them newest first, with the user id when logged in", async () => {
    const anonymous = await post(t, {
      email: "visitor@example.com",
      message: "  Hello, what are VIP fees?  ",
      locale: "en",
      page: "/en/vip",
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers["cache-control"]).toBe("no-store");
    const first = supportMessageResultSchema.parse(envelope(anonymous).data);

    const session = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
    const loggedIn = await post(t, { email: AFFILIATE.email, message: "Where is my commission?" }, freshIp(), {
      refresh_token: session,
    });
    expect(loggedIn.statusCode).toBe(200);
    const second = supportMessageResultSchema.parse(envelope(loggedIn).data);
    expect(second.id).toBeGreaterThan(first.id);

    // An invalid session does not fail the call: the message is stored as anonymous.
    const stale = await post(t, { email: "x@example.com", message: "third" }, freshIp(), {
      refresh_token: "not-a-session",
    });
    expect(stale.statusCode).toBe(200);
    const third = supportMessageResultSchema.parse(envelope(stale).data);

    const response = await list(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { messages } = supportMessageListSchema.parse(envelope(response).data);
    expect(messages.map((m) => m.id)).toEqual([third.id, second.id, first.id]);
    const [m3, m2, m1] = messages;
    expect(m1).toMatchObject({
      email: "visitor@example.com",
      message: "Hello, what are VIP fees?",
      locale: "en",
      page: "/en/vip",
      userId: null,
    });
    expect(m2).toMatchObject({
      email: AFFILIATE.email,
      message: "Where is my commission?",
      locale: null,
      page: null,
      userId: "8012345678",
    });
    expect(m3?.userId ?? "").toBe("");
    for (const m of messages) expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);

    const one = supportMessageListSchema.parse(envelope(await list(t, { limit: 1 })).data);
    expect(one.messages.map((m) => m.id)).toEqual([third.id]);
  });

  it("records another user's id for their session", async () => {
    const session = sessionCookie(await login(t.app, PLAIN_USER.email, PLAIN_USER.password));
    const response = await post(t, { email: PLAIN_USER.email, message: "hi" }, freshIp(), { refresh_token: session });
    const { id } = supportMessageResultSchema.parse(envelope(response).data);
    const { messages } = supportMessageListSchema.parse(envelope(await list(t, { limit: 200 })).data);
    expect(messages.find((m) => m.id === id)?.userId).toBe("8012345679");
  });

  const longEmail = `${"a".repeat(250)}@b.co`;
  it.each([
    ["missing email", { message: "hi" }, /^email: /],
    ["a bad email", { email: "not-an-email", message: "hi" }, /^email: /],
    ["an email over 254 characters", { email: longEmail, message: "hi" }, /^email: /],
    ["a missing message", { email: "a@b.co" }, /^message: /],
    ["an empty message", { email: "a@b.co", message: "" }, /^message: /],
    ["a blank message", { email: "a@b.co", message: "   \n " }, /^message: /],
    ["a 2001-character message", { email: "a@b.co", message: "x".repeat(2001) }, /^message: /],
    ["an unknown field", { email: "a@b.co", message: "hi", userId: "8012345678" }, /^userId: unknown field/],
    ["a numeric email", { email: 5, message: "hi" }, /^email: .*expected string/],
    ["an object message", { email: "a@b.co", message: { text: "hi" } }, /^message: .*expected string/],
    ["a numeric locale", { email: "a@b.co", message: "hi", locale: 1 }, /^locale: /],
    ["a locale over 16 characters", { email: "a@b.co", message: "hi", locale: "x".repeat(17) }, /^locale: /],
    ["a page over 512 characters", { email: "a@b.co", message: "hi", page: `/${"x".repeat(512)}` }, /^page: /],
    ["a boolean page", { email: "a@b.co", message: "hi", page: true }, /^page: /],
    ["an array body", [], /^body: /],
    ["null", null, /^body: /],
  ])("refuses %s with a 400 naming the field", async (_name, payload, msg) => {
    const response = await post(t, payload);
    expect(response.statusCode).toBe(400);
    const body = envelope(response);
    expect(body.code).toBe("400");
    expect(body.msg).toMatch(msg);
    expect(body.data).toBeNull();
  });

  it("refuses a missing body", async () => {
    const response = await t.app.inject({ method: "POST", url: apiUrl("supportMessage"), headers: freshIp() });
    expect(response.statusCode).toBe(400);
    expect(envelope(response).msg).toMatch(/^body: /);
  });

  it("accepts exactly 2000 characters", async () => {
    expect((await post(t, { email: "a@b.co", message: "x".repeat(2000) })).statusCode).toBe(200);
  });

  it("answers 429 past the per-IP chat limit, other IPs unaffected", async () => {
    const ip = { "x-forwarded-for": "203.0.113.7" };
    for (let i = 1; i <= 3; i++)
      expect((await post(limited, { email: "a@b.co", message: `m${i}` }, ip)).statusCode, `message ${i}`).toBe(200);
    const blocked = await post(limited, { email: "a@b.co", message: "m4" }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(envelope(blocked)).toMatchObject({ code: "429", data: null });
    expect(envelope(blocked).msg).toMatch(/^Too many requests, try again in /);
    expect(blocked.headers["retry-after"]).toBeDefined();
    expect(
      (await post(limited, { email: "a@b.co", message: "other" }, { "x-forwarded-for": "203.0.113.8" })).statusCode,
    ).toBe(200);
    // The stricter limit is the chat's own: other routes from the same IP still answer.
    expect((await limited.app.inject({ method: "GET", url: apiUrl("vipFeeSchedule"), headers: ip })).statusCode).toBe(
      200,
    );
    const { messages } = supportMessageListSchema.parse(envelope(await list(limited)).data);
    expect(messages.map((m) => m.message)).toEqual(["other", "m3", "m2", "m1"]);
  });

  it.each([
    ["no header", {}],
    ["a wrong token", { "x-admin-token": "nope" }],
  ])("refuses the admin list with %s (403)", async (_name, headers: Record<string, string>) => {
    const response = await list(t, "", headers);
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toEqual({ code: "403", msg: "x-admin-token: missing or wrong admin token", data: null });
  });

  it("refuses the admin list while ADMIN_TOKEN is unset", async () => {
    const response = await list(noAdmin);
    expect(response.statusCode).toBe(403);
    expect(envelope(response).msg).toMatch(/ADMIN_TOKEN is not set/);
  });

  it.each(["limit=0", "limit=201", "limit=abc", "limit=1.5", "limit=-3", "limit=", "limit=1&limit=2", "bogus=1"])(
    "refuses %s with a 400 naming the parameter",
    async (query) => {
      const response = await list(t, query);
      expect(response.statusCode).toBe(400);
      expect(envelope(response).msg).toMatch(query === "bogus=1" ? /^bogus: unknown field/ : /^limit: /);
    },
  );

  it("accepts the limit bounds", async () => {
    for (const query of ["limit=1", "limit=200", "limit=50", ""])
      expect((await list(t, query)).statusCode, query).toBe(200);
  });
});
