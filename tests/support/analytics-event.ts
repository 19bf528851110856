import { ANALYTICS_APP, type AnalyticsEventContract } from "@affiliates/contracts";

/**
 * One analytics event as the SDK sends it (packages/analytics/src/enrich.ts), for the API tests, the cluster tests
 * and the bench's load run: the product's app id and name, event id `${session_id}:${log_seq}` (the only form the
 * API accepts). Callers give what differs: the event's number, its device and session, its page and time.
 */
export function sampleAnalyticsEvent(
  n: number,
  {
    session_id: sessionId,
    ...overrides
  }: Partial<AnalyticsEventContract> & { session_id: string; device_id: string; timestamp: number },
): AnalyticsEventContract {
  return {
    event_id: `${sessionId}:${n}`,
    type: "click",
    url: "https://www.example.com/affiliates",
    title: "Affiliates",
    event_tracking: `button_${n}`,
    event_tracking_id: `b${n}`,
    business1: "",
    business2: "",
    track_type: "manual",
    seq: n,
    log_seq: n,
    retry_count: 0,
    user_language: "en-US",
    referer: "",
    timely: false,
    merge: false,
    page_unique_id: `${sessionId}:p1`,
    ctime: overrides.timestamp,
    curr_page: "/affiliates",
    browser: "Chrome",
    browser_version: "126.0.0.0",
    sys: "web",
    os_version: "10",
    session_id: sessionId,
    manufacturer: "",
    model: "",
    screen_width: 390,
    screen_height: 844,
    network_type: "4g",
    timezone_offset: 0,
    url_host: "www.example.com",
    log_env: "test01",
    qr_val: "",
    source_referer: "",
    source_target: "https://www.example.com/affiliates",
    first_visit_time: overrides.timestamp,
    first_day: true,
    app_id: ANALYTICS_APP.appId,
    app_name: ANALYTICS_APP.appName,
    ver: ANALYTICS_APP.version,
    uid: "",
    ...overrides,
  };
}
