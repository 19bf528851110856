"use client";
import { lazy, Suspense } from "react";
import { useEndpointDemands } from "@/lib/endpoint-demand";

// ahooks and the request hooks load with the first call a section waits for (lib/endpoint-demand.ts), not before.
const LoadedFetchers = lazy(() => import("./endpoint-fetchers-loaded"));

/** Makes the calls that mounted sections wait for through `useEndpointOnDemand`: nothing, until one does. */
export function EndpointFetchers() {
  const demands = useEndpointDemands();
  if (demands.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LoadedFetchers demands={demands} />
    </Suspense>
  );
}
