import type { EVENT_TYPES, PAGE_STATUSES, SYS_VALUES, TRACK_TYPES } from "./constants";

export type EventType = (typeof EVENT_TYPES)[number];
export type Sys = (typeof SYS_VALUES)[number];
export type PageStatus = (typeof PAGE_STATUSES)[number];
export type TrackType = (typeof TRACK_TYPES)[number];

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Ext = { [key: string]: JsonValue };

/** Spec §3, event fields. */
export interface EventFields {
  url: string;
  title: string;
  event_tracking: string;
  event_tracking_id: string;
  business1: string;
  business2: string;
  /** Page events only. */
  page_status?: PageStatus;
  track_type: TrackType;
  /** When the event happened (ms since epoch). */
  timestamp: number;
  /** Per session, from 1. */
  seq: number;
  /** Per device, from 1, kept across reloads. */
  log_seq: number;
  /** How many uploads of this event failed so far. */
  retry_count: number;
  user_language: string;
  referer: string;
  /** Upload at once instead of waiting for the next loop tick. */
  timely: boolean;
  /** Merge with the other `merge` events of the same tracking id in a batch. */
  merge: boolean;
  page_unique_id: string;
  /** The client's clock when the event was created (ms since epoch; `timestamp` may be given by the caller). */
  ctime: number;
  /** The current page's path. */
  curr_page: string;
  /** An object, or the list of objects of merged events. */
  event_tracking_ext?: Ext | Ext[];
  curr_page_ext?: Ext;
}

/** Spec §3, device and session fields. */
export interface DeviceFields {
  browser: string;
  browser_version: string;
  sys: Sys;
  os_version: string;
  device_id: string;
  session_id: string;
  manufacturer: string;
  model: string;
  screen_width: number;
  screen_height: number;
  network_type: string;
  /** `Date#getTimezoneOffset()` minutes (UTC+8 → -480). */
  timezone_offset: number;
  url_host: string;
  log_env: string;
  qr_val: string;
  source_referer: string;
  source_target: string;
  first_visit_time: number;
  first_day: boolean;
}

/** Spec §3, external fields. */
export interface ExternalFields {
  app_id: string;
  app_name: string;
  ver: string;
  /** The logged-in user's id, "" when anonymous. */
  uid: string;
}

export interface AnalyticsEvent extends EventFields, DeviceFields, ExternalFields {
  type: EventType;
  /** device id + session id + log_seq: unique per event, the API's dedup key. */
  event_id: string;
}

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
