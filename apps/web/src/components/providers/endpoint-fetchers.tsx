"use client";
import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import { demandedEndpoints, NO_DEMANDS, subscribeDemands } from "@/lib/endpoint-demand";

// ahooks and the request hooks load with the first call a component of a public page waits for (lib/endpoint-demand.ts).
const LoadedFetchers = dynamic(() => import("./endpoint-fetchers-loaded").then((m) => m.EndpointFetchers), {
  ssr: false,
});

/** Makes the calls components wait for through useEndpointOnDemand: nothing, and nothing loaded, until there is one. */
export function EndpointFetchers() {
  const demands = useSyncExternalStore(subscribeDemands, demandedEndpoints, NO_DEMANDS);
  return demands.length > 0 ? <LoadedFetchers demands={demands} /> : null;
}
