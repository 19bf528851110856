import { createAnalytics } from "./create-analytics";
import { memoryStorage } from "@affiliates/contracts";
import type { ClockLike } from "./world";

interface EnqueueMeasure {
  events: number;
  totalMs: number;
  perEventUs: number;
}

/**
 * Times `track()` for `n` events on an SDK with in-memory fakes (no network, no timers): the bench's enqueue cost
 * (architecture.md budget ≤ 20 µs/event). The queue bound is raised so that no event is dropped while measuring.
 */
export function measureEnqueue(n = 10_000, now: () => number = () => performance.now()): EnqueueMeasure {
  const clock: ClockLike = { now: () => Date.now(), setInterval: () => 0, clearInterval: () => undefined };
  const analytics = createAnalytics({
    appId: "bench",
    appName: "bench",
    version: "0.0.0",
    logEnv: "test1",
    storage: memoryStorage(),
    clock,
    fetch: () => Promise.reject(new Error("no network in the bench")),
    sendBeacon: null,
    document: {
      title: "Bench",
      referrer: "",
      visibilityState: "visible",
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
    window: { addEventListener: () => undefined, removeEventListener: () => undefined },
    location: {
      href: "https://example.com/affiliates?x=1",
      host: "example.com",
      pathname: "/affiliates",
      search: "?x=1",
    },
    navigator: {
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      language: "en-US",
      connection: { effectiveType: "4g" },
    },
    // What ua-parser-js makes of the user agent above (the bench times the queue, not the parser).
    parsedUserAgent: {
      browser: "Chrome",
      browser_version: "126.0.0.0",
      os: "Windows",
      os_version: "10",
      manufacturer: "",
      model: "",
      deviceType: "",
    },
    screen: { width: 1920, height: 1080 },
    console: { warn: () => undefined, error: () => undefined },
    maxQueue: n + 1,
  });
  // Warm up the code paths, then measure.
  for (let i = 0; i < 200; i += 1) analytics.track("click", { event_tracking: "warm", event_tracking_id: "b1" });
  const start = now();
  for (let i = 0; i < n; i += 1)
    analytics.track("click", { event_tracking: "bench", event_tracking_id: "b1001", business1: "x" });
  const totalMs = now() - start;
  return { events: n, totalMs, perEventUs: (totalMs * 1000) / n };
}
