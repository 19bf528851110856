import { describe, expect, it } from "vitest";
import { ANALYTICS_EVENT_TYPES } from "@affiliates/contracts";
import { ANALYTICS_LIMITS, STORAGE_KEYS, type AnalyticsEvent } from "../src/index";
import { createWorld } from "./fakes";

function storedEvents(world: ReturnType<typeof createWorld>): AnalyticsEvent[] {
  return (JSON.parse(world.storage.getItem(STORAGE_KEYS.queue) ?? "{}") as { events: AnalyticsEvent[] }).events;
}

describe("enrichment (requirements.md §3)", () => {
  it("fills every event, device, session and external field", () => {
    const world = createWorld({ getUid: () => "U1001" });
    const analytics = world.make();
    analytics.trackPage("show");
    analytics.track("click", {
      event_tracking: "join",
      event_tracking_id: "b42",
      business1: "vip",
      curr_page_ext: { tab: "fee" },
    });
    analytics.stop();
    const [show, clickEvent] = storedEvents(world);
    const now = world.clock.now();
    expect(show).toEqual({
      type: "page",
      event_id: `dev1${now}50:1`,
      url: "https://www.example.com/affiliates?pfb=abc123&qr_val=QR9",
      title: "Affiliates",
      event_tracking: "page",
      event_tracking_id: "/",
      business1: "",
      business2: "",
      page_status: "show",
      track_type: "auto",
      timestamp: now,
      seq: 1,
      log_seq: 1,
      retry_count: 0,
      user_language: "en-US",
      referer: "https://search.example/?q=exchange",
      timely: false,
      merge: false,
      page_unique_id: `dev1${now}50:p1`,
      ctime: now,
      curr_page: "/affiliates",
      browser: "Chrome",
      browser_version: "126.0.0.0",
      sys: "Windows",
      os_version: "10",
      device_id: "dev1",
      session_id: `dev1${now}50`,
      manufacturer: "",
      model: "",
      screen_width: 1920,
      screen_height: 1080,
      network_type: "4g",
      timezone_offset: -480,
      url_host: "www.example.com",
      log_env: "test1",
      qr_val: "QR9",
      source_referer: "https://search.example/?q=exchange",
      source_target: "https://www.example.com/affiliates?pfb=abc123&qr_val=QR9",
      first_visit_time: now,
      first_day: true,
      app_id: "affiliates-web",
      app_name: "affiliates",
      ver: "1.2.3",
      uid: "U1001",
    } satisfies AnalyticsEvent);
    expect(clickEvent).toMatchObject({
      type: "click",
      seq: 2,
      log_seq: 2,
      page_unique_id: show?.page_unique_id,
      curr_page_ext: { tab: "fee" },
    });
  });

  it("knows every event type of the spec", () => {
    expect(ANALYTICS_EVENT_TYPES).toEqual([
      "page",
      "click",
      "expose",
      "drag",
      "sideslip",
      "pull_up",
      "pull_down",
      "video",
      "system",
    ]);
  });

  it("makes the session id from the device id, the time and a random integer 0–100", () => {
    for (const [random, suffix] of [
      [0, "0"],
      [0.999999, "100"],
    ] as const) {
      const world = createWorld({ random: () => random });
      const analytics = world.make();
      analytics.track("click", { event_tracking_id: "b1" });
      analytics.stop();
      expect(storedEvents(world)[0]?.session_id).toBe(`dev1${world.clock.now()}${suffix}`);
    }
  });

  it("keeps the first visit time in storage; first_day holds for 24 h", () => {
    const world = createWorld();
    const first = world.make();
    const firstVisit = world.clock.now();
    expect(world.storage.getItem(STORAGE_KEYS.firstVisitTime)).toBe(String(firstVisit));
    first.stop();

    world.clock.advance(ANALYTICS_LIMITS.firstDayMs - 1);
    const sameDay = world.make();
    sameDay.track("click", { event_tracking_id: "b1" });
    world.clock.advance(1);
    sameDay.track("click", { event_tracking_id: "b2" });
    sameDay.stop();
    expect(storedEvents(world).map((e) => [e.first_visit_time, e.first_day])).toEqual([
      [firstVisit, true],
      [firstVisit, false],
    ]);
  });

  it("falls back to a random device id kept in storage", () => {
    const world = createWorld({ getDeviceId: () => null, random: Math.random });
    const a = world.make();
    a.track("click", { event_tracking_id: "b1" });
    a.stop();
    const id = world.storage.getItem(STORAGE_KEYS.deviceId);
    expect(id).toMatch(/^[0-9a-z]{24}$/);
    expect(storedEvents(world)[0]?.device_id).toBe(id);
  });

  it("keeps a device's first id when the app learns its fingerprint on a later page", () => {
    const app: { fingerprint?: string } = {};
    const world = createWorld({ getDeviceId: () => app.fingerprint, random: Math.random });
    const first = world.make();
    first.track("click", { event_tracking_id: "b1" });
    first.stop();
    const firstId = world.storage.getItem(STORAGE_KEYS.deviceId);
    app.fingerprint = "fp-computed-later";
    const later = world.make();
    later.track("click", { event_tracking_id: "b2" });
    later.stop();
    expect(storedEvents(world).map((e) => e.device_id)).toEqual([firstId, firstId]);
  });

  it("takes the app's fingerprint as the id of a device that has none yet", () => {
    const world = createWorld({ getDeviceId: () => "fp-1" });
    const a = world.make();
    a.track("click", { event_tracking_id: "b1" });
    a.stop();
    expect(world.storage.getItem(STORAGE_KEYS.deviceId)).toBe("fp-1");
    expect(storedEvents(world)[0]?.device_id).toBe("fp-1");
  });
});
