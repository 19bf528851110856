"use client";
import { useHydrated } from "@/lib/use-hydrated";

/** Renders nothing on the server and crashes the render right after hydration (the error page's e2e test). */
export function CrashOnRender() {
  if (useHydrated()) throw new Error("e2e render crash");
  return null;
}
