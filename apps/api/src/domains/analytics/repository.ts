import fp from "fastify-plugin";
import { PostgresAdapter } from "kysely";
import type { AnalyticsEventContract, AnalyticsEventListQuery, StoredAnalyticsEvent } from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { dropEventPartitionsBefore, ensureEventPartitions } from "./partitions";

const DAY_MS = 86_400_000;
/** An event's UTC day from its own time (ms); the partition it is stored in on PostgreSQL. */
export const eventDayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** Partitions are made this many days ahead (and one behind), so a day's first events never wait for one. */
const PARTITIONS_AHEAD = 7;
/** Expired rows are deleted in batches of this many (SQLite, and PostgreSQL's default partition). */
const DELETE_BATCH = 5_000;

/** Who is asking: the switch may be set per device id or per IP (device wins over IP, IP over the default). */
export interface AnalyticsClient {
  deviceId?: string | undefined;
  ip: string;
}

/**
 * The dedup scope of an upload: the logged-in user (the session proves it) or, anonymous, the device the ids
 * belong to. Another sender's copy of an event id is another event.
 */
export const senderKey = (uid: string, deviceId: string): string => (uid ? `uid:${uid}` : `device:${deviceId}`);

export const switchKey = {
  device: (deviceId: string) => `device:${deviceId}`,
  ip: (ip: string) => `ip:${ip}`,
};

export interface EventsRepositoryOptions {
  now: () => number;
  /** The switch of clients without an override (client_settings.eventLogUploadSwitch, default true). */
  defaultSwitch: () => Promise<boolean>;
}

export function createEventsRepository(db: Db, options: EventsRepositoryOptions) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    /**
     * Stores valid events of one sender in one multi-row INSERT; ids this sender already stored (or repeated in the
     * batch) are ignored. Returns how many rows were inserted.
     */
    async insertMany(events: readonly AnalyticsEventContract[], meta: { ip: string; sender: string }): Promise<number> {
      if (events.length === 0) return 0;
      const receivedAt = options.now();
      const rows = events.map((e) => ({
        event_id: e.event_id,
        sender: meta.sender,
        type: e.type,
        event_tracking_id: e.event_tracking_id,
        device_id: e.device_id,
        session_id: e.session_id,
        uid: e.uid,
        log_env: e.log_env,
        event_time: e.timestamp,
        received_at: receivedAt,
        ip: meta.ip,
        payload: JSON.stringify(e),
        event_day: eventDayOf(e.timestamp),
      }));
      // PostgreSQL's key includes the partition's day (a retry carries the event's own time, so the same day).
      const result = await db
        .insertInto("analytics_events")
        .values(rows)
        .onConflict((oc) =>
          (postgres ? oc.columns(["sender", "event_id", "event_day"]) : oc.columns(["sender", "event_id"])).doNothing(),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    /** The latest stored events, newest first (by event time, then arrival). */
    async latest(query: AnalyticsEventListQuery): Promise<StoredAnalyticsEvent[]> {
      let select = db.selectFrom("analytics_events").select(["payload", "received_at", "ip"]);
      if (query.type) select = select.where("type", "=", query.type);
      if (query.since !== undefined) select = select.where("event_time", ">=", query.since);
      const rows = await select.orderBy("event_time", "desc").orderBy("id", "desc").limit(query.limit).execute();
      return rows.map((row) => ({
        ...(JSON.parse(row.payload) as AnalyticsEventContract),
        received_at: Number(row.received_at),
        ip: row.ip,
      }));
    },

    /**
     * Retention: removes events of days before `retentionDays` ago (by the event's own day). PostgreSQL drops whole
     * day partitions and makes the coming days' ones; SQLite, and PostgreSQL's default partition, delete in batches.
     */
    async expire(
      retentionDays: number,
    ): Promise<{ cutoffDay: string; partitionsDropped: number; rowsDeleted: number }> {
      const now = options.now();
      const cutoffDay = eventDayOf(now - retentionDays * DAY_MS);
      let partitionsDropped = 0;
      if (postgres) {
        await ensureEventPartitions(
          db,
          Array.from({ length: PARTITIONS_AHEAD + 2 }, (_, i) => eventDayOf(now + (i - 1) * DAY_MS)),
        );
        partitionsDropped = await dropEventPartitionsBefore(db, cutoffDay);
      }
      let rowsDeleted = 0;
      for (;;) {
        const batch = db
          .selectFrom("analytics_events")
          .select("id")
          .where("event_day", "<", cutoffDay)
          .limit(DELETE_BATCH);
        const result = await db.deleteFrom("analytics_events").where("id", "in", batch).executeTakeFirst();
        const deleted = Number(result.numDeletedRows);
        rowsDeleted += deleted;
        if (deleted < DELETE_BATCH) break;
      }
      return { cutoffDay, partitionsDropped, rowsDeleted };
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("analytics_events")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Whether this client may upload: its device override, else its IP override, else the client-wide default. */
    async uploadSwitch(client: AnalyticsClient): Promise<boolean> {
      const keys = [switchKey.ip(client.ip)];
      if (client.deviceId) keys.push(switchKey.device(client.deviceId));
      const rows = await db
        .selectFrom("analytics_switch")
        .select(["client_key", "enabled"])
        .where("client_key", "in", keys)
        .execute();
      const byKey = new Map(rows.map((r) => [r.client_key, Number(r.enabled) === 1]));
      const device = client.deviceId ? byKey.get(switchKey.device(client.deviceId)) : undefined;
      return device ?? byKey.get(switchKey.ip(client.ip)) ?? (await options.defaultSwitch());
    },

    /** Sets (true/false) or removes (null) one client's override; `client` is a `switchKey`. */
    async setSwitch(client: string, enabled: boolean | null): Promise<void> {
      if (enabled === null) {
        await db.deleteFrom("analytics_switch").where("client_key", "=", client).execute();
        return;
      }
      const value = enabled ? 1 : 0;
      const updatedAt = new Date(options.now()).toISOString();
      await db
        .insertInto("analytics_switch")
        .values({ client_key: client, enabled: value, updated_at: updatedAt })
        .onConflict((oc) => oc.column("client_key").doUpdateSet({ enabled: value, updated_at: updatedAt }))
        .execute();
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

declare module "fastify" {
  interface FastifyInstance {
    analyticsEvents: EventsRepository;
  }
}

/** Decorates `app.analyticsEvents`; needs the db and config-repository plugins (the default switch). */
export default fp<{ now?: () => number }>(
  (app, options, done) => {
    app.decorate(
      "analyticsEvents",
      createEventsRepository(app.db, {
        now: options.now ?? Date.now,
        defaultSwitch: () => app.configRepository.clientSetting("eventLogUploadSwitch", true),
      }),
    );
    done();
  },
  { name: "events-repository", dependencies: ["db", "config-repository"] },
);
