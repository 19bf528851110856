import type { AnalyticsEventContract } from "@affiliates/contracts";
import { sampleAnalyticsEvent } from "../../../../tests/support/analytics-event";

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
  const time = BASE_TIME + n * 1000;
  return sampleAnalyticsEvent(n, {
    device_id: deviceId,
    session_id: sessionId,
    timestamp: time,
    ctime: time,
    first_visit_time: BASE_TIME,
    sys: "Windows",
    screen_width: 1920,
    screen_height: 1080,
    timezone_offset: -480,
    log_env: "test1",
    ...overrides,
  });
}
