"use client";
import { useCallback, useEffect, useRef } from "react";
import { clearCache, useRequest } from "ahooks";
import { FETCH_CACHE_MS, FOCUS_REFRESH_GUARD_MS } from "@affiliates/http";
import { worthRetrying } from "./retry-policy";
import { useOffer } from "@/components/providers/offer-data";

type Options<T, P extends unknown[]> = NonNullable<Parameters<typeof useRequest<T, P>>[1]>;

/**
 * The data-fetch helper of requirements.md §4 with the defaults of §9: ahooks `useRequest` (loading, data, error; manual run,
 * caching, polling, retry, debounce, throttle, focus refresh, loading delay) keyed by `cacheKey`, cached 5 min,
 * refreshed on window focus at most every 5 s, a failure to get an answer (offline, timed out, 5xx, 429: not a 403 or a
 * refusal) retried with ahooks' exponential back-off (1 s, 2 s, 4 s … capped at 30 s, the RETRY_BACKOFF_CAP_MS of
 * requirements.md §9) when no retryInterval is given.
 *
 * `refresh()` always asks the server (the cached answer is dropped first).
 *
 * An offer the server rendered the page with (lib/offers.ts) is the answer: the page shows it from its first paint
 * and hydrates with it, and the browser does not ask again (a new build renders it anew).
 */
export function useApi<T, P extends unknown[] = []>(
  cacheKey: string,
  service: (...args: P) => Promise<T>,
  options: Options<T, P> = {},
) {
  const offered = useOffer<T>(cacheKey);
  const cancel = useRef<() => void>(undefined);
  const result = useRequest<T, P>(service, {
    cacheKey,
    staleTime: FETCH_CACHE_MS,
    cacheTime: FETCH_CACHE_MS,
    refreshOnWindowFocus: true,
    focusTimespan: FOCUS_REFRESH_GUARD_MS,
    retryCount: 3,
    ...options,
    // An answer is not retried (a 403, a 404, a business refusal says the same the next time): only a failure to get
    // one is (offline, timed out, a 5xx, 429). ahooks retries any error; its retry is called off once it is scheduled.
    onFinally: (params, data, error) => {
      if (error !== undefined && !worthRetrying(error)) cancel.current?.();
      options.onFinally?.(params, data, error);
    },
    ready: offered === undefined && (options.ready ?? true),
  });
  const { cancel: cancelRun } = result;
  useEffect(() => {
    cancel.current = cancelRun;
  }, [cancelRun]);
  // An explicit refresh (a retry, an answer that shows the list is out of date) asks the server: ahooks' own would
  // hand back the cached answer while it is fresh (the cache plugin's `returnNow`). Polling and focus keep the cache.
  const { refresh: refreshCached } = result;
  const refresh = useCallback(() => {
    clearCache(cacheKey);
    refreshCached();
  }, [cacheKey, refreshCached]);
  return offered === undefined
    ? { ...result, refresh }
    : { ...result, refresh, data: result.data ?? offered, loading: false };
}

/**
 * A one-off call run by the user (a POST, a file download): ahooks `useRequest` with `manual: true` for its
 * `runAsync` and `loading`, but none of useApi's defaults. A cached answer would be handed back instead of sending
 * (the cache plugin's `returnNow`), a retry or a window-focus refresh would send it again: a withdrawal must go once.
 */
export function useApiAction<T, P extends unknown[] = []>(
  service: (...args: P) => Promise<T>,
  options: Omit<Options<T, P>, "manual"> = {},
) {
  return useRequest<T, P>(service, { ...options, manual: true });
}
