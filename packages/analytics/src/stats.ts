export interface AnalyticsStats {
  /** Events accepted into the queue. */
  enqueued: number;
  /** Events acknowledged by the API (or taken by the bridge). */
  sent: number;
  /** Events handed to `sendBeacon` (re-sent by fetch later if still queued; the API drops duplicates). */
  beaconed: number;
  /** Events dropped for lack of space (storage full or over the queue bound). */
  dropped: number;
  /** Duplicates: ids already queued, and those the API reported as already stored. */
  duplicates: number;
  /** Events the API refused (bad content). */
  rejected: number;
  /** Events dropped by validation (tracking id, log env). */
  invalid: number;
  /** Failed upload attempts (retried later, backing off: see UPLOAD_BACKOFF). */
  failures: number;
  /** 403 answers (each starts a silent period). */
  silenced: number;
  /** Events waiting in the queue now. */
  queued: number;
  /** Whether the config switch allows uploading: null until the config call answered. */
  uploadEnabled: boolean | null;
}

/** The counters of the stats: one object, counted by the enqueue side and by the uploader; the rest is read when asked. */
export type Counts = Omit<AnalyticsStats, "dropped" | "queued" | "uploadEnabled">;

export const zeroCounts = (): Counts => ({
  enqueued: 0,
  sent: 0,
  beaconed: 0,
  duplicates: 0,
  rejected: 0,
  invalid: 0,
  failures: 0,
  silenced: 0,
});
