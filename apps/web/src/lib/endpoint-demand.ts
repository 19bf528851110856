"use client";
import { useEffect, useSyncExternalStore } from "react";
import type { EndpointAnswer } from "@affiliates/contracts/endpoint-schemas";
import type { ApiInput, ApiName } from "./create-api";
import { endpointKey } from "./api";
import { useOffer } from "@/components/providers/offer-data";

/** What a component of a public page reads of an endpoint's answer (a part of useEndpoint's result). */
export interface OnDemandResult<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Asks the server again; does nothing until the request has been made (nothing to retry yet). */
  refresh: () => void;
  /** Replaces the answer shown (after a change the caller made); does nothing for an offer or before the request. */
  mutate(this: void, data?: T | ((previous?: T) => T | undefined)): void;
}

/** A call a mounted component waits for: the fetchers (components/providers/endpoint-fetchers.tsx) make it. */
export interface EndpointDemand {
  key: string;
  name: ApiName;
  input: object;
  varies?: Readonly<Record<string, string | number | undefined>> | undefined;
}

type Options = Pick<EndpointDemand, "varies"> & {
  /** False until the call may be made (the session is known, a user is logged in): until then, no call and no data. */
  ready?: boolean;
};

const noop = () => undefined;
/**
 * Before the fetchers report: the offer as the answer; ahooks' own states for a call not made yet (`ready: false`),
 * and for one asked for (an automatic request's first state).
 */
const before = <T>(data: T | undefined, loading: boolean): OnDemandResult<T> => ({
  data,
  error: undefined,
  loading,
  refresh: noop,
  mutate: noop,
});

/** Demanded endpoints by key, with how many mounted components wait for each. */
const demands = new Map<string, { demand: EndpointDemand; holders: number }>();
let demandList: readonly EndpointDemand[] = [];
const results = new Map<string, OnDemandResult<unknown>>();
const demandListeners = new Set<() => void>();
const resultListeners = new Set<() => void>();

const subscribeTo = (listeners: Set<() => void>) => (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const notify = (listeners: Set<() => void>) => listeners.forEach((listener) => listener());

export const subscribeDemands = subscribeTo(demandListeners);
const subscribeResults = subscribeTo(resultListeners);
/** The endpoints mounted components wait for (the same array until one is added or dropped). */
export const demandedEndpoints = (): readonly EndpointDemand[] => demandList;
export const NO_DEMANDS = (): readonly EndpointDemand[] => [];

function hold(demand: EndpointDemand): () => void {
  const held = demands.get(demand.key);
  if (held) held.holders += 1;
  else {
    demands.set(demand.key, { demand, holders: 1 });
    demandList = [...demandList, demand];
    notify(demandListeners);
  }
  return () => {
    const current = demands.get(demand.key);
    if (!current || --current.holders > 0) return;
    demands.delete(demand.key);
    demandList = demandList.filter((entry) => entry.key !== demand.key);
    results.delete(demand.key);
    notify(demandListeners);
    notify(resultListeners);
  };
}

/** A fetcher's latest state of its endpoint, for every component that waits for it. */
export function publishResult(key: string, result: OnDemandResult<unknown>): void {
  if (!demands.has(key)) return; // dropped meanwhile
  results.set(key, result);
  notify(resultListeners);
}

/**
 * useEndpoint for the components of public pages, without ahooks in the page's first load (issue 36: 5 KB gzip of
 * what a phone downloads). Such a component either has the server's offer (the programme figures, in the page's HTML)
 * or waits for a login (the user's own figures), so a visitor makes no call; only when one is due does the page load
 * the fetchers, which make it with useEndpoint (ahooks useRequest with the defaults of requirements.md §9: cache,
 * focus refresh, retry) and hand its state back here. Components that asking is all they do (the desk) use
 * useEndpoint itself.
 */
export function useEndpointOnDemand<N extends ApiName>(
  name: N,
  input: ApiInput<N>,
  { ready = true, varies }: Options = {},
): OnDemandResult<EndpointAnswer<N>> {
  const key = endpointKey(name, input, varies);
  const offered = useOffer<EndpointAnswer<N>>(key);
  const needed = offered === undefined && ready;
  useEffect(() => {
    if (!needed) return;
    return hold({ key, name, input, varies });
    // The key is derived from name, input and varies: another key is another call; the same key the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, key]);
  const fetched = useSyncExternalStore(
    subscribeResults,
    () => (needed ? results.get(key) : undefined),
    () => undefined,
  ) as OnDemandResult<EndpointAnswer<N>> | undefined;
  if (offered !== undefined) return before(offered, false);
  return needed ? (fetched ?? before<EndpointAnswer<N>>(undefined, true)) : before<EndpointAnswer<N>>(undefined, false);
}
