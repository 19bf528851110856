/**
 * The pages analytics names (requirements.md §2; `/affiliates` is the affiliate programme page), matched by suffix: an event's `curr_page` is the spec's path of the page it was
 * sent from, the same in every language (`/ja/affiliates/vip/detail` → `/vip/detail`). The longer of two paths that
 * share an ending comes first, so `/affiliates/experience-card` is not taken for `/affiliates`.
 */
export const ANALYTICS_PAGES = [
  "/affiliates/experience-card",
  "/affiliates",
  "/vip/vipIntroduce",
  "/vip/detail",
  "/vip/vip-guide",
  "/vip/new-coin-airdrop",
  "/broker",
  "/market-maker",
  "/vip-institutional-services/pro",
  "/vip-institutional-services",
  "/fee",
  "/incubation-program",
] as const;

/** The spec's page path a pathname ends with, or the pathname itself for pages analytics does not name. */
export function pageNameOf(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ANALYTICS_PAGES.find((page) => path.endsWith(page)) ?? pathname;
}
