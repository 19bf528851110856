import fp from "fastify-plugin";
import type { AnalyticsEventContract, AnalyticsEventListQuery, StoredAnalyticsEvent } from "@affiliates/contracts";
import type { Db } from "../../db/schema";

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
      }));
      const result = await db
        .insertInto("analytics_events")
        .values(rows)
        .onConflict((oc) => oc.columns(["sender", "event_id"]).doNothing())
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
