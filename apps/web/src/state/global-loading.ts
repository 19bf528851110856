"use client";
import { useSyncExternalStore } from "react";

/**
 * requirements.md §3's global loading flag: on while any call of the request client is in flight. The shell shows it as a thin
 * progress line at the top (only when a wait lasts, `GlobalProgress`) and on `<html data-loading>`.
 */
let inFlight = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Counts the call while it runs; returns it unchanged. */
export function trackLoading<T>(call: Promise<T>): Promise<T> {
  inFlight += 1;
  if (inFlight === 1) notify();
  const done = () => {
    inFlight -= 1;
    if (inFlight === 0) notify();
  };
  call.then(done, done);
  return call;
}

export const isGlobalLoading = (): boolean => inFlight > 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The flag in a component; false on the server (nothing is in flight there). */
export const useGlobalLoading = (): boolean => useSyncExternalStore(subscribe, isGlobalLoading, () => false);
