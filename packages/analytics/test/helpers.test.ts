import { describe, expect, it } from "vitest";
import {
  ANALYTICS_LIMITS,
  createEventQueue,
  measureEnqueue,
  mergeEvents,
  splitBySize,
  byteLength,
  type AnalyticsEvent,
} from "../src/index";
import { createFakeStorage } from "./fakes";

const event = (n: number, more: Partial<AnalyticsEvent> = {}) =>
  ({ event_id: `e${n}`, event_tracking_id: `b${n}`, merge: false, retry_count: 0, ...more }) as AnalyticsEvent;

describe("constants (requirements.md §9)", () => {
  it("are the spec's numbers", () => {
    expect(ANALYTICS_LIMITS).toMatchObject({
      batchSize: 50,
      loopMs: 500,
      silentMs: 10_000,
      firstDayMs: 86_400_000,
      beaconMaxBytes: 61_440,
      maxFingerprintCookies: 10,
    });
  });
});

describe("mergeEvents", () => {
  it("leaves non-merge events alone even with a shared tracking id", () => {
    const events = [event(1, { event_tracking_id: "b1" }), event(2, { event_tracking_id: "b1" })];
    expect(mergeEvents(events)).toEqual(events);
  });
  it("concatenates ext lists of already merged events", () => {
    const merged = mergeEvents([
      event(1, { event_tracking_id: "b1", merge: true, event_tracking_ext: [{ a: 1 }, { a: 2 }] }),
      event(2, { event_tracking_id: "b1", merge: true, event_tracking_ext: { a: 3 } }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ event_id: "e1", event_tracking_ext: [{ a: 1 }, { a: 2 }, { a: 3 }] });
  });
});

describe("splitBySize", () => {
  it("keeps each part under the limit", () => {
    const events = Array.from({ length: 40 }, (_, i) => event(i, { business1: "z".repeat(500) }));
    const parts = splitBySize(events, 4096);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(byteLength(part.body)).toBeLessThan(4096);
    expect(parts.flatMap((p) => p.events)).toEqual(events);
  });
});

describe("createEventQueue", () => {
  it("reloads from storage, ignores garbage and duplicate ids", () => {
    const storage = createFakeStorage();
    storage.setItem("q", JSON.stringify({ v: 1, sealed: 1, events: [event(1), { nope: true }, event(1), event(2)] }));
    const queue = createEventQueue({ storage, key: "q", max: 10, batchSize: 50, onSeal: (e) => e });
    expect(queue.length).toBe(2);
    expect(queue.sealedCount).toBe(1);
    expect(queue.push(event(2))).toBe(false);
    storage.setItem("bad", "{not json");
    expect(createEventQueue({ storage, key: "bad", max: 10, batchSize: 50, onSeal: (e) => e }).length).toBe(0);
  });

  it("keeps storage writes to persist() calls", () => {
    const storage = createFakeStorage();
    const queue = createEventQueue({ storage, key: "q", max: 10, batchSize: 50, onSeal: (e) => e });
    for (let i = 0; i < 5; i += 1) queue.push(event(i));
    expect(storage.writes).toBe(0);
    expect(queue.persist()).toBe("saved");
    expect(queue.persist()).toBe("unchanged");
    expect(storage.writes).toBe(1);
  });
});

describe("measureEnqueue", () => {
  it("reports a per-event cost (the bench judges it, not this test)", () => {
    const result = measureEnqueue(100);
    expect(result.events).toBe(100);
    expect(result.perEventUs).toBeGreaterThan(0);
  });
});
