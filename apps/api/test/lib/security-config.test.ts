import { describe, expect, it } from "vitest";
import { jsonNestingExceeds, MAX_JSON_DEPTH } from "@affiliates/contracts";
import { loadConfig } from "../../src/platform/config";
import { createMemoryStore, paceDelayMs } from "../../src/platform/redis/counter-store";

describe("loadConfig: demo seeding, allowed origins and the login slow-down", () => {
  it("seeds demo data by default except when APP_ENV=online; SEED decides when set", () => {
    expect(loadConfig({}).seed).toBe(true);
    expect(loadConfig({ APP_ENV: "beta" }).seed).toBe(true);
    expect(loadConfig({ APP_ENV: "online" }).seed).toBe(false);
    expect(loadConfig({ APP_ENV: "online", SEED: "true" }).seed).toBe(true);
    expect(loadConfig({ APP_ENV: "test", SEED: "false" }).seed).toBe(false);
  });

  it("reads ALLOWED_ORIGINS as normalised origins and refuses an entry that is no URL", () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: " https://App.Example:443/ , http://m.example:8080" }).allowedOrigins).toEqual(
      ["https://app.example", "http://m.example:8080"],
    );
    expect(() => loadConfig({ ALLOWED_ORIGINS: "app.example" })).toThrow(/ALLOWED_ORIGINS/);
  });

  it("slows an account down after LOGIN_SLOWDOWN_AFTER failures (default 10)", () => {
    expect(loadConfig({}).loginThrottle.slowdownAfter).toBe(10);
    expect(loadConfig({ LOGIN_SLOWDOWN_AFTER: "3" }).loginThrottle.slowdownAfter).toBe(3);
  });
});

describe("memory counter store: reservations and the slow-down gate", () => {
  const pace = { windowMs: 60_000, after: 2, baseDelayMs: 1000, maxDelayMs: 5000 };

  it("takes a hit back without going below zero", async () => {
    const store = createMemoryStore(() => 0);
    await store.hit("k", 1000);
    await store.unhit("k");
    await store.unhit("k");
    expect((await store.peek("k")).count).toBe(0);
  });

  it("closes the gate from the `after`-th attempt for a doubling delay, and reopens it on unpace", async () => {
    let now = 0;
    const store = createMemoryStore(() => now);
    expect(await store.pace("a", pace)).toEqual({ allowed: true, count: 1 });
    expect(await store.pace("a", pace)).toEqual({ allowed: true, count: 2 });
    expect(await store.pace("a", pace)).toEqual({ allowed: false, retryInMs: 1000 });
    now += 1000;
    expect(await store.pace("a", pace)).toEqual({ allowed: true, count: 3 });
    expect(await store.pace("a", pace)).toEqual({ allowed: false, retryInMs: 2000 });
    now += 2000;
    expect(await store.pace("a", pace)).toEqual({ allowed: true, count: 4 });
    await store.unpace("a");
    expect(await store.pace("a", pace)).toEqual({ allowed: true, count: 4 });
  });

  it("caps the delay", () => {
    expect([1, 2, 3, 4, 5, 40].map((count) => paceDelayMs(count, pace))).toEqual([0, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe("jsonNestingExceeds (iterative, before parsing)", () => {
  const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("allows MAX_JSON_DEPTH levels and refuses one more", () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(jsonNestingExceeds(nested(64))).toBe(false);
    expect(jsonNestingExceeds(nested(65))).toBe(true);
    expect(jsonNestingExceeds(`{"a":{"b":${nested(62)}}}`)).toBe(false);
    expect(jsonNestingExceeds(`{"a":{"b":${nested(63)}}}`)).toBe(true);
  });

  it("ignores brackets inside strings, escaped quotes and backslashes included", () => {
    expect(jsonNestingExceeds(JSON.stringify({ text: "[".repeat(500) }))).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ text: `\\"${"{".repeat(500)}` }))).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ text: "\\" }) + nested(65))).toBe(true);
  });

  it("scans a million levels without recursion", () => {
    expect(jsonNestingExceeds("[".repeat(1_000_000))).toBe(true);
  });
});
