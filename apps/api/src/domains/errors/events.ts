import type { ErrorEventBounds } from "../../platform/config";
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

export function parseTags(text: string): Record<string, string> {
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

/** What the error-event repository's parts share: the database, the clock and the storage bounds. */
export interface ErrorEventsContext {
  db: Db;
  now: () => number;
  bounds: ErrorEventBounds;
}
