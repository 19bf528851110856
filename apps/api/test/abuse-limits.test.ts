import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { clientKey } from "../src/platform/http/client-key";
import { dayOf } from "../src/platform/lib/days";
import {
  AFFILIATE,
  DIALECT,
  PLAIN_USER,
  createTestApp,
  deviceToken,
  envelope,
  randomName,
  sessionCookie,
  type TestApp,
} from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

// Issue 32: finding 4 (strangers keep an account shut; IPv6 limits per address) and finding 5 (clicks and sign-ups
// inflated by one client). Each client is a distinct remote address (app.inject's remoteAddress).

const THROTTLE = { perAccount: 5, perIp: 20, windowMs: 15 * 60 * 1000, slowdownAfter: 10 };
const CODE = "aurora10"; // the demo affiliate's seeded link

describe("the client key of per-IP limits", () => {
  it("is an IPv4 address itself and an IPv6 address's /64", () => {
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
  });
});

// Every login and registration hashes with scrypt: on a busy machine these take seconds.
describe(`the login lockout locks out the attacker, not the owner (${DIALECT})`, { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ loginThrottle: THROTTLE });
  });
  afterEach(async () => {
    await t.close();
  });

  async function loginFrom(ip: string, email: string, password: string, fingerprint: string) {
    return t.app.inject({
      method: "POST",
      url: apiUrl("login"),
      remoteAddress: ip,
      headers: { "dy-token": await deviceToken(t.app, fingerprint) },
      payload: { email, password },
    });
  }

  it("strangers from 4 IPs slow strangers down; the owner's right password from a known IP or device gets in", async () => {
    const ownerDevice = "owner-laptop-fingerprint-0001";
    expect((await loginFrom("192.0.2.10", AFFILIATE.email, AFFILIATE.password, ownerDevice)).statusCode).toBe(200);

    // 4 stranger IPs, 4 wrong passwords each (under the per-pair lock of 5): the account's slow-down closes.
    const strangers: number[] = [];
    for (let round = 0; round < 4; round++)
      for (let n = 1; n <= 4; n++)
        strangers.push(
          (await loginFrom(`198.51.100.${n}`, AFFILIATE.email, `wrong-${round}`, `stranger-${n}-device-0000`))
            .statusCode,
        );
    expect(strangers.filter((s) => s === 401)).toHaveLength(10);
    expect(strangers.filter((s) => s === 429)).toHaveLength(6);

    // A stranger's source is held back even with the right password…
    const stranger = await loginFrom("198.51.100.9", AFFILIATE.email, AFFILIATE.password, "stranger-9-device-0000");
    expect(stranger.statusCode).toBe(429);
    expect(envelope(stranger).msg).toMatch(/^Too many failed logins on this account/);
    // …the owner is not: from the IP they logged in from (on a new device), and from a new IP on their device.
    expect(
      (await loginFrom("192.0.2.10", AFFILIATE.email, AFFILIATE.password, "owner-new-phone-0002")).statusCode,
    ).toBe(200);
    expect((await loginFrom("203.0.113.50", AFFILIATE.email, AFFILIATE.password, ownerDevice)).statusCode).toBe(200);
    // A known source still meets the per-pair lock: guessing from it is not unlimited.
    for (let i = 0; i < THROTTLE.perAccount; i++)
      expect((await loginFrom("192.0.2.10", AFFILIATE.email, `typo-${i}`, ownerDevice)).statusCode).toBe(401);
    expect((await loginFrom("192.0.2.10", AFFILIATE.email, AFFILIATE.password, ownerDevice)).statusCode).toBe(429);
  });

  it("a registration's source is known to its account from the start", async () => {
    const email = `${randomName("fresh")}@example.org`;
    const password = "Stable-Orbit-Lantern-42";
    const registered = await t.app.inject({
      method: "POST",
      url: apiUrl("register"),
      remoteAddress: "192.0.2.20",
      headers: { "dy-token": await deviceToken(t.app, "fresh-owner-device-0001") },
      payload: { email, password },
    });
    expect(registered.statusCode).toBe(200);
    for (let i = 0; i < THROTTLE.slowdownAfter; i++)
      expect((await loginFrom(`198.51.100.${20 + i}`, email, "wrong", `s-${i}-device-00000`)).statusCode).toBe(401);
    expect((await loginFrom("198.51.100.99", email, password, "s-99-device-00000")).statusCode).toBe(429);
    expect((await loginFrom("192.0.2.20", email, password, "fresh-owner-device-0001")).statusCode).toBe(200);
  });

  it("locks an IPv6 client by its /64: 20 failures from 20 addresses of one /64 lock the whole /64", async () => {
    for (let n = 1; n <= THROTTLE.perIp; n++)
      expect(
        (await loginFrom(`2001:db8:1:2::${n.toString(16)}`, `nobody${n}@example.com`, "wrong", "v6-device-000000"))
          .statusCode,
      ).toBe(401);
    const sameNet = await loginFrom("2001:db8:1:2:ffff::1", PLAIN_USER.email, PLAIN_USER.password, "v6-device-000000");
    expect(sameNet.statusCode).toBe(429);
    expect(envelope(sameNet).msg).toMatch(/^Too many failed logins, try again in/);
    expect(
      (await loginFrom("2001:db8:1:3::1", PLAIN_USER.email, PLAIN_USER.password, "v6-device-000000")).statusCode,
    ).toBe(200);
  });
});

describe("the general rate limit counts an IPv6 client by its /64", () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it("answers 429 to the 4th request from 4 addresses of one /64, not to another /64", async () => {
    t = await createTestApp({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
    const from = (ip: string) => t.app.inject({ method: "GET", url: apiUrl("domainConfig"), remoteAddress: ip });
    for (let n = 1; n <= 3; n++) expect((await from(`2001:db8:aa:bb::${n}`)).statusCode).toBe(200);
    const limited = await from("2001:db8:aa:bb:1:2:3:4");
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited).code).toBe("429");
    expect((await from("2001:db8:aa:bc::1")).statusCode).toBe(200);
  });
});

describe(`counting that resists one client (${DIALECT})`, { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      registerRateLimit: { max: 5, timeWindowMs: 3_600_000 },
      referralSignupRateLimit: { max: 3, timeWindowMs: 3_600_000 },
      referralClicksPerIp: 4,
      loginThrottle: { ...THROTTLE, perIp: 1000, perAccount: 1000 },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  async function linkStats(): Promise<{ clicks: number; signups: number }> {
    const row = await t.app.db
      .selectFrom("affiliate_link_daily_stats as s")
      .innerJoin("affiliate_links as l", "l.id", "s.link_id")
      .select(["s.clicks", "s.signups"])
      .where("l.code_key", "=", CODE)
      .where("s.day", "=", dayOf(Date.now()))
      .executeTakeFirst();
    return { clicks: Number(row?.clicks ?? 0), signups: Number(row?.signups ?? 0) };
  }

  const visit = (ip: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/register?ref=${CODE}`, remoteAddress: ip, headers, cookies });

  it("30 cookieless visits from one client count one click; invented ref_visitor ids count nothing more", async () => {
    const before = await linkStats();
    for (let i = 0; i < 30; i++)
      expect((await visit("198.51.100.40", { "user-agent": "Browser/1" })).statusCode).toBe(200);
    expect((await linkStats()).clicks).toBe(before.clicks + 1);
    for (let i = 0; i < 30; i++)
      await visit(
        "198.51.100.40",
        { "user-agent": "Browser/1" },
        { ref_visitor: randomBytes(16).toString("base64url") },
      );
    expect((await linkStats()).clicks).toBe(before.clicks + 1);
    // The same browser once it has a device token is the same visitor, not a new click.
    await visit(
      "198.51.100.40",
      { "user-agent": "Browser/1" },
      { dy_token: await deviceToken(t.app, "visitor-device-01") },
    );
    expect((await linkStats()).clicks).toBe(before.clicks + 1);
    // Real other visitors still count: other addresses, another /64.
    await visit("198.51.100.41", { "user-agent": "Browser/1" });
    await visit("2001:db8:5:6::1", { "user-agent": "Browser/1" });
    await visit("2001:db8:5:6::2", { "user-agent": "Browser/1" });
    expect((await linkStats()).clicks).toBe(before.clicks + 3);
  });

  it("one IP inventing devices and user agents adds at most REFERRAL_CLICKS_PER_IP clicks a day", async () => {
    const before = await linkStats();
    for (let i = 0; i < 12; i++)
      await visit(
        "198.51.100.50",
        { "user-agent": `Browser/${i}` },
        { dy_token: await deviceToken(t.app, `minted-device-${i}-000000`) },
      );
    expect((await linkStats()).clicks).toBe(before.clicks + 4);
  });

  it("25 registrations from one IP with one device token: 5 go through, 20 answer 429; another IP still registers", async () => {
    const dy = await deviceToken(t.app, "one-device-for-all-0001");
    const register = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: apiUrl("register"),
        remoteAddress: ip,
        headers: { "dy-token": dy },
        payload: { email: `${randomName("mass")}@example.org`, password: "Stable-Orbit-Lantern-42" },
      });
    const responses: LightMyRequestResponse[] = await Promise.all(
      Array.from({ length: 25 }, () => register("198.51.100.60")),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused && envelope(refused)).toMatchObject({ code: "429", data: null });
    expect(refused && envelope(refused).msg).toMatch(/^Too many registrations from this address, try again in /);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect((await register("198.51.100.61")).statusCode).toBe(200);
  });

  it("sign-ups with a referral code from one IP stop counting at the limit; binding an inviter counts too", async () => {
    const before = await linkStats();
    const dy = await deviceToken(t.app, "referral-farm-device-01");
    const signUp = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/register",
        remoteAddress: ip,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          dyToken: dy,
          email: `${randomName("farm")}@example.org`,
          password: "Stable-Orbit-Lantern-42",
          ref: CODE,
        }).toString(),
      });
    // A refused password creates nothing and does not use the allowance up.
    const weak = await t.app.inject({
      method: "POST",
      url: "/register",
      remoteAddress: "198.51.100.70",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        dyToken: dy,
        email: "weak.one@example.org",
        password: "password",
        ref: CODE,
      }).toString(),
    });
    expect(weak.statusCode).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signUp("198.51.100.70")).statusCode);
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect((await linkStats()).signups).toBe(before.signups + 3);

    // Binding an inviter after signing up is a referral sign-up of that address too.
    const plain = await t.app.inject({
      method: "POST",
      url: apiUrl("register"),
      remoteAddress: "198.51.100.71",
      headers: { "dy-token": dy },
      payload: { email: `${randomName("later")}@example.org`, password: "Stable-Orbit-Lantern-42" },
    });
    expect(plain.statusCode).toBe(200);
    const bind = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: apiUrl("referrerBind"),
        remoteAddress: ip,
        headers: { "dy-token": dy },
        cookies: { refresh_token: sessionCookie(plain) },
        payload: { code: CODE },
      });
    const refusedBind = await bind("198.51.100.70");
    expect(refusedBind.statusCode).toBe(429);
    expect(envelope(refusedBind).msg).toMatch(/^Too many sign-ups with a referral code from this address/);
    expect((await bind("198.51.100.72")).statusCode).toBe(200);
    expect((await linkStats()).signups).toBe(before.signups + 4);
  });
});
