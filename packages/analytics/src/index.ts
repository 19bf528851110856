export {
  ANALYTICS_LIMITS,
  DEFAULT_CONFIG_URL,
  DEFAULT_REPORT_URL,
  PAGE_TRACKING_ID,
  STORAGE_KEYS,
  UPLOAD_BACKOFF,
} from "./constants";
export type * from "./types";
export { createAnalytics, BEACON_CONFIRM_MS, type Analytics, type AnalyticsOptions, type AnalyticsStats } from "./create-analytics";
export { createPipeline, type AnalyticsPlugin, type Pipeline, type PluginContext } from "./pipeline";
export { isValidLogEnv, isValidTrackingId, validatePlugin } from "./validate";
export { createEnricher, eventIdOf, isFirstDay, sessionIdOf, type EnrichContext } from "./enrich";
export { mergeEvents, mergePlugin } from "./merge";
export { byteLength, chunk, splitBySize, type SizedPart } from "./batch";
export { createEventQueue, type EventQueue, type EventQueueOptions, type PersistResult } from "./queue";
export { backoffCeiling, backoffDelay, createBackoff, parseRetryAfter, type Backoff, type BackoffOptions, type BackoffPolicy } from "./backoff";
export { createBridgeSender, createFetchSender, sendByBeacon, type SendOutcome, type Sender } from "./send";
export { parseUserAgent, sysOf, type ParsedUserAgent } from "./user-agent";
export { trackPageViews, type HistoryLike, type TrackPageViewsOptions } from "./page-views";
export { pruneFingerprintCookies, type PruneFingerprintCookiesOptions } from "./fingerprint-cookies";
export { measureEnqueue, type EnqueueMeasure } from "./measure";
export * from "./world";
