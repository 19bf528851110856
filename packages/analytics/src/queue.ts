import type { AnalyticsEvent } from "./types";
import type { StorageLike } from "@affiliates/contracts";

interface EventQueueOptions {
  storage: StorageLike;
  key: string;
  /** Beyond this many events the oldest are dropped (and counted). */
  max: number;
  /** Raw events sealed at a time (one batch). */
  batchSize: number;
  /** Applied to each chunk of raw events when it is sealed (merging). */
  onSeal: (events: AnalyticsEvent[]) => AnalyticsEvent[];
}

type PersistResult = "saved" | "unchanged" | "unavailable";

interface StoredQueue {
  v: 1;
  sealed: number;
  events: AnalyticsEvent[];
}

const isQuotaError = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  (/quota/i.test(String((error as { name?: unknown }).name)) || (error as { code?: unknown }).code === 22);

function isStoredEvent(value: unknown): value is AnalyticsEvent {
  return typeof value === "object" && value !== null && typeof (value as { event_id?: unknown }).event_id === "string";
}

/**
 * The bounded, persisted send queue. Events stay until acknowledged. The head of the queue is "sealed": chunks of
 * raw events already merged into their final form, so that a retry resends exactly the same events (same ids) and
 * the API's dedup holds. Enqueue is O(1) in memory; storage is written only by `persist()` (the loop tick).
 */
export function createEventQueue(options: EventQueueOptions) {
  const { storage, key, max, batchSize, onSeal } = options;
  let events: AnalyticsEvent[] = [];
  let sealed = 0;
  const ids = new Set<string>();
  let dirty = false;
  let storageUsable = true;
  let dropped = 0;
  let unreportedDrops = 0;

  function load(): void {
    let raw: string | null = null;
    try {
      raw = storage.getItem(key);
    } catch {
      storageUsable = false;
    }
    if (!raw) return;
    try {
      const parsed = JSON.parse(raw) as Partial<StoredQueue> | null;
      const list = Array.isArray(parsed?.events) ? parsed.events.filter(isStoredEvent) : [];
      for (const event of list) {
        if (ids.has(event.event_id)) continue;
        ids.add(event.event_id);
        events.push(event);
      }
      const storedSealed = typeof parsed?.sealed === "number" ? parsed.sealed : 0;
      sealed = Math.max(0, Math.min(events.length, Math.floor(storedSealed)));
    } catch {
      dirty = true; // unreadable: overwritten at the next persist
    }
  }

  function dropOldest(count: number): void {
    const n = Math.min(count, events.length);
    if (n <= 0) return;
    for (const event of events.splice(0, n)) ids.delete(event.event_id);
    sealed = Math.max(0, sealed - n);
    dropped += n;
    unreportedDrops += n;
    dirty = true;
  }

  load();

  return {
    get length(): number {
      return events.length;
    },
    get sealedCount(): number {
      return sealed;
    },
    /** Total events dropped for lack of space since creation. */
    get dropped(): number {
      return dropped;
    },
    at(index: number): AnalyticsEvent | undefined {
      return events[index];
    },
    has(eventId: string): boolean {
      return ids.has(eventId);
    },
    /** Adds an event; false when its id is already queued. Over `max`, the oldest event is dropped first. */
    push(event: AnalyticsEvent): boolean {
      if (ids.has(event.event_id)) return false;
      if (events.length >= max) dropOldest(events.length - max + 1);
      events.push(event);
      ids.add(event.event_id);
      dirty = true;
      return true;
    },
    /** Seals the next chunk of up to `batchSize` raw events; false when nothing is left to seal. */
    sealNext(): boolean {
      if (sealed >= events.length) return false;
      const raw = events.slice(sealed, sealed + batchSize);
      const done = onSeal(raw);
      events.splice(sealed, raw.length, ...done);
      const kept = new Set(done.map((e) => e.event_id));
      for (const event of raw) if (!kept.has(event.event_id)) ids.delete(event.event_id);
      sealed += done.length;
      dirty = true;
      return true;
    },
    /** Removes acknowledged events. */
    ack(eventIds: Iterable<string>): void {
      const gone = new Set(eventIds);
      if (gone.size === 0) return;
      let removedSealed = 0;
      events = events.filter((event, index) => {
        if (!gone.has(event.event_id)) return true;
        ids.delete(event.event_id);
        if (index < sealed) removedSealed += 1;
        return false;
      });
      sealed -= removedSealed;
      dirty = true;
    },
    /** A failed upload: each event's retry_count goes up by one. */
    markFailed(eventIds: Iterable<string>): void {
      const failed = new Set(eventIds);
      for (let i = 0; i < events.length; i += 1) {
        const event = events[i];
        if (event && failed.has(event.event_id)) events[i] = { ...event, retry_count: event.retry_count + 1 };
      }
      dirty = true;
    },
    /**
     * Writes the queue to storage when it changed. A full storage (QuotaExceededError) drops the oldest tenth and
     * tries again, counting the drops; any other storage error leaves the queue in memory only.
     */
    persist(): PersistResult {
      if (!storageUsable) return "unavailable";
      if (!dirty) return "unchanged";
      for (;;) {
        try {
          const state: StoredQueue = { v: 1, sealed, events };
          storage.setItem(key, JSON.stringify(state));
          dirty = false;
          return "saved";
        } catch (error) {
          if (!isQuotaError(error)) {
            storageUsable = false;
            return "unavailable";
          }
          if (events.length === 0) return "unavailable";
          dropOldest(Math.max(1, Math.ceil(events.length / 10)));
        }
      }
    },
    /** Drops not yet reported (by a `system` event); reading them resets the count. */
    takeUnreportedDrops(): number {
      const n = unreportedDrops;
      unreportedDrops = 0;
      return n;
    },
    get unreportedDrops(): number {
      return unreportedDrops;
    },
  };
}
