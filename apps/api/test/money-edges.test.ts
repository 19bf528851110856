import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TradeFill } from "@affiliates/contracts";
import { loadConfig } from "../src/platform/config";
import { TRADE_FEED_BOUNDS_DEFAULTS } from "../src/domains/commission/trade-feed-bounds";
import { okData, refused } from "./helpers/envelope-assertions";
import { createTestApp, DIALECT, type TestApp } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/**
 * Issue 32 finding 7, the API's edges: the trade feed's sanity bounds (fee rate, trade time) and the referral cookies'
 * Secure flag under https. (Link-targeted cards: affiliate-cards.test.ts; X-Forwarded-Host at nginx:
 * nginx-forwarding.test.ts.)
 */
const ADMIN_TOKEN = "money-edges-admin";
const NOW = Date.parse("2026-06-15T12:00:00.000Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe(`the trade feed refuses impossible fills, storing nothing of the batch (${DIALECT})`, () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    // Seeded: the VIP schedule is there (its highest spot rate is 0.10 %, under the 0.5 % default ceiling).
    t = await createTestApp({ adminToken: ADMIN_TOKEN, now: () => NOW });
  });
  afterAll(async () => {
    await t.close();
  });

  const fill = (extra: Partial<TradeFill> = {}): TradeFill => ({
    tradeId: `edge-${DIALECT}-${++seq}`,
    userId: "7000000001",
    market: "spot",
    notional: 1000,
    fee: 1,
    feeCurrency: "USDT",
    time: new Date(NOW).toISOString(),
    ...extra,
  });
  const feed = (trades: TradeFill[]) =>
    t.app.inject({
      method: "POST",
      url: apiUrl("adminTrades"),
      headers: { "x-admin-token": ADMIN_TOKEN },
      payload: { trades },
    });
  const storedOf = async (trades: TradeFill[]) =>
    (
      await t.app.db
        .selectFrom("affiliate_trades")
        .select("trade_id")
        .where(
          "trade_id",
          "in",
          trades.map((f) => f.tradeId),
        )
        .execute()
    ).length;

  const impossible: [string, Partial<TradeFill>, RegExp][] = [
    ["a fee of 1e9 on a notional of 0.01", { fee: 1e9, notional: 0.01 }, /^trades\.1\.fee: 1000000000 USDT is above/],
    ["a spot fee of 0.51 % of the notional", { fee: 5.1 }, /^trades\.1\.fee: 5\.1 USDT is above the spot maximum/],
    ["a futures fee above 0.5 %", { market: "futures", fee: 600, notional: 100_000 }, /^trades\.1\.fee: .*futures/],
    ["a trade time in 1970", { time: "1970-01-01T00:00:00.000Z" }, /^trades\.1\.time: 1970-01-01T00:00:00\.000Z/],
    ["a trade time in 9999", { time: "9999-12-31T23:59:59.000Z" }, /^trades\.1\.time: 9999-12-31/],
    ["a time 36 days old", { time: new Date(NOW - 36 * DAY).toISOString() }, /^trades\.1\.time: .* outside/],
    ["a time 6 minutes ahead", { time: new Date(NOW + 6 * MINUTE).toISOString() }, /^trades\.1\.time: /],
  ];
  it.each(impossible)("refuses a batch with %s: 400 naming the fill and the field", async (_name, bad, message) => {
    const batch = [fill(), fill(bad), fill()];
    refused(await feed(batch), 400, "400", message);
    expect(await storedOf(batch)).toBe(0);
  });

  it("takes fills at the bounds: 0.5 % of the notional, 35 days old, 5 minutes ahead", async () => {
    const batch = [
      fill({ fee: 5 }),
      fill({ market: "futures", notional: 0.01, fee: 0.00005 }),
      fill({ time: new Date(NOW - 35 * DAY).toISOString() }),
      fill({ time: new Date(NOW + 5 * MINUTE).toISOString() }),
    ];
    expect(okData(await feed(batch))).toMatchObject({ received: 4, accepted: 4 });
    expect(await storedOf(batch)).toBe(4);
  });

  it("reads its bounds from the environment", () => {
    expect(loadConfig({}).tradeFeed).toEqual(TRADE_FEED_BOUNDS_DEFAULTS);
    expect(
      loadConfig({
        TRADE_MAX_FEE_PPM_SPOT: "2000",
        TRADE_MAX_FEE_PPM_FUTURES: "1000",
        TRADE_MAX_AGE_DAYS: "7",
        TRADE_MAX_AHEAD_S: "60",
      }).tradeFeed,
    ).toEqual({ maxFeePpm: { spot: 2000, futures: 1000 }, maxAgeMs: 7 * DAY, maxAheadMs: MINUTE });
    expect(() => loadConfig({ TRADE_MAX_FEE_PPM_SPOT: "0" })).toThrow(/TRADE_MAX_FEE_PPM_SPOT/);
  });
});

describe(`the referral cookies are Secure under https (${DIALECT})`, () => {
  let plain: TestApp;
  let httpsOrigin: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ publicOrigin: undefined });
    httpsOrigin = await createTestApp({ publicOrigin: "https://www.exchange.example" });
  });
  afterAll(async () => {
    await plain.close();
    await httpsOrigin.close();
  });

  /** The Secure flag of each referral cookie a link's visit sets. */
  async function visit(app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress?: string) {
    const response = await app.inject({
      method: "GET",
      url: "/register?ref=aurora10",
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    const flags = Object.fromEntries(
      response.cookies.filter((c) => c.name.startsWith("ref_")).map((c) => [c.name, c.secure === true]),
    );
    expect(Object.keys(flags).sort()).toEqual(["ref_code", "ref_visitor"]);
    return flags;
  }

  it("PUBLIC_ORIGIN https: Secure", async () => {
    expect(await visit(httpsOrigin.app)).toEqual({ ref_visitor: true, ref_code: true });
  });

  it("https from a trusted proxy (X-Forwarded-Proto from loopback): Secure", async () => {
    expect(await visit(plain.app, { "x-forwarded-proto": "https" })).toEqual({ ref_visitor: true, ref_code: true });
  });

  it("plain http, or https claimed by a client that is no trusted proxy: not Secure (the cookie must still work)", async () => {
    expect(await visit(plain.app)).toEqual({ ref_visitor: false, ref_code: false });
    expect(await visit(plain.app, { "x-forwarded-proto": "https" }, "203.0.113.20")).toEqual({
      ref_visitor: false,
      ref_code: false,
    });
  });
});
