"use client";
import { useEffect } from "react";
import { useSession } from "@/state/session";
import { whenIdle } from "@/lib/when-idle";

/**
 * architecture.md start-up: once the login state is complete, the analytics page tracking starts (at once, with the user
 * agent the server parsed: a click made right after the page shows must be tracked), and the
 * device-token loop when the main thread is next idle (the first view does not need it; a sensitive call waits for
 * its token anyway). Both load as their own chunks, so they stay out of the first-load bundle.
 */
export function StartupServices() {
  const { complete } = useSession();
  useEffect(() => {
    if (!complete) return;
    void import("@/lib/analytics").then(({ startAnalyticsInSteps }) => startAnalyticsInSteps());
    return whenIdle(() => void import("@/lib/device-token").then(({ startDeviceToken }) => startDeviceToken()));
  }, [complete]);
  return null;
}
