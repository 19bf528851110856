import fp from "fastify-plugin";
import type { StoredErrorEvent } from "@affiliates/contracts";
import type { Db } from "../../db/schema";

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

export function createErrorEventsRepository(db: Db, now: () => number) {
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
        })),
      )
      .onConflict((oc) => oc.column("event_id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n);
  }

  return {
    /** Stores the events in chunks; an event id already stored is ignored. Returns how many rows were inserted. */
    async insertMany(events: readonly NewErrorEvent[]): Promise<number> {
      if (events.length === 0) return 0;
      const createdAt = new Date(now()).toISOString();
      let inserted = 0;
      for (let start = 0; start < events.length; start += INSERT_CHUNK_ROWS) {
        inserted += await insertChunk(events.slice(start, start + INSERT_CHUNK_ROWS), createdAt);
      }
      return inserted;
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

export type ErrorEventsRepository = ReturnType<typeof createErrorEventsRepository>;

declare module "fastify" {
  interface FastifyInstance {
    errorEvents: ErrorEventsRepository;
  }
}

/** Decorates `app.errorEvents`; needs the db plugin (and migration 0005-error-events). */
export default fp<{ now?: () => number }>(
  (app, options, done) => {
    app.decorate("errorEvents", createErrorEventsRepository(app.db, options.now ?? Date.now));
    done();
  },
  { name: "error-events-repository", dependencies: ["db"] },
);
