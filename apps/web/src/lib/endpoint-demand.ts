"use client";
import { useEffect, useSyncExternalStore } from "react";
import type { EndpointAnswer } from "@affiliates/contracts/endpoint-schemas";
import { useOffer } from "../components/providers/offer-data";
import { endpointKey } from "./api";
import type { ApiInput, ApiName } from "./create-api";

/** What a section reads of an endpoint's answer: useEndpoint's fields that public sections use. */
export interface OnDemandResult<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  refresh: (this: void) => void;
  mutate: (this: void, data?: T | ((old?: T) => T | undefined)) => void;
}

/** A call some mounted section waits for: what `useEndpoint` is handed by its fetcher. */
export interface EndpointDemand {
  key: string;
  name: ApiName;
  input: object;
  varies: Readonly<Record<string, string | number | undefined>> | undefined;
}

const ignore = () => undefined;
/** Not asked for (not ready, as ahooks' `ready: false`): nothing, not loading. */
const IDLE: OnDemandResult<unknown> = {
  data: undefined,
  error: undefined,
  loading: false,
  refresh: ignore,
  mutate: ignore,
};
/** Asked for, its fetcher not yet loaded or not yet answered. */
const PENDING: OnDemandResult<unknown> = { ...IDLE, loading: true };
const NO_DEMANDS: readonly EndpointDemand[] = [];

const held = new Map<string, { demand: EndpointDemand; holders: number }>();
let demands: readonly EndpointDemand[] = NO_DEMANDS;
const results = new Map<string, OnDemandResult<unknown>>();
const demandListeners = new Set<() => void>();
const resultListeners = new Set<() => void>();

const listen = (listeners: Set<() => void>) => (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const notify = (listeners: Set<() => void>) => listeners.forEach((listener) => listener());

/** Holds a call while a section waits for it; the returned function lets go (the last one ends the call's fetcher). */
function hold(demand: EndpointDemand): () => void {
  const entry = held.get(demand.key);
  if (entry) entry.holders += 1;
  else {
    held.set(demand.key, { demand, holders: 1 });
    demands = [...held.values()].map(({ demand: each }) => each);
    notify(demandListeners);
  }
  return () => {
    const current = held.get(demand.key);
    if (!current || --current.holders > 0) return;
    held.delete(demand.key);
    results.delete(demand.key);
    demands = held.size === 0 ? NO_DEMANDS : [...held.values()].map(({ demand: each }) => each);
    notify(demandListeners);
  };
}

const subscribeDemands = listen(demandListeners);
const currentDemands = () => demands;
const noDemands = () => NO_DEMANDS;

/** The calls mounted sections wait for (components/providers/endpoint-fetchers.tsx makes them). */
export const useEndpointDemands = (): readonly EndpointDemand[] =>
  useSyncExternalStore(subscribeDemands, currentDemands, noDemands);

/** A fetcher hands its call's state to the sections waiting for it. */
export function publishResult(key: string, result: OnDemandResult<unknown>): void {
  if (!held.has(key)) return;
  results.set(key, result);
  notify(resultListeners);
}

const subscribeResults = listen(resultListeners);
const serverResult = () => undefined;

/**
 * `useEndpoint` for the sections of public pages (issue 36's JS): a visitor's page either has the server's offer for
 * the call (the answer, at once) or waits for a login (`ready: false`), so it never asks the API, and neither ahooks
 * nor the request hooks are in its first load. When a section does wait for an answer (signed in, or a page rendered
 * without its offer), the call is handed to a fetcher loaded then, which runs `useEndpoint` with the §9 defaults
 * (cache, retry, focus refresh) and hands its state back here. The same key from two sections is one call.
 *
 * An offered answer is not asked again: `refresh` and `mutate` do nothing on it (no section offers to retry one).
 */
export function useEndpointOnDemand<N extends ApiName>(
  name: N,
  input: ApiInput<N>,
  options: { ready?: boolean; varies?: Readonly<Record<string, string | number | undefined>> } = {},
): OnDemandResult<EndpointAnswer<N>> {
  const key = endpointKey(name, input, options.varies);
  const offered = useOffer<EndpointAnswer<N>>(key);
  const wanted = offered === undefined && (options.ready ?? true);
  const { varies } = options;
  useEffect(() => {
    if (!wanted) return undefined;
    // The key is made of the name, the input and `varies`: the same key is the same call.
    return hold({ key, name, input, varies });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for name, input and varies
  }, [wanted, key]);
  const published = useSyncExternalStore(subscribeResults, () => results.get(key), serverResult);
  // One store holds every endpoint's state; the key names the endpoint, so its state is this endpoint's answer.
  const state = offered !== undefined ? { ...IDLE, data: offered } : !wanted ? IDLE : (published ?? PENDING);
  return state as OnDemandResult<EndpointAnswer<N>>;
}
