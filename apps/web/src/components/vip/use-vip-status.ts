"use client";
import { useEndpointOnDemand } from "@/lib/endpoint-demand";
import { useSession } from "@/state/session";

/**
 * The signed-in user's VIP level and figures (`api.vipStatus`, login required): asked once the session is known and
 * only for a signed-in user (a visitor has no level); one cache entry shared by every component that shows it.
 */
export function useVipStatus() {
  const { complete, isLogin } = useSession();
  return useEndpointOnDemand("vipStatus", {}, { ready: complete && isLogin });
}
