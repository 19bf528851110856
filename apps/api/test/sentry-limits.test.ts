import { randomUUID } from "node:crypto";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../src/lib/errors";
import errorEventsRepository from "../src/plugins/app/error-events-repository";
import dbPlugin from "../src/plugins/external/db";
import sentryRoutes, { sentryTunnelConfig, type SentryTunnelOptions } from "../src/routes/v1/sentry";
import { refused } from "./helpers/envelope-assertions";
import { DIALECT, randomName, TEST_DATABASE_URL, withPg } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

const DSN = "https://public@localhost/1";
const eventId = () => randomUUID().replace(/-/g, "");

/** The tunnel with its storage and a per-IP rate limit, as app.ts wires it, on options of the test's choosing. */
async function buildTunnel(
  overrides: Partial<SentryTunnelOptions>,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const schema = TEST_DATABASE_URL ? randomName("t_sentry_") : undefined;
  if (TEST_DATABASE_URL && schema) await withPg(TEST_DATABASE_URL, `CREATE SCHEMA ${schema}`);
  const app = Fastify({ logger: false });
  await app.register(dbPlugin, {
    databaseUrl: TEST_DATABASE_URL ?? ":memory:",
    dataDir: "/tmp",
    pgSchema: schema,
    seed: false,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new ApiError("rate_limited", `Too many requests, try again in ${context.after}`),
  });
  await app.register(errorEventsRepository);
  // The plugin's mount point as app.ts registers it, not a call: the route checks that its table path sits under it.
  await app.register(sentryRoutes, { prefix: "/v1/sentry", ...sentryTunnelConfig({}), ...overrides });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (TEST_DATABASE_URL && schema) await withPg(TEST_DATABASE_URL, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

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
  let t: Awaited<ReturnType<typeof buildTunnel>>;
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
