import { describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS, type AnalyticsEvent, type AnalyticsPlugin, type ResponseLike } from "../src/index";
import { beaconEvents, createWorld, jsonResponse, okEnvelope, settle } from "./fakes";

// Failed uploads back off exponentially with full jitter (base 500 ms, cap 60 s), honour Retry-After (up
// to 10 min) and reset after a success; beacons on hide are never held back. The numbers are written out here on
// purpose (not read from UPLOAD_BACKOFF), so these tests state the rule.
const BASE_MS = 500;
const CAP_MS = 60_000;
const TICK_MS = 500;

const click = (n: number) => ({ event_tracking: `button_${n}`, event_tracking_id: `b${n}` });

type World = ReturnType<typeof createWorld>;
type Answer = "ok" | "network" | ResponseLike;

/** Routes report calls to `api.answer` and records each request's time and whether it was acknowledged. */
function fakeApi(world: World, answer: Answer = "ok") {
  const api = {
    answer,
    requests: [] as { at: number; ok: boolean; events: AnalyticsEvent[] }[],
    get times() {
      return api.requests.map((r) => r.at);
    },
    get gaps() {
      return api.requests.slice(1).map((r, i) => r.at - (api.requests[i]?.at ?? 0));
    },
    /** Event ids the API acknowledged, in order (a failed request acknowledges nothing). */
    get delivered() {
      return api.requests.filter((r) => r.ok).flatMap((r) => r.events.map((e) => e.event_id));
    },
  };
  world.fake.reportAnswer = () => {
    const call = world.fake.reports.at(-1);
    const current = api.answer;
    const ok = current === "ok";
    api.requests.push({ at: world.clock.now(), ok, events: call?.events ?? [] });
    if (current === "network") return Promise.reject(new TypeError("Failed to fetch"));
    if (current === "ok")
      return Promise.resolve(okEnvelope({ accepted: call?.events.length ?? 0, duplicates: 0, rejected: [] }));
    return Promise.resolve(current);
  };
  return api;
}

/** Lets `ms` of fake time pass, one loop tick at a time, answering the requests in between. */
async function run(world: World, ms: number): Promise<void> {
  for (let t = 0; t < ms; t += TICK_MS) {
    world.clock.advance(TICK_MS);
    await settle();
  }
}

/** A small seeded generator (LCG) in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const unavailable = (headers: Record<string, string> = {}) =>
  jsonResponse(503, { code: "503", msg: "Service Unavailable", data: null }, headers);

describe("retry back-off during an outage", () => {
  it("grows the wait exponentially within the full-jitter bounds, and stops at the 60 s cap", async () => {
    const jitter: number[] = [];
    const source = seeded(2026);
    let recording = false;
    const world = createWorld({
      random: () => {
        const r = source();
        if (recording) jitter.push(r);
        return r;
      },
    });
    const analytics = world.make();
    recording = true;
    const api = fakeApi(world, unavailable());
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, 12 * 60_000);

    const failures = api.requests.length;
    expect(failures).toBeGreaterThan(12);
    expect(jitter).toHaveLength(failures); // one jitter draw per failure, none otherwise
    api.gaps.forEach((gap, i) => {
      const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** i); // after failure i + 1
      const wait = Math.floor((jitter[i] ?? NaN) * ceiling);
      // The loop ticks every 500 ms: the next try is the first tick once the wait is over.
      expect(gap, `gap after failure ${i + 1}`).toBe(Math.max(TICK_MS, Math.ceil(wait / TICK_MS) * TICK_MS));
      expect(gap).toBeLessThanOrEqual(ceiling + TICK_MS);
    });
    expect(Math.max(...api.gaps)).toBeGreaterThan(10_000);
    expect(analytics.stats()).toMatchObject({ failures, sent: 0, queued: 1 });

    // At the top of the jitter range the doubling and the cap show plainly.
    const high = createWorld({ random: () => 0.999_999 });
    const highApi = fakeApi(high, "network");
    const other = high.make();
    other.track("click", click(1));
    await other.start();
    await run(high, 5 * 60_000);
    expect(highApi.gaps.slice(0, 10)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it.each([
    ["a 503", 503],
    ["a 429", 429],
  ])("waits at least Retry-After: 7 (seconds) after %s", async (_name, status) => {
    const world = createWorld();
    const api = fakeApi(
      world,
      jsonResponse(status, { code: String(status), msg: "busy", data: null }, { "Retry-After": "7" }),
    );
    const analytics = world.make();
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, TICK_MS);
    expect(api.times).toHaveLength(1);
    api.answer = "ok";
    await run(world, 7000 - TICK_MS);
    expect(api.times).toHaveLength(1); // 6.5 s later: still waiting
    await run(world, TICK_MS);
    expect(api.gaps).toEqual([7000]);
    expect(analytics.stats()).toMatchObject({ failures: 1, sent: 1, queued: 0 });
  });

  it("waits until a Retry-After given as an HTTP date", async () => {
    const world = createWorld();
    const analytics = world.make();
    const failAt = world.clock.now() + TICK_MS; // the first tick
    const until = new Date(failAt + 7500).toUTCString(); // whole seconds: 7 s after the failure
    const api = fakeApi(world, unavailable({ "retry-after": until }));
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, TICK_MS);
    api.answer = "ok";
    await run(world, 7000);
    expect(api.times).toEqual([failAt]);
    await run(world, TICK_MS);
    expect(api.times).toEqual([failAt, Date.parse(until)]);
    expect(api.gaps[0]).toBeGreaterThanOrEqual(7000);
  });

  it("honours a Retry-After beyond the 60 s cap, up to 10 minutes", async () => {
    const world = createWorld();
    const api = fakeApi(world, unavailable({ "Retry-After": "120" }));
    const analytics = world.make();
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, TICK_MS);
    api.answer = unavailable({ "Retry-After": "86400" }); // a day: held to 10 min
    await run(world, 120_000);
    expect(api.gaps).toEqual([120_000]);
    api.answer = "ok";
    await run(world, 600_000 - TICK_MS);
    expect(api.requests).toHaveLength(2);
    await run(world, TICK_MS);
    expect(api.gaps).toEqual([120_000, 600_000]);
    expect(analytics.stats()).toMatchObject({ sent: 1, queued: 0 });
  });

  it("makes far fewer requests than the old fixed 500 ms cadence: a handful in 60 s, not 120", async () => {
    for (const answer of ["network", unavailable()] as const) {
      const world = createWorld(); // random 0.5: waits 250 ms, 500 ms, 1 s, 2 s, 4 s, 8 s, 16 s, 30 s
      const api = fakeApi(world, answer);
      const analytics = world.make();
      for (let i = 1; i <= 120; i += 1) analytics.track("click", click(i));
      await analytics.start();
      await run(world, 60_000);
      expect(api.times.map((t) => t - (api.times[0] ?? 0))).toEqual([0, 500, 1000, 2000, 4000, 8000, 16_000, 32_000]);
    }
    // With varied jitter too: 20 tabs' worth of seeds, each far under 120.
    for (let seed = 1; seed <= 20; seed += 1) {
      const world = createWorld({ random: seeded(seed) });
      const api = fakeApi(world, unavailable());
      const analytics = world.make();
      analytics.track("click", click(1));
      await analytics.start();
      await run(world, 60_000);
      expect(api.requests.length, `seed ${seed}`).toBeLessThanOrEqual(20);
    }
  });

  it("holds back a timely event and a fetch flush while backing off", async () => {
    const world = createWorld();
    const api = fakeApi(world, "network");
    const analytics = world.make();
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, 3 * TICK_MS); // failures at 500, 1000, 1500 ms: the next try waits 1 s
    expect(api.requests).toHaveLength(3);
    analytics.track("click", { ...click(2), timely: true });
    await analytics.flush();
    await settle();
    expect(api.requests).toHaveLength(3);
  });
});

describe("when the API comes back", () => {
  it("delivers every queued event exactly once, then the back-off starts again from the base", async () => {
    const world = createWorld();
    const api = fakeApi(world, unavailable());
    const analytics = world.make();
    const ids = Array.from({ length: 120 }, (_, i) => analytics.track("click", click(i + 1)));
    await analytics.start();
    await run(world, 20_000);
    // Backing off: 7 tries in 20 s (at 0.5, 1, 1.5, 2.5, 4.5, 8.5, 16.5 s), none lost, all still stored.
    expect(api.requests).toHaveLength(7);
    expect(analytics.stats()).toMatchObject({ failures: 7, sent: 0, queued: 120 });
    const stored = JSON.parse(world.storage.getItem(STORAGE_KEYS.queue) ?? "{}") as { events: AnalyticsEvent[] };
    expect(stored.events.map((e) => e.event_id).sort()).toEqual([...ids].sort());

    api.answer = "ok"; // back at 20 s; the next try is due at 32.5 s
    await run(world, 15_000);
    const after = api.requests.slice(7);
    expect(after.map((r) => r.ok)).toEqual([true, true, true]);
    // Reset: after the first success the remaining batches go on the next ticks, not after another wait.
    expect(after.map((r) => r.at - (after[0]?.at ?? 0))).toEqual([0, 500, 1000]);
    expect(api.delivered).toHaveLength(120);
    expect(new Set(api.delivered)).toEqual(new Set(ids));
    expect(analytics.stats()).toMatchObject({ sent: 120, queued: 0 });
    expect(
      (JSON.parse(world.storage.getItem(STORAGE_KEYS.queue) ?? "{}") as { events: AnalyticsEvent[] }).events,
    ).toHaveLength(0);

    // A new failure waits the first step again (250 ms: the next tick), not the 30 s it had reached.
    api.answer = unavailable();
    analytics.track("click", click(121));
    await run(world, TICK_MS);
    api.answer = "ok";
    await run(world, TICK_MS);
    expect(api.gaps.at(-1)).toBe(TICK_MS);
    expect(api.delivered).toHaveLength(121);
    await run(world, 60_000);
    expect(new Set(api.delivered).size).toBe(121); // nothing sent twice
    expect(api.delivered).toHaveLength(121);
  });

  it("loses nothing across a reload during the outage", async () => {
    const world = createWorld();
    const api = fakeApi(world, "network");
    const first = world.make();
    const ids = Array.from({ length: 30 }, (_, i) => first.track("click", click(i + 1)));
    await first.start();
    await run(world, 10_000);
    expect(api.requests.length).toBeLessThan(10);
    first.stop();

    api.answer = "ok";
    const second = world.make();
    await second.start();
    await run(world, TICK_MS);
    expect(api.delivered).toHaveLength(30);
    expect(new Set(api.delivered)).toEqual(new Set(ids));
    expect(second.stats()).toMatchObject({ sent: 30, queued: 0 });
  });
});

describe("what the back-off leaves alone", () => {
  it("still beacons the queue at once when the page is hidden", async () => {
    const world = createWorld();
    const api = fakeApi(world, unavailable({ "Retry-After": "600" }));
    const analytics = world.make();
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, TICK_MS);
    analytics.track("click", click(2));
    world.document.hide();
    expect(world.beacons).toHaveLength(1);
    expect((await beaconEvents(world.beacons[0] ?? { data: new Blob() })).map((e) => e.event_tracking)).toEqual([
      "button_1",
      "button_2",
    ]);
    expect(api.requests).toHaveLength(1);
    expect(analytics.stats()).toMatchObject({ beaconed: 2, queued: 2 }); // kept until a fetch confirms them
  });

  it("inside the app, still hands the queue to the bridge when the page is hidden", async () => {
    const world = createWorld();
    let fail = true;
    const bridgeTransport = vi.fn((_events: AnalyticsEvent[]) =>
      fail ? Promise.reject(new Error("bridge down")) : Promise.resolve(),
    );
    const analytics = world.make({ bridgeTransport });
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, 4 * TICK_MS); // failures at 0.5, 1, 1.5 s; the next try waits until 2.5 s
    expect(bridgeTransport).toHaveBeenCalledTimes(3);
    fail = false;
    world.document.hide();
    await settle();
    expect(bridgeTransport).toHaveBeenCalledTimes(4);
    expect(analytics.stats()).toMatchObject({ sent: 1, queued: 0 });
  });

  it("keeps a 403's 10 s of silence, whatever its Retry-After says", async () => {
    const world = createWorld();
    const api = fakeApi(
      world,
      jsonResponse(403, { code: "403", msg: "Forbidden", data: null }, { "Retry-After": "3600" }),
    );
    const analytics = world.make();
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, TICK_MS);
    api.answer = "ok";
    await run(world, 10_000);
    expect(api.gaps).toEqual([10_000]);
    expect(analytics.stats()).toMatchObject({ silenced: 1, failures: 0, sent: 1, queued: 0 });
  });

  it("throws nothing into the page when uploading or beaconing fails oddly", async () => {
    const world = createWorld({
      sendBeacon: () => {
        throw new TypeError("Illegal invocation");
      },
    });
    const api = fakeApi(world, "network");
    const exploding: AnalyticsPlugin = {
      name: "exploding",
      onBatch: () => {
        throw new Error("plugin bug");
      },
    };
    const analytics = world.make({ plugins: [exploding] });
    analytics.track("click", click(1));
    await analytics.start();
    await run(world, 5000);
    expect(() => world.document.hide()).not.toThrow();
    expect(() => world.window.dispatch("pagehide")).not.toThrow();
    await expect(analytics.flush()).resolves.toBeUndefined();
    expect(api.requests).toHaveLength(0);
    expect(world.console.error).toHaveBeenCalled();
    expect(analytics.stats().queued).toBe(1);
  });
});
