import { ANALYTICS_LIMITS, PAGE_TRACKING_ID } from "./constants";
import type { ParsedUserAgent } from "./ua-fields";
import type { AnalyticsEvent, DeviceFields, ExternalFields, Sys, TrackInput } from "./types";
import type { DocumentLike, LocationLike, NavigatorLike, ScreenLike } from "./world";
import { pageNameOf } from "./page-names";

/** requirements.md §9: session id = device id + timestamp + a random integer 0–100. */
export const sessionIdOf = (deviceId: string, now: number, random: () => number): string =>
  `${deviceId}${now}${Math.floor(random() * (ANALYTICS_LIMITS.sessionRandomMax + 1))}`;

/** The dedup key: the session id (which begins with the device id) and the device-wide log sequence. */
const eventIdOf = (sessionId: string, logSeq: number): string => `${sessionId}:${logSeq}`;

const isFirstDay = (firstVisitTime: number, now: number): boolean => now - firstVisitTime < ANALYTICS_LIMITS.firstDayMs;

interface EnrichContext {
  app: Omit<ExternalFields, "uid">;
  logEnv: string;
  sys: Sys;
  userAgent: ParsedUserAgent;
  deviceId: string;
  sessionId: string;
  firstVisitTime: number;
  timezoneOffset: number;
  sourceReferer: string;
  sourceTarget: string;
  qrVal: string;
  location: LocationLike;
  document: DocumentLike;
  navigator: NavigatorLike;
  screen: ScreenLike;
  now(): number;
  getUid(): string | null | undefined;
  /** The next session seq and device-wide log_seq. */
  nextSeq(): { seq: number; log_seq: number };
  /** The current page view's id. */
  pageUniqueId(): string;
}

/**
 * The enrich step: a tracked input becomes a complete event (requirements.md §3). What cannot change during a page life (user
 * agent, device, session, screen) is computed once; per event only the cheap reads remain.
 */
export function createEnricher(context: EnrichContext): (input: TrackInput) => AnalyticsEvent {
  const { location, document, navigator, app } = context;
  const device: Omit<DeviceFields, "network_type" | "url_host" | "first_day"> = {
    browser: context.userAgent.browser,
    browser_version: context.userAgent.browser_version,
    sys: context.sys,
    os_version: context.userAgent.os_version,
    device_id: context.deviceId,
    session_id: context.sessionId,
    manufacturer: context.userAgent.manufacturer,
    model: context.userAgent.model,
    screen_width: context.screen.width,
    screen_height: context.screen.height,
    timezone_offset: context.timezoneOffset,
    log_env: context.logEnv,
    qr_val: context.qrVal,
    source_referer: context.sourceReferer,
    source_target: context.sourceTarget,
    first_visit_time: context.firstVisitTime,
  };

  return ({ type, fields }) => {
    const now = context.now();
    const { seq, log_seq } = context.nextSeq();
    const connection = navigator.connection;
    const event: AnalyticsEvent = {
      type,
      event_id: eventIdOf(context.sessionId, log_seq),
      url: fields.url ?? location.href,
      title: fields.title ?? document.title,
      event_tracking: fields.event_tracking ?? "",
      event_tracking_id: fields.event_tracking_id ?? PAGE_TRACKING_ID,
      business1: fields.business1 ?? "",
      business2: fields.business2 ?? "",
      track_type: fields.track_type ?? "manual",
      timestamp: fields.timestamp ?? now,
      seq,
      log_seq,
      retry_count: 0,
      user_language: navigator.language ?? "",
      referer: document.referrer,
      timely: fields.timely ?? false,
      merge: fields.merge ?? false,
      page_unique_id: fields.page_unique_id ?? context.pageUniqueId(),
      ctime: now,
      curr_page: fields.curr_page ?? pageNameOf(location.pathname),
      browser: device.browser,
      browser_version: device.browser_version,
      sys: device.sys,
      os_version: device.os_version,
      device_id: device.device_id,
      session_id: device.session_id,
      manufacturer: device.manufacturer,
      model: device.model,
      screen_width: device.screen_width,
      screen_height: device.screen_height,
      network_type: connection?.effectiveType ?? connection?.type ?? "unknown",
      timezone_offset: device.timezone_offset,
      url_host: location.host,
      log_env: device.log_env,
      qr_val: device.qr_val,
      source_referer: device.source_referer,
      source_target: device.source_target,
      first_visit_time: device.first_visit_time,
      first_day: isFirstDay(context.firstVisitTime, now),
      app_id: app.app_id,
      app_name: app.app_name,
      ver: app.ver,
      uid: context.getUid() ?? "",
    };
    if (fields.page_status !== undefined) event.page_status = fields.page_status;
    if (fields.event_tracking_ext !== undefined) event.event_tracking_ext = fields.event_tracking_ext;
    if (fields.curr_page_ext !== undefined) event.curr_page_ext = fields.curr_page_ext;
    return event;
  };
}
