"use client";
import { useEffect } from "react";
import { useSession } from "@/state/session";
import { whenIdle } from "@/lib/when-idle";

/**
 * Design.md start-up: once the login state is complete, the analytics page tracking and the device-token loop start,
 * when the main thread is next idle (issue 20: the first view needs neither). Both load as their own chunks then, so
 * they stay out of the first-load bundle.
 */
export function StartupServices() {
  const { complete } = useSession();
  useEffect(() => {
    if (!complete) return;
    return whenIdle(() => {
      void import("@/lib/analytics").then(({ startAnalytics }) => startAnalytics());
      void import("@/lib/device-token").then(({ startDeviceToken }) => startDeviceToken());
    });
  }, [complete]);
  return null;
}
