import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sentryTunnelConfig, type SentryTunnelOptions } from "../src/domains/errors/routes";
import { refused } from "./helpers/envelope-assertions";
import { createTestApp, DIALECT, type TestApp } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

const DSN = "https://public@localhost/1";
const eventId = () => randomUUID().replace(/-/g, "");

/** The API as it runs, its tunnel on the defaults (not the environment) with the test's overrides. */
const buildTunnel = (overrides: Partial<SentryTunnelOptions>): Promise<TestApp> =>
  createTestApp({ seed: false, sentryTunnel: { ...sentryTunnelConfig({}), ...overrides } });

/** An envelope of `count` event items (each a small browser error). */
function envelopeOf(count: number, extra = ""): string {
  const lines = [JSON.stringify({ dsn: DSN })];
  for (let i = 0; i < count; i++) {
    lines.push('{"type":"event"}', JSON.stringify({ event_id: eventId(), level: "error", message: `e${i}${extra}` }));
  }
  return lines.join("\n");
}

const post = (app: FastifyInstance, body: string) =>
  app.inject({
    method: "POST",
    url: apiUrl("sentryTunnel", { projectId: 1 }),
    headers: { "content-type": "text/plain;charset=UTF-8" },
    payload: body,
  });
const storedCount = async (app: FastifyInstance) =>
  Number(
    (
      await app.db
        .selectFrom("error_events" as never)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe("the tunnel's configuration", () => {
  it("defaults to 50 items, 200 KB per event and 60 envelopes a minute per IP, and reads the environment", () => {
    expect(sentryTunnelConfig({})).toMatchObject({
      maxItems: 50,
      maxEventBytes: 200 * 1024,
      rateLimit: { max: 60, timeWindowMs: 60_000 },
    });
    expect(
      sentryTunnelConfig({
        SENTRY_TUNNEL_MAX_ITEMS: "10",
        SENTRY_TUNNEL_MAX_EVENT_BYTES: "5000",
        SENTRY_RATE_LIMIT_MAX: "7",
      }),
    ).toMatchObject({
      maxItems: 10,
      maxEventBytes: 5000,
      rateLimit: { max: 7 },
    });
    expect(sentryTunnelConfig({ SENTRY_TUNNEL_MAX_ITEMS: "0", SENTRY_RATE_LIMIT_MAX: "lots" })).toMatchObject({
      maxItems: 50,
      rateLimit: { max: 60 },
    });
  });
});

describe(`the tunnel's limits (${DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTunnel({ maxEventBytes: 2000, rateLimit: { max: 1000, timeWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("takes 50 items, refuses the 51st with 413 and the envelope, storing nothing", async () => {
    const before = await storedCount(t.app);
    expect((await post(t.app, envelopeOf(50))).statusCode).toBe(200);
    expect(await storedCount(t.app)).toBe(before + 50);
    refused(await post(t.app, envelopeOf(51)), 413, "413", "envelope: more than 50 items");
    expect(await storedCount(t.app)).toBe(before + 50);
  });

  it("refuses an event item over SENTRY_TUNNEL_MAX_EVENT_BYTES with 413 (length-prefixed or not)", async () => {
    refused(
      await post(t.app, envelopeOf(1, "x".repeat(2000))),
      413,
      "413",
      "envelope item 1: event larger than 2000 bytes",
    );
    const payload = JSON.stringify({ event_id: eventId(), message: "y".repeat(2100) });
    const prefixed = [
      JSON.stringify({ dsn: DSN }),
      JSON.stringify({ type: "event", length: Buffer.byteLength(payload) }),
      payload,
    ].join("\n");
    refused(await post(t.app, prefixed), 413, "413", "envelope item 1: event larger than 2000 bytes");
  });

  it("refuses event JSON nested too deeply with 400, before parsing", async () => {
    const deep = JSON.stringify({ event_id: eventId(), tags: { a: "x" } }).replace(
      '"x"',
      `${"[".repeat(65)}1${"]".repeat(65)}`,
    );
    refused(
      await post(t.app, [JSON.stringify({ dsn: DSN }), '{"type":"event"}', deep].join("\n")),
      400,
      "400",
      "event item: nested too deeply",
    );
  });
});

describe(`an envelope of 3,100 events (${DIALECT})`, () => {
  it("is stored in chunks that stay under SQLite's variable limit", async () => {
    const t = await buildTunnel({ maxItems: 5000, bodyLimit: 4 * 1024 * 1024, maxEventBytes: 2000 });
    try {
      const response = await post(t.app, envelopeOf(3100));
      expect(response.statusCode, response.body).toBe(200);
      expect(await storedCount(t.app)).toBe(3100);
    } finally {
      await t.close();
    }
  });
});

describe("the per-IP rate limit (SENTRY_RATE_LIMIT_MAX)", () => {
  it("answers 429 with the envelope past the limit, per client IP", async () => {
    const t = await buildTunnel({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    try {
      for (let i = 0; i < 2; i++) expect((await post(t.app, envelopeOf(1))).statusCode).toBe(200);
      refused(await post(t.app, envelopeOf(1)), 429, "429", /^Too many requests/);
      const other = await t.app.inject({
        method: "POST",
        url: apiUrl("sentryTunnel", { projectId: 1 }),
        remoteAddress: "192.0.2.7",
        headers: { "content-type": "text/plain" },
        payload: envelopeOf(1),
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
