import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { AFFILIATE, PLAIN_USER, createTestApp, envelope, login, randomName, TEST_REDIS_URL, type TestApp } from "./helpers/test-app";

const suites = [
  { name: "memory", redisUrl: undefined, skip: false },
  { name: "redis", redisUrl: TEST_REDIS_URL, skip: !TEST_REDIS_URL },
] as const;

for (const suite of suites) {
  describe.skipIf(suite.skip)(`login throttling (${suite.name} store)`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp({
        redisUrl: suite.redisUrl,
        redisKeyPrefix: randomName("test:"),
        loginThrottle: { perAccount: 5, perIp: 20, windowMs: 15 * 60 * 1000 },
      });
    });
    afterEach(async () => {
      await t.close();
    });

    it("uses the configured store", async () => {
      const response = await t.app.inject({ method: "GET", url: "/v1/admin/health" });
      expect(response.statusCode).toBe(403);
      expect(t.app.counterStore.kind).toBe(suite.name);
    });

    it("answers 429 on the 6th attempt after 5 wrong passwords, even with the right one", async () => {
      const ip = { "x-forwarded-for": "198.51.100.10" };
      for (let i = 1; i <= 5; i++) {
        const response = await login(t.app, AFFILIATE.email, `wrong-${i}`, ip);
        expect(response.statusCode, `attempt ${i}`).toBe(401);
        expect(envelope(response).code).toBe("10001");
      }
      const sixth = await login(t.app, AFFILIATE.email, "wrong-6", ip);
      expect(sixth.statusCode).toBe(429);
      expect(envelope(sixth)).toEqual({ code: "429", msg: "Too many failed logins, try again in 15 minutes", data: null });
      expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(800);
      const right = await login(t.app, AFFILIATE.email, AFFILIATE.password, { "x-forwarded-for": "198.51.100.99" });
      expect(right.statusCode).toBe(429);
      // Another account is not affected.
      expect((await login(t.app, PLAIN_USER.email, PLAIN_USER.password, ip)).statusCode).toBe(200);
    });

    it("resets the account counter after a successful login", async () => {
      for (let i = 0; i < 4; i++) await login(t.app, AFFILIATE.email, "wrong");
      expect((await login(t.app, AFFILIATE.email, AFFILIATE.password)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(t.app, AFFILIATE.email, "wrong")).statusCode).toBe(401);
      expect((await login(t.app, AFFILIATE.email, AFFILIATE.password)).statusCode).toBe(200);
    });

    it("throttles an IP after 20 failures across accounts, not other IPs", async () => {
      const ip = { "x-forwarded-for": "203.0.113.50" };
      for (let i = 0; i < 20; i++) {
        expect((await login(t.app, `nobody${i}@example.com`, "wrong", ip)).statusCode).toBe(401);
      }
      const blocked = await login(t.app, PLAIN_USER.email, PLAIN_USER.password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(envelope(blocked).code).toBe("429");
      expect((await login(t.app, PLAIN_USER.email, PLAIN_USER.password, { "x-forwarded-for": "203.0.113.51" })).statusCode).toBe(200);
    });
  });
}

describe("general rate limit", () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it("answers HTTP 429 with code 429 past the per-IP limit", async () => {
    t = await createTestApp({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
    const call = () => t.app.inject({ method: "GET", url: "/v1/mix/system/getDomainConfigList" });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited).code).toBe("429");
    expect(envelope(limited).msg).toMatch(/^Too many requests, try again in /);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
