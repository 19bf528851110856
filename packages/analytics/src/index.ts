export {
  ANALYTICS_LIMITS,
  DEFAULT_CONFIG_URL,
  DEFAULT_REPORT_URL,
  PAGE_TRACKING_ID,
  STORAGE_KEYS,
  UPLOAD_BACKOFF,
} from "./constants";
export type * from "./types";
export { createAnalytics, BEACON_CONFIRM_MS, type Analytics, type AnalyticsOptions } from "./create-analytics";
export { createPipeline, type AnalyticsPlugin, type PluginContext } from "./pipeline";
export { isValidLogEnv, isValidTrackingId, validatePlugin } from "./validate";
export { createEnricher, sessionIdOf } from "./enrich";
export { mergeEvents, mergePlugin } from "./merge";
export { byteLength, chunk, splitBySize } from "./batch";
export { createEventQueue } from "./queue";
export { backoffCeiling, backoffDelay, createBackoff, parseRetryAfter } from "./backoff";
export { createBridgeSender, createFetchSender, sendByBeacon, type SendOutcome, type Sender } from "./send";
export { parseUserAgent, sysOf, type ParsedUserAgent } from "./user-agent";
export { trackPageViews, type HistoryLike } from "./page-views";
export { pruneFingerprintCookies } from "./fingerprint-cookies";
export { measureEnqueue } from "./measure";
export * from "./world";
