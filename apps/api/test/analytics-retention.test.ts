import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partitionDays } from "../src/domains/analytics/partitions";
import { eventDayOf } from "../src/domains/analytics/repository";
import { makeEvent } from "./helpers/analytics-events";
import { createTestApp, DIALECT, type TestApp } from "./helpers/test-app";

const DAY_MS = 86_400_000;

/** Analytics events are kept ANALYTICS_RETENTION_DAYS by their own day; PostgreSQL drops whole day partitions. */
describe(`analytics retention (${DIALECT})`, () => {
  let clock = Date.UTC(2026, 10, 28, 12, 0, 0);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, analyticsRetentionDays: 10, seed: false });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const ids = async () =>
    (await t.app.db.selectFrom("analytics_events").select("event_id").orderBy("event_id").execute()).map(
      (r) => r.event_id,
    );

  it("removes the events of days past the retention period and keeps the rest, a retry still counted once", async () => {
    const at = (daysAgo: number) => clock - daysAgo * DAY_MS;
    const events = [
      makeEvent(1, { event_id: "old-30", timestamp: at(30) }),
      makeEvent(2, { event_id: "old-11", timestamp: at(11) }),
      makeEvent(3, { event_id: "kept-9", timestamp: at(9) }),
      makeEvent(4, { event_id: "kept-0", timestamp: at(0) }),
      // A client clock a year ahead: stored (the default partition on PostgreSQL), kept until its day is old.
      makeEvent(5, { event_id: "ahead-365", timestamp: at(-365) }),
    ];
    // Days without a partition yet go to the default one; retention makes the coming days' partitions.
    expect(await t.app.analyticsEvents.insertMany(events, { ip: "192.0.2.1", sender: "device:dev1" })).toBe(5);
    const run = await t.app.retention.runOnce();
    expect(run.analytics.cutoffDay).toBe(eventDayOf(at(10)));
    expect(await ids()).toEqual(["ahead-365", "kept-0", "kept-9"]);

    // The next day's events land in a partition of their own, and a retried upload is still ignored.
    clock += DAY_MS;
    const tomorrow = makeEvent(6, { event_id: "next-day", timestamp: clock });
    expect(await t.app.analyticsEvents.insertMany([tomorrow], { ip: "192.0.2.1", sender: "device:dev1" })).toBe(1);
    expect(await t.app.analyticsEvents.insertMany([tomorrow], { ip: "192.0.2.1", sender: "device:dev1" })).toBe(0);

    if (DIALECT === "postgres") {
      const days = await partitionDays(t.app.db);
      expect(days).toContain(eventDayOf(clock));
      expect(days).toContain(eventDayOf(clock + 6 * DAY_MS));
      const { rows } = await sql<{ n: string }>`select count(*) as n from analytics_events_default`.execute(t.app.db);
      // Days before the partitions were made stay there (kept-9), as does the year-ahead event; today's moved out.
      expect(Number(rows[0]?.n)).toBe(2);
      const { rows: own } = await sql<{ n: string }>`select count(*) as n from ${sql.table(
        `analytics_events_${eventDayOf(clock).replaceAll("-", "")}`,
      )}`.execute(t.app.db);
      expect(Number(own[0]?.n)).toBe(1);
    }

    // Nine days on, the day of "kept-9" has passed the period: its partition (or rows) goes, the rest stays.
    clock += 9 * DAY_MS;
    const later = await t.app.retention.runOnce();
    expect(await ids()).toEqual(["ahead-365", "kept-0", "next-day"]);
    if (DIALECT === "postgres") {
      expect(later.analytics.partitionsDropped).toBeGreaterThan(0);
      expect(await partitionDays(t.app.db)).not.toContain(eventDayOf(clock - 11 * DAY_MS));
    }
  });
});
