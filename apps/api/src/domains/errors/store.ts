import type { StoredErrorEvent } from "@affiliates/contracts";
import { INSERT_CHUNK_ROWS, parseTags, storedBytes, type ErrorEventsContext, type NewErrorEvent } from "./events";
import type { ErrorEventLimits } from "./limits";

/** Why a client's events were not stored: its IP used up the window's bytes; it may send again after `retryAfterS`. */
export interface ErrorEventQuotaRefusal {
  refused: "ip_quota";
  retryAfterS: number;
}

/** Storing events (in chunks, or within the bounds) and reading the latest. */
export function createErrorEventStore(
  { db, now, bounds }: ErrorEventsContext,
  { bytesFromIp, trimSoon }: ErrorEventLimits,
) {
  async function insertChunk(events: readonly NewErrorEvent[], createdAt: string): Promise<number> {
    const result = await db
      .insertInto("error_events")
      .values(
        events.map((e) => ({
          event_id: e.eventId,
          project_id: e.projectId,
          level: e.level,
          message: e.message,
          url: e.url,
          environment: e.environment,
          tags: JSON.stringify(e.tags),
          breadcrumbs: e.breadcrumbs,
          ip: e.ip,
          created_at: createdAt,
          raw: e.raw,
          size_bytes: storedBytes(e, createdAt),
        })),
      )
      .onConflict((oc) => oc.column("event_id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n);
  }

  async function insertMany(events: readonly NewErrorEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const createdAt = new Date(now()).toISOString();
    let inserted = 0;
    for (let start = 0; start < events.length; start += INSERT_CHUNK_ROWS) {
      inserted += await insertChunk(events.slice(start, start + INSERT_CHUNK_ROWS), createdAt);
    }
    return inserted;
  }

  return {
    /** Stores the events in chunks; an event id already stored is ignored. Returns how many rows were inserted. */
    insertMany,

    /**
     * Stores a client's events within the bounds: refused (nothing stored) when they would take `ip` past its bytes
     * of the window; otherwise stored, then the oldest events of all are deleted while the total is over its cap.
     * Concurrent uploads of one IP may each pass the check: the overshoot is at most one envelope per upload in flight.
     */
    async insertBounded(
      events: readonly NewErrorEvent[],
      ip: string,
    ): Promise<{ inserted: number } | ErrorEventQuotaRefusal> {
      if (events.length === 0) return { inserted: 0 };
      const at = now();
      const createdAt = new Date(at).toISOString();
      const adding = events.reduce((sum, e) => sum + storedBytes(e, createdAt), 0);
      const used = await bytesFromIp(ip, new Date(at - bounds.perIpWindowMs).toISOString());
      if (used + adding > bounds.perIpMaxBytes) {
        return { refused: "ip_quota", retryAfterS: Math.ceil(bounds.perIpWindowMs / 1000) };
      }
      const inserted = await insertMany(events);
      await trimSoon();
      return { inserted };
    },

    /** The latest `limit` events, newest first. */
    async latest(limit: number): Promise<StoredErrorEvent[]> {
      const rows = await db
        .selectFrom("error_events")
        .select([
          "id",
          "event_id",
          "project_id",
          "level",
          "message",
          "url",
          "environment",
          "tags",
          "breadcrumbs",
          "created_at",
        ])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        eventId: r.event_id,
        projectId: r.project_id,
        level: r.level,
        message: r.message,
        url: r.url,
        environment: r.environment,
        tags: parseTags(r.tags),
        breadcrumbs: Number(r.breadcrumbs),
        createdAt: r.created_at,
      }));
    },
  };
}
