import type { AnalyticsEvent } from "./types";

const encoder = new TextEncoder();

/** UTF-8 size of a string, as it goes on the wire. */
export const byteLength = (text: string): number => encoder.encode(text).length;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface SizedPart {
  events: AnalyticsEvent[];
  body: string;
  bytes: number;
}

/**
 * Splits events into JSON array bodies of at most `maxBytes` each (halving until they fit). A single event larger
 * than the limit comes out alone, flagged by its size; the caller decides (a beacon skips it, fetch sends it).
 */
export function splitBySize(events: readonly AnalyticsEvent[], maxBytes: number): SizedPart[] {
  if (events.length === 0) return [];
  const body = JSON.stringify(events);
  const bytes = byteLength(body);
  if (bytes < maxBytes || events.length === 1) return [{ events: events.slice(), body, bytes }];
  const half = Math.ceil(events.length / 2);
  return [...splitBySize(events.slice(0, half), maxBytes), ...splitBySize(events.slice(half), maxBytes)];
}
