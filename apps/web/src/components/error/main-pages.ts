import type { PageKey } from "@/lib/pages";

/**
 * The pages a visitor is offered when the one they asked for cannot be shown: the programme, the dashboard, VIP, the
 * fee schedule and the partner programmes. Each is also its message key (`status.notFound.links.<page>`).
 */
export const MAIN_PAGES = [
  "home",
  "dashboard",
  "vipIntroduce",
  "fee",
  "broker",
  "marketMaker",
  "institutional",
] as const satisfies readonly PageKey[];
