import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sentryTunnelConfig, type SentryTunnelOptions } from "../src/domains/errors/routes";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

const ADMIN_TOKEN = "sentry-admin-token";
const DSN = "https://public@localhost/1";

/**
 * The whole API (createTestApp: SQLite, or PostgreSQL with TEST_DATABASE_URL) with the admin token, its tunnel
 * configured as PUBLIC_ORIGIN=https://www.exchange.example configures it, and `overrides` (an upstream, a fake fetch).
 */
const buildTunnelApp = (overrides: Partial<SentryTunnelOptions> = {}): Promise<TestApp> =>
  createTestApp({
    adminToken: ADMIN_TOKEN,
    sentryTunnel: { ...sentryTunnelConfig({ PUBLIC_ORIGIN: "https://www.exchange.example" }), ...overrides },
  });

const eventId = () => randomUUID().replace(/-/g, "");

function envelope(event: Record<string, unknown>, header: Record<string, unknown> = {}, withLength = false): string {
  const payload = JSON.stringify(event);
  const itemHeader = withLength ? { type: "event", length: Buffer.byteLength(payload) } : { type: "event" };
  return [
    JSON.stringify({ event_id: event.event_id, dsn: DSN, sent_at: new Date().toISOString(), ...header }),
    JSON.stringify(itemHeader),
    payload,
  ].join("\n");
}

const browserEvent = (id: string, value = "boom") => ({
  event_id: id,
  level: "error",
  platform: "javascript",
  environment: "beta",
  exception: { values: [{ type: "Error", value, stacktrace: { frames: [] } }] },
  request: { url: "http://localhost:3000/affiliates/fee?password=[Filtered]", headers: { "User-Agent": "x" } },
  tags: { page: "fee", runtime: "browser" },
  breadcrumbs: [
    { category: "console", message: "a" },
    { category: "fetch", data: { url: "/some/path" } },
  ],
});

describe(`${routeTitle("sentryTunnel")}: the error-reporting tunnel`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTunnelApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    body: string | Buffer,
    url = apiUrl("sentryTunnel", { projectId: 1 }),
    contentType = "text/plain;charset=UTF-8",
  ) => t.app.inject({ method: "POST", url, headers: { "content-type": contentType }, payload: body });
  const list = (limit = 10) =>
    t.app.inject({ method: "GET", url: apiUrl("adminErrors", { limit }), headers: { "x-admin-token": ADMIN_TOKEN } });

  it("stores a valid envelope's event (text/plain, as the browser SDK sends it) and answers like Sentry", async () => {
    const id = eventId();
    const response = await post(envelope(browserEvent(id, "stored one")));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id });
    const listed = await list();
    expect(listed.statusCode).toBe(200);
    const events = listed.json<{ data: { events: Array<Record<string, unknown>> } }>().data.events;
    expect(events[0]).toMatchObject({
      eventId: id,
      projectId: "1",
      level: "error",
      message: "Error: stored one",
      url: "http://localhost:3000/affiliates/fee?password=[Filtered]",
      tags: { page: "fee", runtime: "browser" },
      breadcrumbs: 2,
      environment: "beta",
    });
  });

  it("accepts application/x-sentry-envelope, length-prefixed items, and skips non-event items", async () => {
    const id = eventId();
    const body = [
      JSON.stringify({ event_id: id, dsn: DSN }),
      JSON.stringify({ type: "client_report" }),
      JSON.stringify({ discarded_events: [] }),
      JSON.stringify({
        type: "event",
        length: Buffer.byteLength(JSON.stringify({ event_id: id, message: "ünïcode message", level: "warning" })),
      }),
      JSON.stringify({ event_id: id, message: "ünïcode message", level: "warning" }),
    ].join("\n");
    const response = await post(body, apiUrl("sentryTunnel", { projectId: 1 }), "application/x-sentry-envelope");
    expect(response.statusCode).toBe(200);
    const events = (await list()).json<{ data: { events: Array<Record<string, unknown>> } }>();
    expect(events.data.events[0]).toMatchObject({
      eventId: id,
      level: "warning",
      message: "ünïcode message",
      url: null,
    });
  });

  it("stores an event id once", async () => {
    const id = eventId();
    expect((await post(envelope(browserEvent(id, "dup")))).statusCode).toBe(200);
    expect((await post(envelope(browserEvent(id, "dup")))).statusCode).toBe(200);
    const events = (await list(50)).json<{ data: { events: Array<{ eventId: string }> } }>().data.events;
    expect(events.filter((e) => e.eventId === id)).toHaveLength(1);
  });

  it("answers 200 with nothing stored for an envelope without events (sessions, client reports)", async () => {
    const body = [
      JSON.stringify({ dsn: DSN }),
      JSON.stringify({ type: "session" }),
      JSON.stringify({ sid: "x", status: "ok" }),
    ].join("\n");
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it.each([
    ["a header that is not JSON", "not json\n{}\n{}"],
    ["a header that is a JSON array", '[1,2]\n{"type":"event"}\n{}'],
    ["a header without dsn", `${JSON.stringify({ event_id: eventId() })}\n{"type":"event"}\n{}`],
    ["a dsn that is not a URL", `${JSON.stringify({ dsn: "nope" })}\n{"type":"event"}\n{}`],
    ["garbage bytes", Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x0a, 0x7b])],
    ["an empty body", ""],
    ["an item header that is not JSON", `${JSON.stringify({ dsn: DSN })}\nnope\n{}`],
    ["an item header without type", `${JSON.stringify({ dsn: DSN })}\n{"length":2}\n{}`],
    ["an item length past the end", `${JSON.stringify({ dsn: DSN })}\n{"type":"event","length":999}\n{}`],
    ["an event payload that is not JSON", `${JSON.stringify({ dsn: DSN })}\n{"type":"event"}\n{not json`],
    ["an event without event_id", `${JSON.stringify({ dsn: DSN })}\n{"type":"event"}\n{"message":"x"}`],
  ])("refuses %s with 400, never 500", async (_name, body) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ data: null });
  });

  it("refuses an unknown project with 403 (route or DSN)", async () => {
    expect((await post(envelope(browserEvent(eventId())), apiUrl("sentryTunnel", { projectId: 2 }))).statusCode).toBe(
      403,
    );
    expect((await post(envelope(browserEvent(eventId()), { dsn: "https://public@localhost/2" }))).statusCode).toBe(403);
  });

  it("refuses a foreign DSN host with 403, accepts the public origin's host", async () => {
    expect((await post(envelope(browserEvent(eventId()), { dsn: "https://public@evil.example/1" }))).statusCode).toBe(
      403,
    );
    expect(
      (await post(envelope(browserEvent(eventId()), { dsn: "https://public@www.exchange.example/1" }))).statusCode,
    ).toBe(200);
  });

  it("refuses a body over the cap with 413", async () => {
    const big = envelope(browserEvent(eventId(), "x".repeat(210 * 1024)));
    const response = await post(big);
    expect(response.statusCode).toBe(413);
  });

  it("refuses other content types with 415", async () => {
    const response = await post(
      envelope(browserEvent(eventId())),
      apiUrl("sentryTunnel", { projectId: 1 }),
      "application/xml",
    );
    expect(response.statusCode).toBe(415);
  });

  it(`${routeTitle("adminErrors")} needs the admin token`, async () => {
    expect((await t.app.inject({ method: "GET", url: apiUrl("adminErrors") })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: apiUrl("adminErrors"), headers: { "x-admin-token": "wrong" } }))
        .statusCode,
    ).toBe(403);
    expect((await list(5)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: apiUrl("adminErrors", { limit: 0 }),
          headers: { "x-admin-token": ADMIN_TOKEN },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe("forwarding to SENTRY_UPSTREAM", () => {
  it("posts the envelope to {upstream}/api/{projectId}/envelope/ and passes the answer and rate-limit headers on", async () => {
    const calls: Array<{ url: string; body: string; contentType: string | null }> = [];
    const fakeFetch: typeof fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      calls.push({
        url,
        body: Buffer.from(init?.body as Uint8Array).toString("utf8"),
        contentType: new Headers(init?.headers).get("content-type"),
      });
      return Promise.resolve(
        new Response('{"id":"abc"}', {
          status: 429,
          headers: {
            "content-type": "application/json",
            "retry-after": "60",
            "x-sentry-rate-limits": "60::organization",
          },
        }),
      );
    };
    const t = await buildTunnelApp({ upstream: "https://o0.ingest.sentry.io", fetch: fakeFetch });
    try {
      const body = envelope(browserEvent(eventId()));
      const response = await t.app.inject({
        method: "POST",
        url: apiUrl("sentryTunnel", { projectId: 1 }),
        headers: { "content-type": "text/plain" },
        payload: body,
      });
      expect(response.statusCode).toBe(429);
      expect(response.headers["retry-after"]).toBe("60");
      expect(response.headers["x-sentry-rate-limits"]).toBe("60::organization");
      expect(calls).toEqual([
        { url: "https://o0.ingest.sentry.io/api/1/envelope/", body, contentType: "application/x-sentry-envelope" },
      ]);
      const listed = await t.app.inject({
        method: "GET",
        url: apiUrl("adminErrors"),
        headers: { "x-admin-token": ADMIN_TOKEN },
      });
      expect(listed.json<{ data: { events: unknown[] } }>().data.events).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("reads its configuration from the environment", () => {
    expect(sentryTunnelConfig({})).toMatchObject({
      projectIds: ["1"],
      dsnHosts: ["localhost"],
      upstream: undefined,
      bodyLimit: 200 * 1024,
    });
    expect(
      sentryTunnelConfig({
        SENTRY_PROJECT_IDS: "1, 42",
        PUBLIC_ORIGIN: "https://WWW.Exchange.example:8443",
        SENTRY_UPSTREAM: "https://o0.ingest.sentry.io/",
        SENTRY_TUNNEL_BODY_LIMIT: "1000",
      }),
    ).toMatchObject({
      projectIds: ["1", "42"],
      dsnHosts: ["localhost", "www.exchange.example"],
      upstream: "https://o0.ingest.sentry.io",
      bodyLimit: 1000,
    });
  });
});

describe("with the environment's configuration", () => {
  it(`${routeTitle("adminErrors")} sits behind the admin hook and ${routeTitle("sentryTunnel")} stores`, async () => {
    const t = await createTestApp({ adminToken: ADMIN_TOKEN });
    try {
      expect((await t.app.inject({ method: "GET", url: apiUrl("adminErrors") })).statusCode).toBe(403);
      const id = eventId();
      const posted = await t.app.inject({
        method: "POST",
        url: apiUrl("sentryTunnel", { projectId: 1 }),
        headers: { "content-type": "text/plain;charset=UTF-8" },
        payload: envelope(browserEvent(id, "wired")),
      });
      expect(posted.statusCode).toBe(200);
      const listed = await t.app.inject({
        method: "GET",
        url: apiUrl("adminErrors"),
        headers: { "x-admin-token": ADMIN_TOKEN },
      });
      expect(listed.json()).toMatchObject({ data: { events: [{ eventId: id, message: "Error: wired" }] } });
    } finally {
      await t.close();
    }
  });
});
