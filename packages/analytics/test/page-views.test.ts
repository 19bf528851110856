import { describe, expect, it } from "vitest";
import { trackPageViews, type HistoryLike } from "../src/index";
import { beaconEvents, createWorld } from "./fakes";

function setup() {
  const world = createWorld();
  const analytics = world.make();
  const history: HistoryLike & { calls: string[] } = {
    calls: [],
    pushState(_data, _unused, url) {
      history.calls.push(`push ${String(url)}`);
      world.location.set(new URL(String(url), world.location.href).href);
    },
    replaceState(_data, _unused, url) {
      history.calls.push(`replace ${String(url)}`);
      if (url) world.location.set(new URL(String(url), world.location.href).href);
    },
  };
  const pages = () => {
    analytics.stop();
    analytics.stats();
    const stored = JSON.parse(world.storage.getItem("analytics_queue") ?? "{}") as {
      events: { page_status?: string; url: string; page_unique_id: string }[];
    };
    return stored.events.map((e) => ({
      status: e.page_status,
      url: e.url.replace("https://www.example.com", ""),
      id: e.page_unique_id,
    }));
  };
  return { world, analytics, history, pages };
}

describe("trackPageViews", () => {
  it("sends show at start, and hide + show on each URL change (pushState, replaceState, popstate)", () => {
    const { world, analytics, history, pages } = setup();
    const stop = trackPageViews({
      analytics,
      history,
      location: world.location,
      document: world.document,
      window: world.window,
    });
    history.pushState({}, "", "/affiliates/vip");
    history.replaceState({}, "", "/affiliates/vip"); // same URL: nothing
    history.replaceState({}, "", "/affiliates/fee");
    world.location.set("https://www.example.com/affiliates");
    world.window.dispatch("popstate");
    stop();
    history.pushState({}, "", "/affiliates/after-stop");
    expect(history.calls).toContain("push /affiliates/after-stop");
    const list = pages();
    expect(list.map((p) => `${p.status} ${p.url}`)).toEqual([
      "show /affiliates?pfb=abc123&qr_val=QR9",
      "hide /affiliates?pfb=abc123&qr_val=QR9",
      "show /affiliates/vip",
      "hide /affiliates/vip",
      "show /affiliates/fee",
      "hide /affiliates/fee",
      "show /affiliates",
    ]);
    // Each page view has its own id, shared by its show and hide.
    expect(list[0]?.id).toBe(list[1]?.id);
    expect(list[2]?.id).toBe(list[3]?.id);
    expect(new Set(list.map((p) => p.id)).size).toBe(4);
  });

  it("sends hide when the tab is hidden (by beacon) and show when it is visible again", async () => {
    const { world, analytics, history, pages } = setup();
    await analytics.start();
    trackPageViews({ analytics, history, location: world.location, document: world.document, window: world.window });
    world.document.hide();
    const sent = (await Promise.all(world.beacons.map((b) => beaconEvents(b)))).flat();
    expect(sent.map((e) => e.page_status)).toEqual(["show", "hide"]);
    world.document.show();
    expect(pages().map((p) => p.status)).toEqual(["show", "hide", "show"]);
  });

  it("sends hide once when the page is left (visibilitychange then pagehide)", async () => {
    const { world, analytics, history } = setup();
    await analytics.start();
    trackPageViews({ analytics, history, location: world.location, document: world.document, window: world.window });
    world.document.hide();
    world.window.dispatch("pagehide");
    const sent = (await Promise.all(world.beacons.map((b) => beaconEvents(b)))).flat();
    expect(sent.map((e) => e.page_status)).toEqual(["show", "hide"]);
  });

  it("beacons the hide event when pagehide comes first", async () => {
    const { world, analytics, history } = setup();
    trackPageViews({ analytics, history, location: world.location, document: world.document, window: world.window });
    await analytics.start(); // its listeners come after trackPageViews'
    world.window.dispatch("pagehide");
    const sent = (await Promise.all(world.beacons.map((b) => beaconEvents(b)))).flat();
    expect(sent.map((e) => e.page_status)).toEqual(["show", "hide"]);
  });
});
