import { z } from "zod";
import {
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_EXT_MAX_BYTES,
  ANALYTICS_LOG_ENV_PATTERN,
  ANALYTICS_PAGE_STATUSES,
  ANALYTICS_SYS_VALUES,
  ANALYTICS_TRACK_TYPES,
  ANALYTICS_TRACKING_ID_PATTERN,
} from "./analytics-constants";

const utf8Bytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value) ?? "").length;

const text = (max: number) => z.string().max(max);
const ms = z.number().int().min(0).max(8_640_000_000_000_000);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ext = z.record(z.string().max(128), z.unknown());
/**
 * The free-form extras (any JSON under string keys) are capped as serialized UTF-8: every other field of an event has
 * its own length limit, so an event's stored size is bounded, and a batch's by ANALYTICS_MAX_BATCH of them.
 */
const withinExtBytes = <T extends z.ZodType>(schema: T) =>
  schema.refine(
    (value) => utf8Bytes(value) <= ANALYTICS_EXT_MAX_BYTES,
    `larger than ${ANALYTICS_EXT_MAX_BYTES} bytes as JSON`,
  );

/**
 * One event of `POST {report base}/v1/buried/log/info` (requirements.md §3): event fields, device and session fields, external
 * fields, and `event_id` (device id + session + sequence), the key the API deduplicates on. Unknown fields are
 * ignored (stripped), so older and newer SDKs both upload. The API also requires the sender's form of the ids
 * (analyticsIdProblem) and sets `uid` itself from the session.
 */
export const analyticsEventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.enum(ANALYTICS_EVENT_TYPES),
  // Event fields.
  url: text(2048),
  title: text(512),
  event_tracking: text(256),
  event_tracking_id: z.string().regex(ANALYTICS_TRACKING_ID_PATTERN, 'must be "/" or "b" followed by digits'),
  business1: text(512),
  business2: text(512),
  /** Page events only. */
  page_status: z.enum(ANALYTICS_PAGE_STATUSES).optional(),
  track_type: z.enum(ANALYTICS_TRACK_TYPES),
  /** When the event happened (ms since epoch). */
  timestamp: ms,
  /** Per session, from 1. */
  seq: count,
  /** Per device, from 1, kept across reloads. */
  log_seq: count,
  /** How many uploads of this event failed so far. */
  retry_count: count,
  user_language: text(64),
  referer: text(2048),
  /** Upload at once instead of waiting for the next loop tick. */
  timely: z.boolean(),
  /** Merge with the other `merge` events of the same tracking id in a batch. */
  merge: z.boolean(),
  page_unique_id: text(256),
  /** The client's clock when the event was created (ms since epoch; `timestamp` may be given by the caller). */
  ctime: ms,
  /** The current page's path. */
  curr_page: text(2048),
  /** An object, or the list of objects of merged events. */
  event_tracking_ext: withinExtBytes(z.union([ext, z.array(ext).max(500)])).optional(),
  /** The page's own extras: the same cap (one client could otherwise store a megabyte per event). */
  curr_page_ext: withinExtBytes(ext).optional(),
  // Device and session fields.
  browser: text(128),
  browser_version: text(64),
  sys: z.enum(ANALYTICS_SYS_VALUES),
  os_version: text(64),
  device_id: z.string().min(1).max(128),
  session_id: z.string().min(1).max(200),
  manufacturer: text(128),
  model: text(128),
  screen_width: count,
  screen_height: count,
  network_type: text(32),
  /** `Date#getTimezoneOffset()` minutes (UTC+8 → -480). */
  timezone_offset: z.number().int().min(-1440).max(1440),
  url_host: text(256),
  log_env: z.string().regex(ANALYTICS_LOG_ENV_PATTERN, "must be pre, online or end in test plus 1–2 digits"),
  qr_val: text(512),
  source_referer: text(2048),
  source_target: text(2048),
  first_visit_time: ms,
  first_day: z.boolean(),
  // External fields.
  app_id: z.string().min(1).max(128),
  app_name: text(128),
  ver: text(64),
  /** The logged-in user's id, "" when anonymous. */
  uid: text(64),
});
export type AnalyticsEventContract = z.infer<typeof analyticsEventSchema>;

/**
 * What is wrong with an event's ids for the batch's device, or undefined when they have the SDK's form
 * (packages/analytics enrich.ts): `session_id` = device id + load time + random 0–100 (digits only after the
 * device id), `event_id` = `${session_id}:${log_seq}`, `device_id` = the batch's device. The answer is a rejection
 * reason, `field: why`.
 */
export function analyticsIdProblem(
  event: Pick<AnalyticsEventContract, "event_id" | "session_id" | "device_id" | "log_seq">,
  batchDeviceId: string | undefined,
): string | undefined {
  if (batchDeviceId !== undefined && event.device_id !== batchDeviceId)
    return "device_id: not the device of this upload";
  const suffix = event.session_id.startsWith(event.device_id) ? event.session_id.slice(event.device_id.length) : "";
  if (!/^\d{2,}$/.test(suffix)) return "session_id: must be the device id followed by the session's digits";
  if (event.event_id !== `${event.session_id}:${event.log_seq}`) return "event_id: must be session_id:log_seq";
  return undefined;
}

export const analyticsIngestResultSchema = z.object({
  /** Events stored now. */
  accepted: z.number().int(),
  /** Valid events already stored (same `event_id`): ignored. */
  duplicates: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type AnalyticsIngestResult = z.infer<typeof analyticsIngestResultSchema>;

/** `GET /v1/admin/analytics/events?limit=&type=&since=` (operators only): newest first; `since` in ms. */
export const analyticsEventListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    type: z.enum(ANALYTICS_EVENT_TYPES).optional(),
    since: z.coerce.number().int().min(0).optional(),
  })
  .strict();
export type AnalyticsEventListQuery = z.infer<typeof analyticsEventListQuerySchema>;

/** A stored event as operators see it: its fields, plus when the API received it (ms) and from which IP. */
export const storedAnalyticsEventSchema = analyticsEventSchema.extend({ received_at: z.number(), ip: z.string() });
export type StoredAnalyticsEvent = z.infer<typeof storedAnalyticsEventSchema>;

export const analyticsEventListSchema = z.object({ events: z.array(storedAnalyticsEventSchema) });
export type AnalyticsEventList = z.infer<typeof analyticsEventListSchema>;

/**
 * `PUT /v1/admin/analytics/switch` (operators only): the upload switch of one client, by device id or IP;
 * `enabled: null` removes the override (the client follows `client_settings.eventLogUploadSwitch` again).
 */
export const analyticsSwitchRequestSchema = z
  .object({
    deviceId: z.string().min(1).max(128).optional(),
    ip: z.string().min(1).max(64).optional(),
    enabled: z.boolean().nullable(),
  })
  .strict()
  .refine((v) => (v.deviceId === undefined) !== (v.ip === undefined), {
    message: "give exactly one of deviceId or ip",
  })
  // The same rule as the document states it.
  .meta({ oneOf: [{ required: ["deviceId"] }, { required: ["ip"] }] });

export const analyticsSwitchSchema = z.object({ client: z.string(), enabled: z.boolean() });
export type AnalyticsSwitch = z.infer<typeof analyticsSwitchSchema>;
