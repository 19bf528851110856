import { describe, expect, it } from "vitest";
import { sysOf } from "../src/index";
import { parseUserAgent, parseUserAgentInSteps } from "../src/user-agent";
import { createWorld, IPHONE_SAFARI, WINDOWS_CHROME } from "./fakes";

describe("user agent parsing (ua-parser-js)", () => {
  it("reads an iPhone Safari", () => {
    const parsed = parseUserAgent(IPHONE_SAFARI);
    expect(parsed).toMatchObject({
      browser: "Mobile Safari",
      browser_version: "17.4",
      os: "iOS",
      os_version: "17.4",
      manufacturer: "Apple",
      model: "iPhone",
    });
    expect(sysOf(parsed, false)).toBe("mobile");
    expect(sysOf(parsed, true)).toBe("app H5");
  });

  it("reads a Windows Chrome", () => {
    const parsed = parseUserAgent(WINDOWS_CHROME);
    expect(parsed).toMatchObject({
      browser: "Chrome",
      browser_version: "126.0.0.0",
      os: "Windows",
      os_version: "10",
      manufacturer: "",
      model: "",
    });
    expect(sysOf(parsed, false)).toBe("Windows");
  });

  it("maps macOS desktops to MacOS and others to web", () => {
    const mac = parseUserAgent(
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    );
    expect(sysOf(mac, false)).toBe("MacOS");
    const linux = parseUserAgent(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    );
    expect(sysOf(linux, false)).toBe("web");
  });

  it("puts the parsed fields it is given on every event", () => {
    const world = createWorld();
    const analytics = world.make({ parsedUserAgent: parseUserAgent(IPHONE_SAFARI) });
    analytics.track("click", { event_tracking_id: "b1" });
    analytics.stop();
    const stored = world.storage.getItem("analytics_queue") ?? "";
    expect(stored).toContain('"browser":"Mobile Safari"');
    expect(stored).toContain('"manufacturer":"Apple"');
    expect(stored).toContain('"sys":"mobile"');
  });

  it("parses in steps to the same fields, each step after a pause (its own task in the page)", async () => {
    const userAgents = [
      IPHONE_SAFARI,
      WINDOWS_CHROME,
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    ];
    for (const userAgent of userAgents) {
      let pauses = 0;
      const parsed = await parseUserAgentInSteps(userAgent, () => {
        pauses += 1;
        return Promise.resolve();
      });
      expect(parsed).toEqual(parseUserAgent(userAgent));
      expect(pauses).toBe(3);
    }
  });

  it("uses a user agent parsed beforehand instead of parsing the navigator's", () => {
    const world = createWorld();
    world.navigator.userAgent = IPHONE_SAFARI;
    const analytics = world.make({ parsedUserAgent: parseUserAgent(WINDOWS_CHROME) });
    analytics.track("click", { event_tracking_id: "b1" });
    analytics.stop();
    const stored = world.storage.getItem("analytics_queue") ?? "";
    expect(stored).toContain('"browser":"Chrome"');
    expect(stored).toContain('"sys":"Windows"');
  });
});
