"use client";
import { useEffect } from "react";
import { useSession } from "@/state/session";

/**
 * Design.md start-up: once the login state is complete, the analytics page tracking and the device-token loop start.
 * Both load as their own chunks at that point, so they stay out of the first-load bundle.
 */
export function StartupServices() {
  const { complete } = useSession();
  useEffect(() => {
    if (!complete) return;
    void import("@/lib/analytics").then(({ startAnalytics }) => startAnalytics());
    void import("@/lib/device-token").then(({ startDeviceToken }) => startDeviceToken());
  }, [complete]);
  return null;
}
