import type { AnalyticsEventContract } from "@affiliates/contracts";

// The event's one definition is the API's contract (requirements.md §3); a type-only import, so no schema code reaches the browser.
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Ext = { [key: string]: JsonValue };

/**
 * One event as the SDK builds it: the contract's fields, the extension fields narrowed to JSON values. `event_id` =
 * session id + log_seq, unique per event: the API's dedup key.
 */
export type AnalyticsEvent = Omit<AnalyticsEventContract, "event_tracking_ext" | "curr_page_ext"> & {
  event_tracking_ext?: Ext | Ext[];
  curr_page_ext?: Ext;
};

export type EventType = AnalyticsEvent["type"];
export type Sys = AnalyticsEvent["sys"];
export type PageStatus = NonNullable<AnalyticsEvent["page_status"]>;

/** requirements.md §3, device and session fields. */
export type DeviceFields = Pick<
  AnalyticsEvent,
  | "browser"
  | "browser_version"
  | "sys"
  | "os_version"
  | "device_id"
  | "session_id"
  | "manufacturer"
  | "model"
  | "screen_width"
  | "screen_height"
  | "network_type"
  | "timezone_offset"
  | "url_host"
  | "log_env"
  | "qr_val"
  | "source_referer"
  | "source_target"
  | "first_visit_time"
  | "first_day"
>;

/** requirements.md §3, external fields. */
export type ExternalFields = Pick<AnalyticsEvent, "app_id" | "app_name" | "ver" | "uid">;

/** requirements.md §3, event fields. */
type EventFields = Omit<AnalyticsEvent, "type" | "event_id" | keyof DeviceFields | keyof ExternalFields>;

/** What a caller may set on `track(type, fields)`; everything else is filled in by enrichment. */
export type TrackFields = Partial<
  Pick<
    EventFields,
    | "event_tracking"
    | "event_tracking_id"
    | "business1"
    | "business2"
    | "page_status"
    | "track_type"
    | "timely"
    | "merge"
    | "event_tracking_ext"
    | "curr_page_ext"
    | "url"
    | "title"
    | "curr_page"
    | "page_unique_id"
    | "timestamp"
  >
>;

export interface TrackInput {
  type: EventType;
  fields: TrackFields;
}
