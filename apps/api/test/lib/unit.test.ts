import { describe, expect, it } from "vitest";
import { loadConfig, REPO_ROOT } from "../../src/platform/config";
import { createMemoryStore } from "../../src/platform/redis/counter-store";
import { maskEmail, maskMobile } from "../../src/platform/lib/mask";
import { hashPassword, verifyPassword } from "../../src/domains/auth/password";
import { safeReturnPath } from "../../src/platform/http/safe-redirect";
import { DEMO_ACCOUNTS } from "../../src/seed";

describe("maskMobile / maskEmail", () => {
  it.each([
    ["+1 4155552671", "+1 415****2671"],
    ["+86 13812345678", "+86 138****5678"],
    ["13812345678", "138****5678"],
    ["+44 1234567", "+44 1****67"],
    ["", ""],
    [null, ""],
  ])("maskMobile(%j) = %j", (input, expected) => {
    expect(maskMobile(input)).toBe(expected);
  });

  it.each([
    ["affiliate@example.com", "af****@example.com"],
    ["ab@example.com", "a****@example.com"],
    ["a@example.com", "a****@example.com"],
    ["", ""],
  ])("maskEmail(%j) = %j", (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });
});

describe("safeReturnPath", () => {
  it.each([
    "//evil.com",
    "/\\evil.com",
    "https://evil.com",
    "javascript:alert(1)",
    "%2F%2Fevil.com",
    "/\t/evil.com",
    "/ /evil.com",
    "/\u2028x",
    "",
    "affiliates",
    "/".padEnd(3000, "a"),
  ])("%j → /affiliates", (from) => {
    expect(safeReturnPath(from)).toBe("/affiliates");
  });
  it.each([
    ["/ja/affiliates/fee?x=1", "/ja/affiliates/fee?x=1"],
    ["/affiliates/vip/detail#a", "/affiliates/vip/detail#a"],
    ["/a/../b", "/b"],
    ["/affiliates/é", "/affiliates/%C3%A9"],
  ])("%j → %j", (from, expected) => {
    expect(safeReturnPath(from)).toBe(expected);
  });
  it("refuses non-strings", () => {
    expect(safeReturnPath(["/a"])).toBe("/affiliates");
    expect(safeReturnPath(undefined)).toBe("/affiliates");
  });
});

describe("passwords", () => {
  it("hash with a random salt and verify", async () => {
    const [a, b] = await Promise.all([hashPassword("Affiliate#2026"), hashPassword("Affiliate#2026")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Affiliate#2026", a)).toBe(true);
    expect(await verifyPassword("Affiliate#2027", a)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

describe("memory counter store", () => {
  it("counts within a window and forgets after it", async () => {
    let now = 1000;
    const store = createMemoryStore(() => now);
    expect(await store.hit("k", 100)).toEqual({ count: 1, resetInMs: 100 });
    now += 50;
    expect(await store.hit("k", 100)).toEqual({ count: 2, resetInMs: 50 });
    now += 50;
    expect(await store.peek("k")).toEqual({ count: 0, resetInMs: 0 });
    await store.hit("k", 100);
    await store.reset("k");
    expect((await store.peek("k")).count).toBe(0);
  });
});

describe("config", () => {
  it("has documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: "",
      dataDir: `${REPO_ROOT}/data`,
      appEnv: "test",
      adminToken: undefined,
      redisUrl: undefined,
      trustProxy: "loopback",
      sessionTtlMs: 7 * 24 * 60 * 60 * 1000,
      bodyLimit: 65536,
      loginThrottle: { perAccount: 5, perIp: 20, windowMs: 900_000, slowdownAfter: 10 },
    });
  });
  it("refuses an unknown APP_ENV", () => {
    expect(() => loadConfig({ APP_ENV: "prod" })).toThrow(/APP_ENV/);
  });
  it("exports the demo accounts for start.mjs", () => {
    expect(DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role }))).toEqual([
      { email: "affiliate@example.com", password: "Affiliate#2026", role: "affiliate" },
      { email: "user@example.com", password: "User#2026", role: "user" },
    ]);
  });
});
