import type { AnalyticsEventContract } from "@affiliates/contracts";

export const BASE_TIME = Date.UTC(2026, 0, 15, 8, 0, 0);

/** The session id the SDK builds for a device (enrich.ts sessionIdOf: device id + load time + random 0–100). */
export const sessionOf = (deviceId: string): string => `${deviceId}${BASE_TIME}42`;

/**
 * The n-th event of device `dev1`'s session, as the SDK sends it. A `device_id` override moves the session and
 * `event_id` along (the SDK's form), unless they are overridden too.
 */
export function makeEvent(n: number, overrides: Partial<AnalyticsEventContract> = {}): AnalyticsEventContract {
  const deviceId = overrides.device_id ?? "dev1";
  const sessionId = overrides.session_id ?? sessionOf(deviceId);
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
    timestamp: BASE_TIME + n * 1000,
    seq: n,
    log_seq: n,
    retry_count: 0,
    user_language: "en-US",
    referer: "",
    timely: false,
    merge: false,
    page_unique_id: `${sessionId}:p1`,
    ctime: BASE_TIME + n * 1000,
    curr_page: "/affiliates",
    browser: "Chrome",
    browser_version: "126.0.0.0",
    sys: "Windows",
    os_version: "10",
    device_id: deviceId,
    session_id: sessionId,
    manufacturer: "",
    model: "",
    screen_width: 1920,
    screen_height: 1080,
    network_type: "4g",
    timezone_offset: -480,
    url_host: "www.example.com",
    log_env: "test1",
    qr_val: "",
    source_referer: "",
    source_target: "https://www.example.com/affiliates",
    first_visit_time: BASE_TIME,
    first_day: true,
    app_id: "affiliates-web",
    app_name: "affiliates",
    ver: "1.2.3",
    uid: "",
    ...overrides,
  };
}
