// Zod-free: the analytics SDK (in the browser) and the API's event schema (analytics.ts) share these lists and rules.

/** requirements.md §3: the analytics event types. */
export const ANALYTICS_EVENT_TYPES = [
  "page",
  "click",
  "expose",
  "drag",
  "sideslip",
  "pull_up",
  "pull_down",
  "video",
  "system",
] as const;
export const ANALYTICS_SYS_VALUES = ["web", "mobile", "app H5", "Windows", "MacOS"] as const;
export const ANALYTICS_PAGE_STATUSES = ["show", "hide"] as const;
export const ANALYTICS_TRACK_TYPES = ["manual", "auto"] as const;
/** requirements.md §9: at most 50 events per upload. */
export const ANALYTICS_MAX_BATCH = 50;
/** requirements.md §5: a single slash, or the letter b followed by digits. */
export const ANALYTICS_TRACKING_ID_PATTERN = /^(\/|b\d+)$/;
/** requirements.md §5: `pre`, `online`, or anything ending in `test` plus 1–2 digits. */
export const ANALYTICS_LOG_ENV_PATTERN = /^(pre|online)$|test\d{1,2}$/;
/** `event_tracking_ext` serialized (UTF-8 JSON) may take at most this many bytes: extras, not payloads. */
export const ANALYTICS_EXT_MAX_BYTES = 4096;

/** The product's analytics app id, name and version (requirements.md §9: the web app's identifier). */
export const ANALYTICS_APP = {
  appId: "exchange-partners-web",
  appName: "Exchange Partners",
  version: "1.0.0",
} as const;
