import { describe, expect, it } from "vitest";
import { isValidLogEnv, isValidTrackingId } from "../src/index";
import { createWorld, settle } from "./fakes";

describe("event_tracking_id (requirements.md §5)", () => {
  it.each(["/", "b0", "b1", "b123456"])("accepts %j", (id) => expect(isValidTrackingId(id)).toBe(true));
  it.each(["", "b", "B1", "a1", "1", "//", "/b1", "b1x", "b-1", " b1", "b1 ", "b1/"])("refuses %j", (id) =>
    expect(isValidTrackingId(id)).toBe(false),
  );
  it("refuses a missing id", () => expect(isValidTrackingId(undefined)).toBe(false));

  it("drops an event with an invalid id, with a console warning, and keeps the valid ones", () => {
    const world = createWorld();
    const analytics = world.make();
    expect(analytics.track("click", { event_tracking: "bad", event_tracking_id: "x1" })).toBeNull();
    expect(analytics.track("click", { event_tracking: "missing" })).toBeNull();
    expect(analytics.track("click", { event_tracking: "good", event_tracking_id: "b12" })).toEqual(expect.any(String));
    expect(world.console.warn).toHaveBeenCalledTimes(2);
    expect(world.console.warn).toHaveBeenCalledWith(expect.stringContaining('"x1"'));
    expect(analytics.stats()).toMatchObject({ invalid: 2, enqueued: 1, queued: 1 });
  });
});

describe("log env (requirements.md §5)", () => {
  it.each(["pre", "online", "test1", "test12", "qa-test3", "uat_test99"])("accepts %j", (env) =>
    expect(isValidLogEnv(env)).toBe(true),
  );
  it.each(["", "test", "test123", "prod", "online1", "preview", "PRE", "Online", "test1a", "beta"])(
    "refuses %j",
    (env) => expect(isValidLogEnv(env)).toBe(false),
  );

  it("uploads nothing under an invalid log env and warns once", async () => {
    const world = createWorld({ logEnv: "prod" });
    const analytics = world.make();
    for (let i = 1; i <= 3; i += 1) expect(analytics.track("click", { event_tracking_id: `b${i}` })).toBeNull();
    await analytics.start();
    world.clock.advance(2000);
    await settle();
    world.document.hide();
    expect(world.fake.reports).toHaveLength(0);
    expect(world.beacons).toHaveLength(0);
    expect(world.console.warn).toHaveBeenCalledTimes(1);
    expect(world.console.warn).toHaveBeenCalledWith(expect.stringContaining('"prod"'));
    expect(analytics.stats()).toMatchObject({ queued: 0, invalid: 3 });
  });
});
