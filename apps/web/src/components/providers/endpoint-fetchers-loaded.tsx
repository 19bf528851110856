"use client";
import { useEffect } from "react";
import { publishResult, type EndpointDemand } from "@/lib/endpoint-demand";
import { useEndpoint } from "@/lib/use-endpoint";

/** One call: `useEndpoint` (ahooks with the §9 defaults), its state handed to the sections waiting for it. */
function EndpointFetcher({ demand }: { demand: EndpointDemand }) {
  const { key, name, input, varies } = demand;
  const { data, error, loading, refresh, mutate } = useEndpoint(name, input as never, { varies });
  // refresh and mutate keep their identity (ahooks memoises them): a new state is handed on only when one changes.
  useEffect(() => {
    publishResult(key, { data, error, loading, refresh, mutate: mutate as (data?: unknown) => void });
  }, [key, data, error, loading, refresh, mutate]);
  return null;
}

export default function LoadedFetchers({ demands }: { demands: readonly EndpointDemand[] }) {
  return demands.map((demand) => <EndpointFetcher key={demand.key} demand={demand} />);
}
