"use client";
import { useEffect } from "react";
import { browserProbe, chooseImageHost } from "@/lib/image-host";
import { api } from "@/lib/api";
import { whenIdle } from "@/lib/when-idle";

/** Chooses the image host once the page is idle: never in the way of rendering (requirements.md §7). */
export function ImageHostProbe() {
  useEffect(() => {
    const run = () =>
      void chooseImageHost({
        loadConfig: () => api.domainConfig(),
        probe: browserProbe,
        storage: window.localStorage,
        // Only hosts the page's CSP allows are probed: a refused one just logs a console error.
        pageOrigin: window.location.origin,
      }).catch(() => undefined); // no host chosen: images keep their default host
    return whenIdle(run, { timeoutMs: 5_000, fallbackMs: 2_000 });
  }, []);
  return null;
}
