"use client";
import type { ApiInput, ApiName } from "./create-api";
import type { EndpointAnswer } from "@affiliates/contracts/endpoint-schemas";
import { api, endpointKey } from "./api";
import { useApi } from "./use-api";

type Options<N extends ApiName> = NonNullable<Parameters<typeof useApi<EndpointAnswer<N>>>[2]> & {
  /** What else the answer varies by, beyond the input (the page's language of a per-language offer). */
  varies?: Readonly<Record<string, string | number | undefined>>;
};

/**
 * An endpoint's answer for an input: `useEndpoint("links", { from, to })`. The cache key is derived from the name
 * and the input (`endpointKey`), so it cannot drift from the call; the call is `api[name](input)`; the rest is
 * useApi (ahooks useRequest with the defaults of requirements.md §9, and the server's offer when the page was rendered with it).
 * Hand the result to `hasLoadProblem` / `<LoadProblem>` for its failed, not-logged-in and not-allowed states.
 */
export function useEndpoint<N extends ApiName>(name: N, input: ApiInput<N>, options: Options<N> = {}) {
  const { varies, ...rest } = options;
  const call = api[name] as (input: ApiInput<N>) => Promise<EndpointAnswer<N>>;
  const key = endpointKey(name, input, varies);
  // Another input is another answer: asked for when the key changes (ahooks keeps the previous one shown meanwhile).
  return useApi<EndpointAnswer<N>>(key, () => call(input), {
    ...rest,
    refreshDeps: [key, ...(rest.refreshDeps ?? [])],
  });
}
