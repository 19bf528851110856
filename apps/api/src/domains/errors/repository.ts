import fp from "fastify-plugin";
import type { StoredErrorEvent } from "@affiliates/contracts";
import { ERROR_EVENT_BOUNDS_DEFAULTS, type ErrorEventBounds } from "../../platform/config";
import type { Db } from "../../platform/db/schema";

export interface NewErrorEvent {
  eventId: string;
  projectId: string;
  level: string;
  message: string;
  url: string | null;
  environment: string | null;
  tags: Record<string, string>;
  breadcrumbs: number;
  ip: string;
  raw: string;
}

function parseTags(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    );
  } catch {
    return {};
  }
}

/**
 * Rows per INSERT: 11 bound values each, so 500 rows stay far below SQLite's limit of 32,766 variables (and
 * PostgreSQL's 65,535 parameters) whatever SENTRY_TUNNEL_MAX_ITEMS allows.
 */
export const INSERT_CHUNK_ROWS = 500;
/** Rows per DELETE of retention and of the total cap: each statement stays short, other writers interleave. */
export const DELETE_BATCH_ROWS = 1000;

const utf8 = (text: string | null) => (text === null ? 0 : Buffer.byteLength(text, "utf8"));

/** The bytes an event stores: its text columns (what the per-IP and total caps count). */
export function storedBytes(e: NewErrorEvent, createdAt: string): number {
  return (
    utf8(e.eventId) +
    utf8(e.projectId) +
    utf8(e.level) +
    utf8(e.message) +
    utf8(e.url) +
    utf8(e.environment) +
    utf8(JSON.stringify(e.tags)) +
    utf8(e.ip) +
    utf8(createdAt) +
    utf8(e.raw)
  );
}

/** Why a client's events were not stored: its IP used up the window's bytes; it may send again after `retryAfterS`. */
export interface ErrorEventQuotaRefusal {
  refused: "ip_quota";
  retryAfterS: number;
}

export function createErrorEventsRepository(db: Db, now: () => number, bounds: ErrorEventBounds) {
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

  /** Bytes stored from `ip` since `since` (ISO), by the (ip, created_at) index. */
  async function bytesFromIp(ip: string, since: string): Promise<number> {
    const row = await db
      .selectFrom("error_events")
      .select((eb) => eb.fn.sum<number | string | null>("size_bytes").as("bytes"))
      .where("ip", "=", ip)
      .where("created_at", ">=", since)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async function totalBytes(): Promise<number> {
    const row = await db
      .selectFrom("error_events")
      .select((eb) => eb.fn.sum<number | string | null>("size_bytes").as("bytes"))
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** Deletes the oldest events, a batch at a time, until the total is within the cap. Returns the rows deleted. */
  async function trimToTotal(): Promise<number> {
    let excess = (await totalBytes()) - bounds.maxTotalBytes;
    let deleted = 0;
    while (excess > 0) {
      const oldest = await db
        .selectFrom("error_events")
        .select(["id", "size_bytes"])
        .orderBy("created_at")
        .orderBy("id")
        .limit(DELETE_BATCH_ROWS)
        .execute();
      if (oldest.length === 0) break;
      const ids: number[] = [];
      for (const row of oldest) {
        if (excess <= 0) break;
        ids.push(Number(row.id));
        excess -= Number(row.size_bytes);
      }
      const result = await db.deleteFrom("error_events").where("id", "in", ids).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }

  // Concurrent uploads share one trim: a trim asked for while one runs runs once more after it (it may have summed
  // before their rows landed), never once per upload.
  let trimming: Promise<number> | undefined;
  let trimAgain = false;
  function trimSoon(): Promise<number> {
    if (trimming) {
      trimAgain = true;
      return trimming;
    }
    const run = async () => {
      let deleted = 0;
      do {
        trimAgain = false;
        deleted += await trimToTotal();
      } while (trimAgain);
      return deleted;
    };
    trimming = run().finally(() => {
      trimming = undefined;
    });
    return trimming;
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

    /**
     * Retention: deletes events older than `retentionDays`, DELETE_BATCH_ROWS per statement (oldest first, by the
     * (created_at, id) index) until none is left. Returns the rows deleted.
     */
    async expire(): Promise<number> {
      const cutoff = new Date(now() - bounds.retentionDays * 24 * 60 * 60 * 1000).toISOString();
      let deleted = 0;
      for (;;) {
        const batch = await db
          .selectFrom("error_events")
          .select("id")
          .where("created_at", "<", cutoff)
          .orderBy("created_at")
          .orderBy("id")
          .limit(DELETE_BATCH_ROWS)
          .execute();
        if (batch.length === 0) return deleted;
        const result = await db
          .deleteFrom("error_events")
          .where(
            "id",
            "in",
            batch.map((row) => Number(row.id)),
          )
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
        if (batch.length < DELETE_BATCH_ROWS) return deleted;
      }
    },

    /** The total cap on its own (the retention job runs it too, e.g. after the cap was lowered). */
    trimToTotal: trimSoon,

    /** Bytes stored in all (operators, tests). */
    totalBytes,

    bounds,

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

export type ErrorEventsRepository = ReturnType<typeof createErrorEventsRepository>;

declare module "fastify" {
  interface FastifyInstance {
    errorEvents: ErrorEventsRepository;
  }
}

/** Decorates `app.errorEvents`; needs the db plugin (and migrations 0005-error-events, 0014-storage-bounds). */
export default fp<{ now?: () => number; bounds?: ErrorEventBounds }>(
  (app, options, done) => {
    app.decorate(
      "errorEvents",
      createErrorEventsRepository(app.db, options.now ?? Date.now, options.bounds ?? ERROR_EVENT_BOUNDS_DEFAULTS),
    );
    done();
  },
  { name: "error-events-repository", dependencies: ["db"] },
);
