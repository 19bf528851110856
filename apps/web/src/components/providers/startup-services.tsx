"use client";
import { useEffect } from "react";
import { useSession } from "@/state/session";
import { startDeviceToken } from "@/lib/device-token";
import { startAnalytics } from "@/lib/analytics";

/** Design.md start-up: once the login state is complete, the analytics page tracking and the device-token loop start. */
export function StartupServices() {
  const { complete } = useSession();
  useEffect(() => {
    if (!complete) return;
    startAnalytics();
    startDeviceToken();
  }, [complete]);
  return null;
}
