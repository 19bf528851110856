import { describe, expect, it, vi } from "vitest";
import { ANALYTICS_LIMITS, BEACON_CONFIRM_MS, STORAGE_KEYS, type AnalyticsEvent } from "../src/index";
import { beaconEvents, createWorld, jsonResponse, okEnvelope, settle, type FakeCall } from "./fakes";
import { endpointUrl } from "@affiliates/contracts/endpoints";

const click = (n: number) => ({ event_tracking: `button_${n}`, event_tracking_id: `b${n}` });
const idsOf = (calls: FakeCall[]) => calls.flatMap((c) => c.events.map((e) => e.event_id));

describe("the delivery loop", () => {
  it("sends batches of at most 50 events, one every 500 ms, after the switch allowed it", async () => {
    const world = createWorld();
    const analytics = world.make();
    for (let i = 1; i <= 120; i += 1) analytics.track("click", click(i));
    await analytics.start();
    expect(world.fake.configCalls).toHaveLength(1);
    expect(world.fake.configCalls[0]?.url).toBe(endpointUrl("clientCommonConfig"));
    expect(world.fake.reports).toHaveLength(0);

    world.clock.advance(ANALYTICS_LIMITS.loopMs - 1);
    await settle();
    expect(world.fake.reports).toHaveLength(0);

    world.clock.advance(1);
    await settle();
    expect(world.fake.reports.map((r) => r.events.length)).toEqual([50]);
    world.clock.advance(500);
    await settle();
    world.clock.advance(500);
    await settle();
    expect(world.fake.reports.map((r) => r.events.length)).toEqual([50, 50, 20]);
    expect(world.fake.reports[0]?.url).toBe(endpointUrl("analyticsIngest"));
    expect(world.fake.reports[0]?.init.method).toBe("POST");
    expect(world.fake.reports[0]?.init.headers["content-type"]).toBe("application/json");
    expect(world.fake.reports[0]?.init.keepalive).toBe(true);
    expect(new Set(idsOf(world.fake.reports)).size).toBe(120);
    expect(analytics.stats()).toMatchObject({ enqueued: 120, sent: 120, queued: 0, dropped: 0, uploadEnabled: true });

    world.clock.advance(5000);
    await settle();
    expect(world.fake.reports).toHaveLength(3);
    analytics.stop();
    expect(world.clock.intervalCount).toBe(0);
  });

  it("copies the page's pfb query parameter into the pfb header", async () => {
    const world = createWorld();
    const analytics = world.make();
    analytics.track("click", click(1));
    await analytics.start();
    world.clock.advance(500);
    await settle();
    expect(world.fake.reports[0]?.init.headers.pfb).toBe("abc123");

    const without = createWorld();
    without.location.set("https://www.example.com/affiliates");
    const other = without.make();
    other.track("click", click(1));
    await other.start();
    without.clock.advance(500);
    await settle();
    expect(without.fake.reports[0]?.init.headers).not.toHaveProperty("pfb");
  });

  it("sends a timely event at once, without waiting for the tick", async () => {
    const world = createWorld();
    const analytics = world.make();
    await analytics.start();
    analytics.track("click", { ...click(7), timely: true });
    await settle();
    expect(world.fake.reports).toHaveLength(1);
  });

  it("persists the queue in the loop tick, not on every track", async () => {
    const world = createWorld();
    const analytics = world.make();
    const before = world.storage.writes;
    for (let i = 1; i <= 10; i += 1) analytics.track("click", click(i));
    expect(world.storage.writes).toBe(before);
    world.fake.reportAnswer = () => new Promise(() => undefined); // never answers: the events stay queued
    await analytics.start();
    world.clock.advance(500);
    await settle();
    const stored = JSON.parse(world.storage.getItem(STORAGE_KEYS.queue) ?? "{}") as { events: AnalyticsEvent[] };
    expect(stored.events).toHaveLength(10);
  });
});

describe("the upload switch", () => {
  it("sends nothing while the switch is off; the events stay queued in storage", async () => {
    const world = createWorld({ fetchOptions: { switchOn: false } });
    const analytics = world.make();
    analytics.track("click", click(1));
    await analytics.start();
    world.clock.advance(5000);
    await settle();
    await analytics.flush();
    await analytics.flush({ beacon: true });
    world.document.hide();
    expect(world.fake.reports).toHaveLength(0);
    expect(world.beacons).toHaveLength(0);
    expect(analytics.stats()).toMatchObject({ uploadEnabled: false, queued: 1 });
    expect(world.storage.getItem(STORAGE_KEYS.queue)).toContain("button_1");
  });

  it("sends nothing when the config call fails", async () => {
    const world = createWorld({ fetchOptions: { configFails: true } });
    const analytics = world.make();
    analytics.track("click", click(1));
    await analytics.start();
    world.clock.advance(5000);
    await settle();
    expect(world.fake.reports).toHaveLength(0);
    expect(analytics.stats().uploadEnabled).toBe(false);
    expect(world.console.warn).toHaveBeenCalledWith(
      expect.stringContaining("clientCommonConfig"),
      expect.any(TypeError),
    );
  });

  it("stays silent for 10 s after a 403, then resumes with the same events", async () => {
    const world = createWorld();
    const analytics = world.make();
    analytics.track("click", click(1));
    world.fake.reportAnswer = () => Promise.resolve(jsonResponse(403, { code: "403", msg: "Forbidden", data: null }));
    await analytics.start();
    world.clock.advance(500);
    await settle();
    expect(world.fake.reports).toHaveLength(1);
    world.fake.reportAnswer = () => Promise.resolve(okEnvelope({ accepted: 1, duplicates: 0, rejected: [] }));

    for (let t = 0; t < ANALYTICS_LIMITS.silentMs - 500; t += 500) {
      world.clock.advance(500);
      await settle();
    }
    analytics.track("click", click(2));
    await analytics.flush();
    world.document.hide();
    expect(world.fake.reports).toHaveLength(1);
    expect(world.beacons).toHaveLength(0);
    expect(world.console.warn).not.toHaveBeenCalled();

    world.document.show();
    world.clock.advance(500);
    await settle();
    expect(world.fake.reports).toHaveLength(2);
    expect(world.fake.reports[1]?.events.map((e) => e.event_tracking)).toEqual(["button_1", "button_2"]);
    expect(world.fake.reports[1]?.events[0]?.event_id).toBe(world.fake.reports[0]?.events[0]?.event_id);
    expect(analytics.stats()).toMatchObject({ silenced: 1, sent: 2, queued: 0 });
  });
});

describe("failures and duplicates", () => {
  it("logs a failed upload, keeps the events and retries them with retry_count incremented", async () => {
    const world = createWorld();
    const analytics = world.make();
    analytics.track("click", click(1));
    world.fake.reportAnswer = () => Promise.reject(new TypeError("Failed to fetch"));
    await analytics.start();
    world.clock.advance(500);
    await settle();
    world.fake.reportAnswer = () => Promise.resolve(jsonResponse(500, { code: "500", msg: "Internal", data: null }));
    world.clock.advance(500);
    await settle();
    world.fake.reportAnswer = () => Promise.resolve(okEnvelope({ accepted: 1, duplicates: 0, rejected: [] }));
    world.clock.advance(500);
    await settle();
    expect(world.fake.reports.map((r) => r.events[0]?.retry_count)).toEqual([0, 1, 2]);
    expect(new Set(idsOf(world.fake.reports)).size).toBe(1);
    expect(world.console.warn).toHaveBeenCalledTimes(2);
    expect(analytics.stats()).toMatchObject({ failures: 2, sent: 1, queued: 0 });
  });

  it("counts the duplicates the API reports (a retry after a lost answer)", async () => {
    const world = createWorld();
    const analytics = world.make();
    analytics.track("click", click(1));
    world.fake.reportAnswer = () => Promise.resolve(okEnvelope({ accepted: 0, duplicates: 1, rejected: [] }));
    await analytics.start();
    world.clock.advance(500);
    await settle();
    expect(analytics.stats()).toMatchObject({ sent: 1, duplicates: 1 });
  });

  it("gives every event a unique id, across reloads on the same storage", async () => {
    const world = createWorld();
    const first = world.make();
    const ids: (string | null)[] = [];
    for (let i = 1; i <= 5; i += 1) ids.push(first.track("click", click(i)));
    world.fake.reportAnswer = () => Promise.reject(new TypeError("offline"));
    await first.start();
    world.clock.advance(500);
    await settle();
    first.stop();

    // A reload in the same millisecond with the same random part: only the stored log sequence tells them apart.
    const second = world.make();
    for (let i = 6; i <= 10; i += 1) ids.push(second.track("click", click(i)));
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    expect(new Set(ids).size).toBe(10);
    expect(second.stats().queued).toBe(10);

    world.fake.reportAnswer = () => Promise.resolve(okEnvelope({ accepted: 10, duplicates: 0, rejected: [] }));
    await second.start();
    await second.flush();
    const sent = idsOf(world.fake.reports.slice(-1));
    expect(sent).toHaveLength(10);
    expect(new Set(sent).size).toBe(10);
    expect(second.stats().queued).toBe(0);
  });

  it("drops a batch the API refuses as a whole (400) with an error in the console", async () => {
    const world = createWorld();
    const analytics = world.make();
    analytics.track("click", click(1));
    world.fake.reportAnswer = () =>
      Promise.resolve(jsonResponse(400, { code: "400", msg: "body: too many", data: null }));
    await analytics.start();
    await analytics.flush();
    expect(world.console.error).toHaveBeenCalledWith(expect.stringContaining("body: too many"));
    expect(analytics.stats()).toMatchObject({ rejected: 1, queued: 0 });
  });
});

describe("the bounded queue", () => {
  it("drops the oldest events when storage is full, counts them and reports them once space is back", () => {
    const world = createWorld();
    const analytics = world.make();
    world.fake.reportAnswer = () => new Promise(() => undefined);
    for (let i = 1; i <= 20; i += 1) analytics.track("click", { ...click(i), business1: "x".repeat(200) });
    const eventSize = (world.storage.getItem(STORAGE_KEYS.queue) ?? "").length; // nothing written yet
    expect(eventSize).toBe(0);
    world.storage.quotaChars = 12 * 1500; // about 12 of these events fit (plus the small keys)
    analytics.stop(); // persists
    const stats = analytics.stats();
    expect(stats.dropped).toBeGreaterThan(0);
    expect(stats.queued).toBe(20 - stats.dropped + 1); // + the system event reporting the drops
    const stored = JSON.parse(world.storage.getItem(STORAGE_KEYS.queue) ?? "{}") as { events: AnalyticsEvent[] };
    const kept = stored.events.map((e) => e.event_tracking);
    expect(kept[0]).toBe(`button_${stats.dropped + 1}`); // the oldest went first
    expect(kept).toContain("button_20");

    world.storage.quotaChars = Infinity;
    analytics.stop(); // persists again: the system event is now stored too
    const after = JSON.parse(world.storage.getItem(STORAGE_KEYS.queue) ?? "{}") as { events: AnalyticsEvent[] };
    const system = after.events.filter((e) => e.type === "system");
    expect(system).toHaveLength(1);
    expect(system[0]?.event_tracking_ext).toEqual({ dropped: stats.dropped, total_dropped: stats.dropped });
  });

  it("keeps at most maxQueue events in memory, dropping and counting the oldest", () => {
    const world = createWorld();
    const analytics = world.make({ maxQueue: 5 });
    for (let i = 1; i <= 8; i += 1) analytics.track("click", click(i));
    expect(analytics.stats()).toMatchObject({ enqueued: 8, dropped: 3, queued: 5 });
  });
});

describe("the beacon path", () => {
  it("sends the pending events by sendBeacon when the page is hidden, as application/json", async () => {
    const world = createWorld();
    const analytics = world.make();
    world.fake.reportAnswer = () => new Promise(() => undefined);
    await analytics.start();
    for (let i = 1; i <= 3; i += 1) analytics.track("click", click(i));
    world.document.hide();
    expect(world.beacons).toHaveLength(1);
    expect(world.beacons[0]?.url).toBe(`${endpointUrl("analyticsIngest")}?pfb=abc123`);
    expect(world.beacons[0]?.data.type).toBe("application/json");
    expect((await beaconEvents(world.beacons[0] ?? { data: new Blob() })).map((e) => e.event_tracking)).toEqual([
      "button_1",
      "button_2",
      "button_3",
    ]);
    // Hidden again (pagehide after visibilitychange): nothing is beaconed twice.
    world.window.dispatch("pagehide");
    expect(world.beacons).toHaveLength(1);
    expect(analytics.stats().beaconed).toBe(3);
  });

  it("keeps each beacon under 60 KB and at most 50 events, splitting as needed", async () => {
    const world = createWorld();
    const analytics = world.make();
    await analytics.start();
    for (let i = 1; i <= 120; i += 1) analytics.track("click", { ...click(i), business2: "y".repeat(1500) });
    world.window.dispatch("pagehide");
    const parts = await Promise.all(world.beacons.map((b) => beaconEvents(b)));
    expect(world.beacons.length).toBeGreaterThan(3);
    for (const beacon of world.beacons) expect(beacon.data.size).toBeLessThan(ANALYTICS_LIMITS.beaconMaxBytes);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(50);
    expect(parts.flat().map((e) => e.event_tracking)).toEqual(Array.from({ length: 120 }, (_, i) => `button_${i + 1}`));
  });

  it("leaves beaconed events for a later fetch confirmation, deduplicated by the API", async () => {
    const world = createWorld();
    const analytics = world.make();
    await analytics.start();
    analytics.track("click", click(1));
    world.document.hide();
    world.document.show();
    world.clock.advance(1000);
    await settle();
    expect(world.fake.reports).toHaveLength(0); // not re-sent right away
    world.clock.advance(BEACON_CONFIRM_MS);
    await settle();
    expect(world.fake.reports).toHaveLength(1);
    expect(analytics.stats()).toMatchObject({ beaconed: 1, queued: 0 });
  });

  it("does not beacon while offline: the queue waits in storage", async () => {
    const world = createWorld();
    world.navigator.onLine = false;
    const analytics = world.make();
    await analytics.start();
    analytics.track("click", click(1));
    world.document.hide();
    expect(world.beacons).toHaveLength(0);
    expect(world.storage.getItem(STORAGE_KEYS.queue)).toContain("button_1");
  });
});

describe("inside the app", () => {
  it("hands the batches to the bridge transport instead of fetch", async () => {
    const world = createWorld();
    const bridgeTransport = vi.fn((_events: AnalyticsEvent[]) => Promise.resolve());
    const analytics = world.make({ bridgeTransport });
    analytics.track("click", click(1));
    await analytics.start();
    world.clock.advance(500);
    await settle();
    expect(bridgeTransport).toHaveBeenCalledTimes(1);
    expect(bridgeTransport.mock.calls[0]?.[0][0]).toMatchObject({ event_tracking: "button_1", sys: "app H5" });
    expect(world.fake.reports).toHaveLength(0);
    world.document.hide();
    expect(world.beacons).toHaveLength(0);
    expect(analytics.stats().sent).toBe(1);
  });
});

describe("merging", () => {
  it("merges the merge-flagged events of a batch sharing a tracking id into one event with an ext list", async () => {
    const world = createWorld();
    const analytics = world.make();
    analytics.track("expose", {
      event_tracking: "card",
      event_tracking_id: "b7",
      merge: true,
      event_tracking_ext: { card: 1 },
    });
    analytics.track("click", click(1));
    analytics.track("expose", {
      event_tracking: "card",
      event_tracking_id: "b7",
      merge: true,
      event_tracking_ext: { card: 2 },
    });
    analytics.track("expose", {
      event_tracking: "banner",
      event_tracking_id: "b8",
      merge: true,
      event_tracking_ext: { banner: 1 },
    });
    analytics.track("expose", { event_tracking: "card", event_tracking_id: "b7", merge: true });
    await analytics.start();
    await analytics.flush();
    const events = world.fake.reports[0]?.events ?? [];
    expect(events.map((e) => e.event_tracking)).toEqual(["card", "button_1", "banner"]);
    expect(events[0]?.event_tracking_ext).toEqual([{ card: 1 }, { card: 2 }]);
    expect(events[2]?.event_tracking_ext).toEqual([{ banner: 1 }]);
    expect(analytics.stats().queued).toBe(0);
  });
});
