import { describe, expect, it } from "vitest";
import { ANALYTICS_PAGES, pageNameOf, STORAGE_KEYS, type AnalyticsEvent } from "../src/index";
import { createWorld } from "./fakes";

describe("page names (requirements.md §2: the paths analytics names, matched by suffix)", () => {
  it.each([
    ["/affiliates", "/affiliates"],
    ["/ja/affiliates", "/affiliates"],
    ["/affiliates/", "/affiliates"],
    ["/affiliates/experience-card", "/affiliates/experience-card"],
    ["/ar/affiliates/vip/vipIntroduce", "/vip/vipIntroduce"],
    ["/de/affiliates/vip/detail", "/vip/detail"],
    ["/affiliates/vip/vip-guide", "/vip/vip-guide"],
    ["/affiliates/vip/new-coin-airdrop", "/vip/new-coin-airdrop"],
    ["/fr/affiliates/broker", "/broker"],
    ["/affiliates/market-maker", "/market-maker"],
    ["/affiliates/vip-institutional-services", "/vip-institutional-services"],
    ["/affiliates/vip-institutional-services/pro", "/vip-institutional-services/pro"],
    ["/affiliates/fee", "/fee"],
    ["/affiliates/incubation-program", "/incubation-program"],
  ])("%s is %s", (pathname, name) => {
    expect(pageNameOf(pathname)).toBe(name);
  });

  it("keeps the pathname of a page the spec does not name, and matches whole segments only", () => {
    expect(pageNameOf("/ja/affiliates/dashboard")).toBe("/ja/affiliates/dashboard");
    expect(pageNameOf("/affiliates/no-fee")).toBe("/affiliates/no-fee");
    expect(pageNameOf("/")).toBe("/");
  });

  it("names all twelve pages of the spec", () => {
    expect(ANALYTICS_PAGES).toHaveLength(12);
  });

  it("page show and hide events, and other events, carry the page's name as curr_page", () => {
    const world = createWorld();
    world.location.set("https://www.example.com/ja/affiliates/vip/detail?x=1");
    const analytics = world.make();
    analytics.trackPage("show");
    analytics.track("click", { event_tracking: "join", event_tracking_id: "b42" });
    world.location.set("https://www.example.com/ja/affiliates/fee");
    analytics.trackPage("hide");
    analytics.trackPage("show");
    analytics.stop();
    const events = (JSON.parse(world.storage.getItem(STORAGE_KEYS.queue) ?? "{}") as { events: AnalyticsEvent[] })
      .events;
    expect(events.map((event) => [event.type, event.page_status ?? "", event.curr_page])).toEqual([
      ["page", "show", "/vip/detail"],
      ["click", "", "/vip/detail"],
      ["page", "hide", "/vip/detail"],
      ["page", "show", "/fee"],
    ]);
  });
});
