import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { throttleKeys } from "../src/domains/auth/plugin";
import {
  AFFILIATE,
  PLAIN_USER,
  createTestApp,
  envelope,
  login,
  randomName,
  TEST_REDIS_URL,
  type TestApp,
} from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

const suites = [
  { name: "memory", redisUrl: undefined, skip: false },
  { name: "redis", redisUrl: TEST_REDIS_URL, skip: !TEST_REDIS_URL },
] as const;

const THROTTLE = { perAccount: 5, perIp: 20, windowMs: 15 * 60 * 1000, slowdownAfter: 10 };
const from = (ip: string) => ({ "x-forwarded-for": ip });
const statuses = (responses: readonly LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const countOf = (list: readonly number[], status: number) => list.filter((s) => s === status).length;

for (const suite of suites) {
  describe.skipIf(suite.skip)(`login throttling (${suite.name} store)`, () => {
    let t: TestApp;
    let clock = Date.parse("2026-11-26T10:00:00Z");
    let keyPrefix = "";
    beforeEach(async () => {
      keyPrefix = randomName("test:");
      t = await createTestApp({
        redisUrl: suite.redisUrl,
        redisKeyPrefix: keyPrefix,
        loginThrottle: THROTTLE,
        now: () => clock,
      });
    });
    afterEach(async () => {
      await t.close();
    });

    /**
     * Lets the account's slow-down delay pass: the memory store follows the app's clock; Redis counts real time,
     * so there the gate key is expired by hand (what its PX would do).
     */
    async function waitOutDelay(ms: number): Promise<void> {
      clock += ms;
      if (t.app.redis) await t.app.redis.del(`${keyPrefix}throttle:${throttleKeys.account(AFFILIATE.email)}:gate`);
    }

    it("uses the configured store", async () => {
      const response = await t.app.inject({ method: "GET", url: apiUrl("adminHealth") });
      expect(response.statusCode).toBe(403);
      expect(t.app.counterStore.kind).toBe(suite.name);
    });

    it("locks the account from one IP after 5 wrong passwords; the owner still logs in from another IP", async () => {
      const stranger = from("198.51.100.10");
      for (let i = 1; i <= 5; i++) {
        const response = await login(t.app, AFFILIATE.email, `wrong-${i}`, stranger);
        expect(response.statusCode, `attempt ${i}`).toBe(401);
        expect(envelope(response).code).toBe("10001");
      }
      const sixth = await login(t.app, AFFILIATE.email, "wrong-6", stranger);
      expect(sixth.statusCode).toBe(429);
      expect(envelope(sixth)).toEqual({
        code: "429",
        msg: "Too many failed logins, try again in 15 minutes",
        data: null,
      });
      expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(800);
      // Locked from that IP even with the right password…
      expect((await login(t.app, AFFILIATE.email, AFFILIATE.password, stranger)).statusCode).toBe(429);
      // …but not for the owner elsewhere, nor for another account from that IP.
      expect((await login(t.app, AFFILIATE.email, AFFILIATE.password, from("198.51.100.99"))).statusCode).toBe(200);
      expect((await login(t.app, PLAIN_USER.email, PLAIN_USER.password, stranger)).statusCode).toBe(200);
    });

    it("counts 20 parallel wrong passwords atomically: 5 answers invalid_credentials, 15 answer 429", async () => {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(t.app, AFFILIATE.email, `parallel-${i}`, from("198.51.100.20"))),
      );
      const list = statuses(responses);
      expect(countOf(list, 401)).toBe(5);
      expect(countOf(list, 429)).toBe(15);
    });

    it("resets the account+IP counter after a successful login", async () => {
      for (let i = 0; i < 4; i++) await login(t.app, AFFILIATE.email, "wrong");
      expect((await login(t.app, AFFILIATE.email, AFFILIATE.password)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(t.app, AFFILIATE.email, "wrong")).statusCode).toBe(401);
      expect((await login(t.app, AFFILIATE.email, AFFILIATE.password)).statusCode).toBe(200);
    });

    it("throttles an IP after 20 failures across accounts, not other IPs", async () => {
      const ip = from("203.0.113.50");
      for (let i = 0; i < 20; i++) {
        expect((await login(t.app, `nobody${i}@example.com`, "wrong", ip)).statusCode).toBe(401);
      }
      const blocked = await login(t.app, PLAIN_USER.email, PLAIN_USER.password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(envelope(blocked).code).toBe("429");
      expect((await login(t.app, PLAIN_USER.email, PLAIN_USER.password, from("203.0.113.51"))).statusCode).toBe(200);
    });

    it("slows an account down after 10 failures from any IPs: one attempt per delay, doubling, never a lock", async () => {
      for (let i = 0; i < 10; i++) {
        expect(
          (await login(t.app, AFFILIATE.email, "wrong", from(`192.0.2.${i}`))).statusCode,
          `failure ${i + 1}`,
        ).toBe(401);
      }
      // After the 10th failure: 1 s for everyone, the owner's right password included.
      const slowed = await login(t.app, AFFILIATE.email, AFFILIATE.password, from("192.0.2.200"));
      expect(slowed.statusCode).toBe(429);
      expect(envelope(slowed)).toMatchObject({
        code: "429",
        msg: "Too many failed logins on this account, try again in 1 second",
      });
      expect(slowed.headers["retry-after"]).toBe("1");
      // Another account is not slowed down.
      expect((await login(t.app, PLAIN_USER.email, PLAIN_USER.password, from("192.0.2.200"))).statusCode).toBe(200);

      await waitOutDelay(1000);
      expect((await login(t.app, AFFILIATE.email, "wrong", from("192.0.2.201"))).statusCode).toBe(401);
      const doubled = await login(t.app, AFFILIATE.email, AFFILIATE.password, from("192.0.2.200"));
      expect(doubled.statusCode).toBe(429);
      if (suite.name === "memory") expect(doubled.headers["retry-after"]).toBe("2");
      else expect(["1", "2"]).toContain(doubled.headers["retry-after"]);

      if (suite.name === "memory") {
        clock += 1000;
        expect(
          (await login(t.app, AFFILIATE.email, AFFILIATE.password, from("192.0.2.200"))).headers["retry-after"],
        ).toBe("1");
      }
      await waitOutDelay(1000);
      expect((await login(t.app, AFFILIATE.email, AFFILIATE.password, from("192.0.2.200"))).statusCode).toBe(200);
    });
  });
}

describe("the slow-down's delay", () => {
  let t: TestApp;
  let clock = Date.parse("2026-11-26T10:00:00Z");
  afterAll(async () => {
    await t.close();
  });

  it("doubles per further failure up to 60 s", async () => {
    t = await createTestApp({ loginThrottle: THROTTLE, now: () => clock });
    const delays: string[] = [];
    let failures = 0;
    for (let attempt = 0; delays.length < 8 && attempt < 100; attempt++) {
      const response = await login(t.app, AFFILIATE.email, "wrong", from(`192.0.2.${attempt}`));
      if (response.statusCode === 429) {
        delays.push(String(response.headers["retry-after"]));
        clock += Number(response.headers["retry-after"]) * 1000;
      } else {
        expect(response.statusCode).toBe(401);
        failures += 1;
      }
    }
    expect(delays).toEqual(["1", "2", "4", "8", "16", "32", "60", "60"]);
    // One attempt per delay: the 10 failures before the slow-down, then one after each wait.
    expect(failures).toBe(17);
  });
});

describe.skipIf(!TEST_REDIS_URL)("two API instances sharing Redis", () => {
  let first: TestApp;
  let second: TestApp;
  beforeEach(async () => {
    const redisKeyPrefix = randomName("test:");
    first = await createTestApp({ redisUrl: TEST_REDIS_URL, redisKeyPrefix, loginThrottle: THROTTLE });
    second = await createTestApp({ redisUrl: TEST_REDIS_URL, redisKeyPrefix, loginThrottle: THROTTLE });
  });
  afterEach(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it("share the counts: failures on one lock the pair on the other", async () => {
    const ip = from("198.51.100.30");
    for (let i = 0; i < 3; i++) expect((await login(first.app, AFFILIATE.email, "wrong", ip)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(second.app, AFFILIATE.email, "wrong", ip)).statusCode).toBe(401);
    expect((await login(first.app, AFFILIATE.email, AFFILIATE.password, ip)).statusCode).toBe(429);
    expect((await login(second.app, AFFILIATE.email, AFFILIATE.password, ip)).statusCode).toBe(429);
  });

  it("share the reservation: 10 parallel wrong passwords on each give 5 invalid_credentials in all", async () => {
    const ip = from("198.51.100.31");
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(i % 2 === 0 ? first.app : second.app, AFFILIATE.email, `parallel-${i}`, ip),
      ),
    );
    const list = statuses(responses);
    expect(countOf(list, 401)).toBe(5);
    expect(countOf(list, 429)).toBe(15);
  });
});

describe("general rate limit", () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it("answers HTTP 429 with code 429 past the per-IP limit", async () => {
    t = await createTestApp({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
    const call = () => t.app.inject({ method: "GET", url: apiUrl("domainConfig") });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited).code).toBe("429");
    expect(envelope(limited).msg).toMatch(/^Too many requests, try again in /);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
