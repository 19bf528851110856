"use client";
import type { VipStatus } from "@affiliates/contracts";
import { http } from "@/lib/http";
import { useApi } from "@/lib/use-api";
import { useSession } from "@/state/session";
import { VIP_STATUS_PATH } from "./vip-paths";

/**
 * The signed-in user's VIP level and figures (`GET /v1/vip/me`, login required): asked once the session is known and
 * only for a signed-in user (a visitor has no level); one cache entry shared by every component that shows it.
 */
export function useVipStatus() {
  const { complete, isLogin } = useSession();
  return useApi(VIP_STATUS_PATH, () => http.get<VipStatus>(VIP_STATUS_PATH), { ready: complete && isLogin });
}
