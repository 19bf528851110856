import { createAnalytics, type AnalyticsEvent, type ResponseLike } from "@affiliates/analytics";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  analyticsEventSchema,
  type AnalyticsEventContract,
  type AnalyticsIngestResult,
  type StoredAnalyticsEvent,
} from "@affiliates/contracts";
import { BASE_TIME, makeEvent } from "./helpers/analytics-events";
import { createTestApp, DIALECT, envelope } from "./helpers/test-app";
import { apiUrl, type ApiQuery } from "./helpers/api-url";
import { ANALYTICS_APP } from "@affiliates/contracts";
import { parseUserAgent } from "@affiliates/analytics/user-agent";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

const ADMIN_TOKEN = "analytics-admin-token";

interface AnalyticsApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The whole API (createTestApp: SQLite, or PostgreSQL with TEST_DATABASE_URL) with the admin token set. */
async function buildAnalyticsApp(options: { rateLimitMax?: number } = {}): Promise<AnalyticsApp> {
  return createTestApp({
    adminToken: ADMIN_TOKEN,
    ...(options.rateLimitMax ? { analyticsRateLimit: { max: options.rateLimitMax, timeWindowMs: 60_000 } } : {}),
  });
}

const adminHeaders = { "x-admin-token": ADMIN_TOKEN };

async function upload(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: "POST",
    url: apiUrl("analyticsIngest"),
    payload: JSON.stringify(payload),
    headers: { "content-type": "application/json", ...headers },
  });
  return { response, body: envelope(response) };
}

async function listEvents(app: FastifyInstance, query: ApiQuery): Promise<StoredAnalyticsEvent[]> {
  const response = await app.inject({
    method: "GET",
    url: apiUrl("adminAnalyticsEvents", query),
    headers: adminHeaders,
  });
  expect(response.statusCode).toBe(200);
  return (envelope(response).data as { events: StoredAnalyticsEvent[] }).events;
}

describe(`analytics ingestion (${DIALECT})`, () => {
  let t: AnalyticsApp;
  beforeEach(async () => {
    t = await buildAnalyticsApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it("keeps the good events of a batch and rejects the bad ones with a reason each", async () => {
    const bad = { ...makeEvent(2), event_tracking_id: "x2" };
    const { device_id: _omitted, ...noDevice } = makeEvent(3);
    const { response, body } = await upload(t.app, [
      makeEvent(1),
      bad,
      noDevice,
      makeEvent(4, { log_env: "prod" }),
      "nope",
      makeEvent(5),
    ]);
    expect(response.statusCode).toBe(200);
    expect(body.code).toBe("00000");
    const data = body.data as AnalyticsIngestResult;
    expect(data.accepted).toBe(2);
    expect(data.duplicates).toBe(0);
    expect(data.rejected.map((r) => r.index)).toEqual([1, 2, 3, 4]);
    expect(data.rejected[0]?.reason).toBe('event_tracking_id: must be "/" or "b" followed by digits');
    expect(data.rejected[1]?.reason).toMatch(/^device_id: /);
    expect(data.rejected[2]?.reason).toMatch(/^log_env: must be pre, online/);
    expect(data.rejected[3]?.reason).toMatch(/^body: /);
    const stored = await listEvents(t.app, "");
    expect(stored.map((e) => e.event_tracking)).toEqual(["button_5", "button_1"]);
  });

  it("ignores duplicates by event_id on a resend and within a batch", async () => {
    const first = await upload(t.app, [makeEvent(1), makeEvent(2)]);
    expect(first.body.data).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    const again = await upload(t.app, [
      makeEvent(1, { retry_count: 1 }),
      makeEvent(2, { retry_count: 1 }),
      makeEvent(3),
      makeEvent(3),
    ]);
    expect(again.body.data).toEqual({ accepted: 1, duplicates: 3, rejected: [] });
    const stored = await listEvents(t.app, { limit: 500 });
    expect(stored.map((e) => e.event_id).sort()).toEqual(
      [makeEvent(1).event_id, makeEvent(2).event_id, makeEvent(3).event_id].sort(),
    );
    expect(stored.find((e) => e.event_id === makeEvent(1).event_id)?.retry_count).toBe(0);
  });

  it("refuses more than 50 events, and a body that is not an array, with 400", async () => {
    const tooMany = await upload(
      t.app,
      Array.from({ length: 51 }, (_, i) => makeEvent(i + 1)),
    );
    expect(tooMany.response.statusCode).toBe(400);
    expect(tooMany.body).toMatchObject({ code: "400", msg: "body: at most 50 events per request, got 51", data: null });
    expect(await listEvents(t.app, "")).toEqual([]);

    const fifty = await upload(
      t.app,
      Array.from({ length: 50 }, (_, i) => makeEvent(i + 1)),
    );
    expect(fifty.body.data).toMatchObject({ accepted: 50 });

    for (const payload of [{ events: [makeEvent(1)] }, makeEvent(1), "text", 42]) {
      const { response, body } = await upload(t.app, payload);
      expect(response.statusCode).toBe(400);
      expect(body.msg).toBe("body: must be a JSON array of events");
    }
  });

  it("answers 403 when the upload switch is off for the client (device, IP or client-wide)", async () => {
    const setSwitch = (payload: object) =>
      t.app.inject({ method: "PUT", url: apiUrl("adminAnalyticsSwitch"), payload, headers: adminHeaders });
    expect((await setSwitch({ deviceId: "dev1", enabled: false })).json()).toMatchObject({
      data: { client: "device:dev1", enabled: false },
    });

    const off = await upload(t.app, [makeEvent(1)]);
    expect(off.response.statusCode).toBe(403);
    expect(off.body).toMatchObject({ code: "403", data: null });
    // The DeviceId header names the client too; another device is not affected.
    expect((await upload(t.app, [makeEvent(2)], { deviceid: "dev1" })).response.statusCode).toBe(403);
    expect((await upload(t.app, [makeEvent(3, { device_id: "dev2" })])).response.statusCode).toBe(200);

    await setSwitch({ deviceId: "dev1", enabled: null });
    expect((await upload(t.app, [makeEvent(4)])).response.statusCode).toBe(200);

    await setSwitch({ ip: "127.0.0.1", enabled: false });
    expect((await upload(t.app, [makeEvent(5, { device_id: "dev3" })])).response.statusCode).toBe(403);
    await setSwitch({ deviceId: "dev3", enabled: true }); // a device override wins over its IP's
    expect((await upload(t.app, [makeEvent(6, { device_id: "dev3" })])).response.statusCode).toBe(200);
    await setSwitch({ ip: "127.0.0.1", enabled: null });

    await t.app.configRepository.setClientSetting("eventLogUploadSwitch", false);
    expect((await upload(t.app, [makeEvent(7, { device_id: "dev4" })])).response.statusCode).toBe(403);
    expect(await t.app.analyticsEvents.uploadSwitch({ deviceId: "dev4", ip: "127.0.0.1" })).toBe(false);
    expect(await t.app.analyticsEvents.uploadSwitch({ deviceId: "dev3", ip: "127.0.0.1" })).toBe(true);

    const badSwitch = await setSwitch({ deviceId: "dev1", ip: "127.0.0.1", enabled: true });
    expect(badSwitch.statusCode).toBe(400);
  });

  it("lists the latest events for operators, filtered by type, since and limit, with the admin token only", async () => {
    await upload(t.app, [
      makeEvent(1),
      makeEvent(2, { type: "page", page_status: "show", event_tracking_id: "/" }),
      makeEvent(3),
      makeEvent(4, { type: "page", page_status: "hide", event_tracking_id: "/" }),
      makeEvent(5, { type: "expose", merge: true, event_tracking_ext: [{ card: 1 }, { card: 2 }] }),
    ]);
    const all = await listEvents(t.app, "");
    expect(all.map((e) => e.log_seq)).toEqual([5, 4, 3, 2, 1]);
    expect(all[0]).toMatchObject({
      ...makeEvent(5, { type: "expose", merge: true, event_tracking_ext: [{ card: 1 }, { card: 2 }] }),
      ip: "127.0.0.1",
    });
    expect(typeof all[0]?.received_at).toBe("number");

    expect((await listEvents(t.app, { type: "page" })).map((e) => e.page_status)).toEqual(["hide", "show"]);
    expect((await listEvents(t.app, { since: BASE_TIME + 3000 })).map((e) => e.log_seq)).toEqual([5, 4, 3]);
    expect((await listEvents(t.app, { limit: 2, type: "click", since: BASE_TIME })).map((e) => e.log_seq)).toEqual([
      3, 1,
    ]);

    for (const query of ["limit=0", "limit=501", "type=tap", "since=yesterday", "other=1"]) {
      const response = await t.app.inject({
        method: "GET",
        url: apiUrl("adminAnalyticsEvents", query),
        headers: adminHeaders,
      });
      expect(response.statusCode, query).toBe(400);
    }
    const noToken = await t.app.inject({ method: "GET", url: apiUrl("adminAnalyticsEvents") });
    expect(noToken.statusCode).toBe(403);
    const wrongToken = await t.app.inject({
      method: "GET",
      url: apiUrl("adminAnalyticsEvents"),
      headers: { "x-admin-token": "nope" },
    });
    expect(wrongToken.statusCode).toBe(403);
    const switchNoToken = await t.app.inject({
      method: "PUT",
      url: apiUrl("adminAnalyticsSwitch"),
      payload: { ip: "1.2.3.4", enabled: false },
    });
    expect(switchNoToken.statusCode).toBe(403);
  });

  it("accepts what the SDK sends, end to end (fetch into the API)", async () => {
    const fetch = async (
      url: string,
      init: { method: "POST"; headers: Record<string, string>; body: string },
    ): Promise<ResponseLike> => {
      const response = await t.app.inject({ method: init.method, url, headers: init.headers, payload: init.body });
      return {
        ok: response.statusCode < 300,
        status: response.statusCode,
        json: () => Promise.resolve(response.json()),
      };
    };
    const noopTarget = { addEventListener: () => undefined, removeEventListener: () => undefined };
    let now = BASE_TIME;
    const analytics = createAnalytics({
      ...ANALYTICS_APP,
      logEnv: "test1",
      // The config call (domains/config/routes.ts), answered here as it does.
      fetch: (url, init) =>
        url.includes("clientCommonConfig")
          ? Promise.resolve({
              ok: true,
              status: 200,
              json: () =>
                Promise.resolve({
                  code: "00000",
                  msg: "success",
                  data: {
                    clientCommonConfig: { eventLogUploadSwitch: true, userId: "" },
                    localVo: { ip: "127.0.0.1" },
                  },
                }),
            })
          : fetch(url, init),
      sendBeacon: null,
      storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
      clock: { now: () => now, setInterval: () => 1, clearInterval: () => undefined },
      document: { ...noopTarget, title: "Affiliates", referrer: "", visibilityState: "visible" },
      window: noopTarget,
      location: {
        href: "https://www.example.com/affiliates?pfb=p1",
        host: "www.example.com",
        pathname: "/affiliates",
        search: "?pfb=p1",
      },
      parsedUserAgent: parseUserAgent(IPHONE_SAFARI),
      navigator: {
        userAgent: IPHONE_SAFARI,
        language: "ja",
      },
      screen: { width: 390, height: 844 },
      console: { warn: () => undefined, error: () => undefined },
      getDeviceId: () => "sdk-device",
    });
    await analytics.start();
    analytics.trackPage("show");
    for (let i = 0; i < 60; i += 1) {
      now += 10;
      analytics.track("click", { event_tracking: "join", event_tracking_id: `b${i}` });
    }
    analytics.track("expose", { event_tracking_id: "b900", merge: true, event_tracking_ext: { a: 1 } });
    analytics.track("expose", { event_tracking_id: "b900", merge: true, event_tracking_ext: { a: 2 } });
    await analytics.flush();
    expect(analytics.stats()).toMatchObject({ sent: 62, queued: 0, duplicates: 0, rejected: 0 });
    const stored = await listEvents(t.app, { limit: 500 });
    expect(stored).toHaveLength(62);
    expect(stored.find((e) => e.type === "page")).toMatchObject({
      page_status: "show",
      sys: "mobile",
      manufacturer: "Apple",
      device_id: "sdk-device",
    });
    expect(stored.find((e) => e.type === "expose")?.event_tracking_ext).toEqual([{ a: 1 }, { a: 2 }]);
  });
});

describe("the per-client rate limit", () => {
  let t: AnalyticsApp;
  beforeAll(async () => {
    t = await buildAnalyticsApp({ rateLimitMax: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 429 beyond the limit", async () => {
    expect((await upload(t.app, [makeEvent(1)])).response.statusCode).toBe(200);
    expect((await upload(t.app, [makeEvent(2)])).response.statusCode).toBe(200);
    const limited = await upload(t.app, [makeEvent(3)]);
    expect(limited.response.statusCode).toBe(429);
    expect(limited.body.code).toBe("429");
  });
});

describe("the contract and the SDK", () => {
  it("agree on the event's shape (checked by the compiler both ways)", () => {
    const fromSdk = (event: AnalyticsEvent): AnalyticsEventContract => event;
    const fromContract = (
      event: AnalyticsEventContract,
    ): Omit<AnalyticsEvent, "event_tracking_ext" | "curr_page_ext"> => event;
    const event = makeEvent(1);
    expect(analyticsEventSchema.parse(fromContract(event))).toEqual(event);
    expect(typeof fromSdk).toBe("function");
  });
});
