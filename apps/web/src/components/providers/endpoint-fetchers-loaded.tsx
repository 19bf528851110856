"use client";
import { useLayoutEffect } from "react";
import { publishResult, type EndpointDemand } from "@/lib/endpoint-demand";
import { useEndpoint } from "@/lib/use-endpoint";

/** One demanded call, made with useEndpoint; its state goes to every component that waits for it, before paint. */
function EndpointFetcher({ demand }: { demand: EndpointDemand }) {
  const { key, name, input, varies } = demand;
  const { data, error, loading, refresh, mutate } = useEndpoint(name, input as never, varies ? { varies } : {});
  useLayoutEffect(() => {
    publishResult(key, { data, error, loading, refresh, mutate });
  }, [key, data, error, loading, refresh, mutate]);
  return null;
}

export function EndpointFetchers({ demands }: { demands: readonly EndpointDemand[] }) {
  return demands.map((demand) => <EndpointFetcher key={demand.key} demand={demand} />);
}
