/**
 * ahooks options of the dashboard's live figures (summary, links, commission records, invitees, payouts): refreshed
 * every minute while the page is visible and as soon as it is visible again, never while it is hidden.
 *
 * staleTime 0: useApi's 5-minute staleTime makes ahooks' cache plugin answer a refresh from the cache (`returnNow`),
 * which fetches nothing and also skips the polling plugin's `onFinally`, so the polling would stop at its first tick.
 * The cached figures still show at once on mount; the request then replaces them. loadingDelay: a quick refresh does
 * not flash the tables' spinner every minute.
 */
export const LIVE_REFRESH = {
  pollingInterval: 60_000,
  pollingWhenHidden: false,
  refreshOnWindowFocus: true,
  staleTime: 0,
  loadingDelay: 300,
} as const;
