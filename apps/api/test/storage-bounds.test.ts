import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ANALYTICS_EXT_MAX_BYTES, type AnalyticsIngestResult } from "@affiliates/contracts";
import { ERROR_EVENT_BOUNDS_DEFAULTS, loadConfig, type ErrorEventBounds } from "../src/platform/config";
import { startRetentionJobs } from "../src/jobs/retention";
import { DELETE_BATCH_ROWS, type NewErrorEvent } from "../src/domains/errors/repository";
import { sentryTunnelConfig } from "../src/domains/errors/routes";
import { makeEvent } from "./helpers/analytics-events";
import { refused } from "./helpers/envelope-assertions";
import { createTestApp, DIALECT, envelope, type TestApp } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/**
 * Issue 32 finding 6 (and issue 31's error-event retention): what one client can make the API store is bounded.
 * Analytics extras have a size cap; the Sentry tunnel's stored bytes are capped per client IP per window and in
 * total (oldest deleted first); stored error events expire after ERROR_EVENTS_RETENTION_DAYS, in bounded batches.
 */
const DAY = 24 * 60 * 60 * 1000;
const DSN = "https://public@localhost/1";
const eventId = () => randomUUID().replace(/-/g, "");

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function tunnelApp(bounds: Partial<ErrorEventBounds>, clock?: { now: number }): Promise<FastifyInstance> {
  t = await createTestApp({
    seed: false,
    errorEvents: { ...ERROR_EVENT_BOUNDS_DEFAULTS, ...bounds },
    sentryTunnel: { ...sentryTunnelConfig({}), rateLimit: { max: 10_000, timeWindowMs: 60_000 } },
    ...(clock ? { now: () => clock.now } : {}),
  });
  return t.app;
}

/** An envelope of one event item whose message has `size` characters. */
function envelopeOf(size: number, id = eventId()): string {
  return [
    JSON.stringify({ dsn: DSN }),
    '{"type":"event"}',
    JSON.stringify({ event_id: id, level: "error", message: "m".repeat(size) }),
  ].join("\n");
}

const post = (app: FastifyInstance, body: string, ip = "203.0.113.7") =>
  app.inject({
    method: "POST",
    url: apiUrl("sentryTunnel", { projectId: 1 }),
    headers: { "content-type": "text/plain;charset=UTF-8" },
    remoteAddress: ip,
    payload: body,
  });

async function storedIds(app: FastifyInstance): Promise<string[]> {
  const rows = await app.db.selectFrom("error_events").select("event_id").orderBy("id").execute();
  return rows.map((r) => r.event_id);
}

const newEvent = (ip: string): NewErrorEvent => ({
  eventId: eventId(),
  projectId: "1",
  level: "error",
  message: "TypeError: x is undefined",
  url: "https://www.example.com/affiliates",
  environment: "test",
  tags: {},
  breadcrumbs: 0,
  ip,
  raw: "{}",
});

describe(`analytics free-form fields are capped (${DIALECT})`, () => {
  async function upload(app: FastifyInstance, events: unknown[]): Promise<AnalyticsIngestResult> {
    const response = await app.inject({
      method: "POST",
      url: apiUrl("analyticsIngest"),
      headers: { "content-type": "application/json", deviceid: "dev1" },
      payload: JSON.stringify(events),
    });
    expect(response.statusCode, response.body).toBe(200);
    return envelope(response).data as AnalyticsIngestResult;
  }

  it("refuses an event whose curr_page_ext is over 4 KB as JSON, naming the field; keeps the one that fits", async () => {
    t = await createTestApp({ seed: false });
    const result = await upload(t.app, [
      makeEvent(1, { curr_page_ext: { note: "x".repeat(ANALYTICS_EXT_MAX_BYTES - 20) } }),
      makeEvent(2, { curr_page_ext: { note: "x".repeat(ANALYTICS_EXT_MAX_BYTES) } }),
      // Many small keys add up the same way.
      makeEvent(3, {
        curr_page_ext: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i])),
      }),
    ]);
    expect(result.accepted).toBe(1);
    expect(result.rejected).toEqual([
      { index: 1, reason: `curr_page_ext: larger than ${ANALYTICS_EXT_MAX_BYTES} bytes as JSON` },
      { index: 2, reason: `curr_page_ext: larger than ${ANALYTICS_EXT_MAX_BYTES} bytes as JSON` },
    ]);
  });
});

describe("the error store's settings", () => {
  it("default to 30 days, 256 MiB in total and 1 MiB per IP per hour, and read the environment", () => {
    expect(loadConfig({}).errorEvents).toEqual({
      retentionDays: 30,
      maxTotalBytes: 256 * 1024 * 1024,
      perIpMaxBytes: 1024 * 1024,
      perIpWindowMs: 3_600_000,
    });
    expect(
      loadConfig({
        ERROR_EVENTS_RETENTION_DAYS: "7",
        ERROR_EVENTS_MAX_TOTAL_BYTES: "1000000",
        ERROR_EVENTS_PER_IP_BYTES: "5000",
        ERROR_EVENTS_PER_IP_WINDOW_S: "60",
      }).errorEvents,
    ).toEqual({ retentionDays: 7, maxTotalBytes: 1_000_000, perIpMaxBytes: 5000, perIpWindowMs: 60_000 });
    expect(() => loadConfig({ ERROR_EVENTS_RETENTION_DAYS: "0" })).toThrow(/ERROR_EVENTS_RETENTION_DAYS/);
    expect(() => loadConfig({ ERROR_EVENTS_MAX_TOTAL_BYTES: "lots" })).toThrow(/ERROR_EVENTS_MAX_TOTAL_BYTES/);
  });
});

describe(`the Sentry tunnel's stored bytes are bounded (${DIALECT})`, () => {
  it("per client IP and window: past it 429 with Retry-After, nothing stored; other IPs and the next window go on", async () => {
    const clock = { now: Date.UTC(2026, 10, 1, 12) };
    const app = await tunnelApp({ perIpMaxBytes: 10_000, perIpWindowMs: 3_600_000 }, clock);
    for (let i = 0; i < 4; i++) expect((await post(app, envelopeOf(1000))).statusCode).toBe(200);
    const before = await storedIds(app);
    expect(before).toHaveLength(4);

    const over = await post(app, envelopeOf(1000));
    refused(over, 429, "429", "errors: this client's storage allowance for 3600 s is used up");
    expect(over.headers["retry-after"]).toBe("3600");
    expect(await storedIds(app)).toEqual(before);

    // Another client is not held back by the first one's allowance.
    expect((await post(app, envelopeOf(1000), "198.51.100.9")).statusCode).toBe(200);
    // An hour later the first client may store again.
    clock.now += 3_600_001;
    expect((await post(app, envelopeOf(1000))).statusCode).toBe(200);
    expect(await storedIds(app)).toHaveLength(6);
  });

  it("in total: past the cap the oldest events are deleted, the newest kept, the total within the cap", async () => {
    const clock = { now: Date.UTC(2026, 10, 1, 12) };
    const app = await tunnelApp({ maxTotalBytes: 12_000 }, clock);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      clock.now += 1000;
      const id = eventId();
      ids.push(id);
      // Each from its own IP: the per-IP allowance is not what stops them.
      expect((await post(app, envelopeOf(1000, id), `192.0.2.${i + 1}`)).statusCode).toBe(200);
    }
    const kept = await storedIds(app);
    expect(kept.length).toBeGreaterThanOrEqual(4);
    expect(kept.length).toBeLessThan(10);
    expect(kept).toEqual(ids.slice(ids.length - kept.length));
    expect(await app.errorEvents.totalBytes()).toBeLessThanOrEqual(12_000);
  });
});

describe(`error events expire (${DIALECT})`, () => {
  it(`deletes events older than the retention in batches of ${DELETE_BATCH_ROWS}, keeps the younger ones`, async () => {
    const clock = { now: Date.UTC(2026, 9, 1) };
    const app = await tunnelApp({ retentionDays: 30 }, clock);
    const old = DELETE_BATCH_ROWS + 5;
    await app.errorEvents.insertMany(Array.from({ length: old }, () => newEvent("192.0.2.1")));
    clock.now += 20 * DAY;
    const young = newEvent("192.0.2.2");
    await app.errorEvents.insertMany([young]);
    clock.now += 11 * DAY; // the first rows are 31 days old, the last one 11

    expect(await app.errorEvents.expire()).toBe(old);
    expect(await storedIds(app)).toEqual([young.eventId]);
    expect(await app.errorEvents.expire()).toBe(0);
  });

  it("the retention job deletes them at start, without waiting for its first interval", async () => {
    const clock = { now: Date.UTC(2026, 9, 1) };
    const app = await tunnelApp({ retentionDays: 30 }, clock);
    await app.errorEvents.insertMany([newEvent("192.0.2.1"), newEvent("192.0.2.1")]);
    clock.now += 31 * DAY;
    const stop = startRetentionJobs(app, { intervalMs: 3_600_000 });
    try {
      await expect.poll(() => storedIds(app), { timeout: 5000 }).toEqual([]);
    } finally {
      stop();
    }
  });
});
