"use client";
import { createAnalytics, trackPageViews, type Analytics, type AnalyticsEvent } from "@affiliates/analytics";
import { ANALYTICS_APP } from "@affiliates/contracts";
import { appEnv } from "./app-env";
import { getAppInfo, getBridge } from "./native-app";
import { servedUserAgent } from "./served-user-agent";
import { currentIdentity } from "./terminal-identity";
import { cachedUserId } from "./user-cache";
import { nextTask } from "./next-task";

/** requirements.md §5: the log environment is `pre`, `online`, or ends in `test` plus 1–2 digits. */
export const LOG_ENV_OF_APP_ENV = { test: "test01", beta: "pre", online: "online" } as const;

let analytics: Promise<Analytics> | null = null;

/**
 * Analytics (requirements.md §3, §4): started once the login state is complete; a show event on every URL change, a hide event
 * when leaving or hidden; clicks on elements with `data-track-id` (a tracking id of requirements.md §5) are recorded. Inside the
 * app, events go to the app through the bridge.
 *
 * Started in steps, each a task of its own (issue 36's TBT: together they were one 25 ms task on a fast desktop, a
 * 100 ms one on a phone): the pipeline with the events kept from earlier visits; then the show event and the click
 * tracking; then the upload loop, whose first act asks the server whether uploads are on. A page without the user
 * agent the web server parsed (on <html>: a page rendered per request) loads ua-parser-js and parses in short tasks
 * of its own (browser, OS, device) first.
 */
export function startAnalyticsInSteps(): Promise<Analytics> {
  // A start that failed (a chunk that could not load, offline) is tried again at the next call, as before the steps.
  analytics ??= startInSteps().catch((error: unknown) => {
    analytics = null;
    throw error;
  });
  return analytics;
}

async function startInSteps(): Promise<Analytics> {
  await nextTask(); // the task that evaluated this chunk ends here
  let parsedUserAgent = servedUserAgent();
  if (!parsedUserAgent) {
    const { parseUserAgentInSteps } = await import("@affiliates/analytics/user-agent");
    parsedUserAgent = await parseUserAgentInSteps(navigator.userAgent, nextTask);
  }
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
  await nextTask();
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
  await nextTask();
  void instance.start();
  return instance;
}
