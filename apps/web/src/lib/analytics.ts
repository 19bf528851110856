"use client";
import {
  createAnalytics,
  trackPageViews,
  type Analytics,
  type AnalyticsEvent,
  type ParsedUserAgent,
} from "@affiliates/analytics";
import { ANALYTICS_APP } from "@affiliates/contracts";
import { appEnv } from "./app-env";
import { getAppInfo, getBridge } from "./native-app";
import { servedUserAgent } from "./served-user-agent";
import { currentIdentity } from "./terminal-identity";
import { cachedUserId } from "./user-cache";

/** requirements.md §5: the log environment is `pre`, `online`, or ends in `test` plus 1–2 digits. */
export const LOG_ENV_OF_APP_ENV = { test: "test01", beta: "pre", online: "online" } as const;

let analytics: Analytics | null = null;

/**
 * Analytics (requirements.md §3, §4): started once the login state is complete; a show event on every URL change, a hide event
 * when leaving or hidden; clicks on elements with `data-track-id` (a tracking id of requirements.md §5) are recorded. Inside the
 * app, events go to the app through the bridge.
 */
function startAnalytics(parsedUserAgent: ParsedUserAgent): Analytics {
  if (analytics) return analytics;
  const bridge = getBridge();
  const instance = createAnalytics({
    ...ANALYTICS_APP,
    parsedUserAgent,
    logEnv: LOG_ENV_OF_APP_ENV[appEnv()],
    inApp: getAppInfo().inApp,
    bridgeTransport: bridge
      ? (events: AnalyticsEvent[]) =>
          bridge.call("reportEvents", { events: events.map((event) => ({ ...event })) }).then(() => undefined)
      : undefined,
    getUid: () => cachedUserId(),
    getDeviceId: () => currentIdentity()?.fingerprint || undefined,
  });
  analytics = instance;
  void instance.start();
  trackPageViews({ analytics: instance });
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-track-id]") : null;
    const id = target?.dataset.trackId;
    if (id)
      instance.track("click", {
        event_tracking_id: id,
        event_tracking: target.dataset.trackName ?? target.textContent?.trim().slice(0, 64) ?? "",
      });
  });
  return instance;
}

/** Ends the current task: what follows runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `startAnalytics` for a page's start-up, with the user agent as the web server parsed it (on <html>). A page without
 * it (rendered per request) loads ua-parser-js and parses in short tasks of their own (browser, OS, device), not in
 * the task that loads the analytics code, which under a phone's CPU made one long task of both.
 */
export async function startAnalyticsInSteps(): Promise<Analytics> {
  if (analytics) return analytics;
  const served = servedUserAgent();
  if (served) return startAnalytics(served);
  const { parseUserAgentInSteps } = await import("@affiliates/analytics/user-agent");
  return startAnalytics(await parseUserAgentInSteps(navigator.userAgent, nextTask));
}
