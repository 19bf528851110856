import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ANALYTICS_EXT_MAX_BYTES,
  analyticsIdProblem,
  type AnalyticsIngestResult,
  type StoredAnalyticsEvent,
} from "@affiliates/contracts";
import { makeEvent, sessionOf } from "./helpers/analytics-events";
import {
  AFFILIATE,
  PLAIN_USER,
  createTestApp,
  DIALECT,
  envelope,
  login,
  sessionCookie,
  type TestApp,
} from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

const ADMIN_TOKEN = "analytics-identity-admin";
const AFFILIATE_ID = "8012345678";

describe(`analytics identity and forgery (${DIALECT})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ adminToken: ADMIN_TOKEN });
  });
  afterEach(async () => {
    await t.close();
  });

  async function upload(
    events: unknown[],
    options: { cookie?: string; deviceId?: string } = {},
  ): Promise<AnalyticsIngestResult> {
    const response = await t.app.inject({
      method: "POST",
      url: apiUrl("analyticsIngest"),
      headers: { "content-type": "application/json", ...(options.deviceId ? { deviceid: options.deviceId } : {}) },
      cookies: options.cookie ? { refresh_token: options.cookie } : {},
      payload: JSON.stringify(events),
    });
    expect(response.statusCode, response.body).toBe(200);
    return envelope(response).data as AnalyticsIngestResult;
  }
  async function stored(): Promise<StoredAnalyticsEvent[]> {
    const response = await t.app.inject({
      method: "GET",
      url: apiUrl("adminAnalyticsEvents", { limit: 500 }),
      headers: { "x-admin-token": ADMIN_TOKEN },
    });
    return (envelope(response).data as { events: StoredAnalyticsEvent[] }).events;
  }
  const cookieOf = async (account: { email: string; password: string }) =>
    sessionCookie(await login(t.app, account.email, account.password));

  it("sets uid from the session cookie, whatever the client claims", async () => {
    expect(await upload([makeEvent(1, { uid: AFFILIATE_ID })])).toMatchObject({ accepted: 1 });
    const cookie = await cookieOf(AFFILIATE);
    expect(await upload([makeEvent(2, { uid: "1000000001" })], { cookie })).toMatchObject({ accepted: 1 });
    const byTracking = new Map((await stored()).map((e) => [e.log_seq, e.uid]));
    expect(byTracking.get(1)).toBe("");
    expect(byTracking.get(2)).toBe(AFFILIATE_ID);
  });

  it("rejects ids that are not the SDK's form for the upload's device, each with a reason", async () => {
    const result = await upload(
      [
        makeEvent(1),
        makeEvent(2, { event_id: "victim-event-id" }),
        makeEvent(3, { event_id: `${sessionOf("dev1")}:4` }),
        makeEvent(5, { session_id: "other-device1768464000000", event_id: "other-device1768464000000:5" }),
        makeEvent(6, { session_id: "dev1-session", event_id: "dev1-session:6" }),
        makeEvent(7, { device_id: "dev2" }),
      ],
      { deviceId: "dev1" },
    );
    expect(result.accepted).toBe(1);
    expect(result.rejected).toEqual([
      { index: 1, reason: "event_id: must be session_id:log_seq" },
      { index: 2, reason: "event_id: must be session_id:log_seq" },
      { index: 3, reason: "session_id: must be the device id followed by the session's digits" },
      { index: 4, reason: "session_id: must be the device id followed by the session's digits" },
      { index: 5, reason: "device_id: not the device of this upload" },
    ]);
  });

  it("takes the batch's device from the first event when there is no DeviceId header (beacons)", async () => {
    const result = await upload([
      makeEvent(1, { device_id: "beacon-dev" }),
      makeEvent(2, { device_id: "someone-else" }),
    ]);
    expect(result).toMatchObject({
      accepted: 1,
      rejected: [{ index: 1, reason: "device_id: not the device of this upload" }],
    });
  });

  it("deduplicates per sender: a forged copy never blocks the real event", async () => {
    const victimEvent = makeEvent(9, { device_id: "victim" });
    // A stranger who learnt the victim's device id uploads the victim's next id, anonymously…
    expect(await upload([{ ...victimEvent, event_tracking: "forged" }], { deviceId: "victim" })).toMatchObject({
      accepted: 1,
    });
    // …the logged-in victim's real event is still stored, and a resend of it is a duplicate.
    const cookie = await cookieOf(AFFILIATE);
    expect(await upload([victimEvent], { cookie, deviceId: "victim" })).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await upload([victimEvent], { cookie, deviceId: "victim" })).toMatchObject({ accepted: 0, duplicates: 1 });
    // Another logged-in user's upload of the same id is theirs, not a duplicate of the victim's.
    expect(await upload([victimEvent], { cookie: await cookieOf(PLAIN_USER), deviceId: "victim" })).toMatchObject({
      accepted: 1,
    });
    const plainUserId = (await t.app.users.findByEmail(PLAIN_USER.email))?.user_id;
    const copies = (await stored()).filter((e) => e.event_id === victimEvent.event_id);
    expect(copies.map((e) => [e.uid, e.event_tracking]).sort()).toEqual(
      [
        ["", "forged"],
        [plainUserId, victimEvent.event_tracking],
        [AFFILIATE_ID, victimEvent.event_tracking],
      ].sort(),
    );
  });

  it("rejects an event whose event_tracking_ext is over 4 KB as JSON", async () => {
    const fits = { note: "x".repeat(ANALYTICS_EXT_MAX_BYTES - 20) };
    const tooBig = { note: "x".repeat(ANALYTICS_EXT_MAX_BYTES) };
    const manyCards = Array.from({ length: 400 }, (_, card) => ({ card }));
    const result = await upload([
      makeEvent(1, { event_tracking_ext: fits }),
      makeEvent(2, { event_tracking_ext: tooBig }),
      makeEvent(3, { event_tracking_ext: manyCards }),
    ]);
    expect(result.accepted).toBe(1);
    expect(result.rejected).toEqual([
      { index: 1, reason: `event_tracking_ext: larger than ${ANALYTICS_EXT_MAX_BYTES} bytes as JSON` },
      { index: 2, reason: `event_tracking_ext: larger than ${ANALYTICS_EXT_MAX_BYTES} bytes as JSON` },
    ]);
  });
});

describe("analyticsIdProblem (the contract's id rule)", () => {
  const ids = (device: string, session: string, logSeq: number, eventId = `${session}:${logSeq}`) => ({
    device_id: device,
    session_id: session,
    log_seq: logSeq,
    event_id: eventId,
  });

  it("accepts the SDK's form, also for device ids ending in digits", () => {
    expect(analyticsIdProblem(ids("dev1", "dev1176446400000042", 3), "dev1")).toBeUndefined();
    expect(analyticsIdProblem(ids("a1b2c3", "a1b2c31764464000000100", 0), undefined)).toBeUndefined();
  });

  it.each([
    ["a session of another device", ids("dev1", "dev2176446400000042", 3)],
    ["a session without digits", ids("dev1", "dev1abc", 3)],
    ["a session of one digit", ids("dev1", "dev17", 3)],
    ["an event id with another sequence", ids("dev1", "dev1176446400000042", 3, "dev1176446400000042:4")],
    ["an event id of another session", ids("dev1", "dev1176446400000042", 3, "dev1176446400000043:3")],
  ])("refuses %s", (_name, event) => {
    expect(analyticsIdProblem(event, "dev1")).toMatch(/^(session_id|event_id): /);
  });
});
