"use client";
import { api } from "./api";
import { useEndpointOnDemand } from "./endpoint-demand";

/** Fetches the user's latest affiliate application and affiliate status (one cache entry for every page that asks). */
export const fetchMyApplication = () => api.myAffiliateApplication();

/**
 * The signed-in user's affiliate application and whether they are an approved affiliate
 * (`api.myAffiliateApplication`), shared by the landing page's call to action, the apply page and the dashboard.
 * `ready`: false until the session is known, so anonymous visitors make no call.
 */
export function useMyApplication(ready = true) {
  return useEndpointOnDemand("myAffiliateApplication", {}, { ready });
}
