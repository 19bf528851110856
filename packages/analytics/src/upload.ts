import { createBackoff } from "./backoff";
import { ANALYTICS_LIMITS, UPLOAD_BACKOFF } from "./constants";
import type { createEventQueue } from "./queue";
import { createBridgeSender, createFetchSender, sendByBeacon, type SendOutcome, type Sender } from "./send";
import type { Counts } from "./stats";
import type { AnalyticsEvent } from "./types";
import type { ClockLike, ConsoleLike, FetchLike, NavigatorLike, SendBeaconLike } from "./world";

/** After a beacon, events stay queued; fetch re-sends them only once this long has passed (the API drops duplicates). */
export const BEACON_CONFIRM_MS = 60_000;

interface UploaderOptions {
  queue: ReturnType<typeof createEventQueue>;
  /** Shared with the enqueue side: the uploader counts sent, beaconed, duplicates, rejected, failures, silenced. */
  counts: Counts;
  /** Inside the app: events go to the bridge instead of HTTP, also when the page is hidden. */
  bridgeTransport: ((events: AnalyticsEvent[]) => Promise<void>) | undefined;
  /** Undefined where there is no fetch: nothing is uploaded then (no bridge either). */
  fetchImpl: FetchLike | undefined;
  sendBeacon: SendBeaconLike | null;
  reportUrl: string;
  /** The page's `pfb` query parameter: a header on fetch, a query parameter on beacons (requirements.md §7). */
  pfb: string | null;
  clock: Pick<ClockLike, "now">;
  /** Read for `onLine`. */
  navigator: NavigatorLike;
  log: ConsoleLike;
  /** The retry jitter. */
  random: () => number;
  /** Whether the log env and the config switch allow uploading (the uploader adds its own 403 silence). */
  allowed: () => boolean;
  /** Writes the queue; run before and after each upload step. */
  persist: () => void;
}

interface Uploader {
  /**
   * One batch by fetch/bridge; false when nothing was sent (nothing to send, not allowed, backing off, busy, or
   * failed). `ignoreBackoff`: the page is being hidden, one last try. Never rejects.
   */
  sendOne(ignoreBackoff?: boolean): Promise<boolean>;
  /**
   * The page is going away or hidden: what is queued goes by beacon (or by the bridge inside the app), whatever the
   * retry back-off says. Never throws into the page.
   */
  flushByBeacon(): void;
}

/** The upload side: picks sealed batches, sends them (fetch, bridge or beacon), settles the answers, backs off. */
export function createUploader(options: UploaderOptions): Uploader {
  const { queue, counts, bridgeTransport, fetchImpl, sendBeacon, reportUrl, pfb, clock, navigator, log } = options;
  const { allowed, persist } = options;
  const sender: Sender | null = bridgeTransport
    ? createBridgeSender(bridgeTransport)
    : fetchImpl
      ? createFetchSender({ fetch: fetchImpl, url: reportUrl, pfb, now: () => clock.now() })
      : null;
  const beaconUrl = pfb
    ? `${reportUrl}${reportUrl.includes("?") ? "&" : "?"}pfb=${encodeURIComponent(pfb)}`
    : reportUrl;

  let silentUntil = 0;
  let inFlight = false;
  const beaconedAt = new Map<string, number>();
  /** After a failure, fetch/bridge uploads wait (exponential, full jitter, Retry-After); beacons do not. */
  const backoff = createBackoff({ ...UPLOAD_BACKOFF, random: options.random });

  const canUpload = (): boolean => allowed() && sender !== null && clock.now() >= silentUntil;

  const recentlyBeaconed = (event: AnalyticsEvent, now: number): boolean => {
    const at = beaconedAt.get(event.event_id);
    return at !== undefined && now - at < BEACON_CONFIRM_MS;
  };

  /** Up to 50 sealed events, skipping those just sent by beacon; seals more raw events as needed. */
  function pickBatch(limit: number): AnalyticsEvent[] {
    const now = clock.now();
    const picked: AnalyticsEvent[] = [];
    let index = 0;
    while (picked.length < limit) {
      if (index >= queue.sealedCount) {
        if (!queue.sealNext()) break;
        continue;
      }
      const event = queue.at(index);
      index += 1;
      if (event && !recentlyBeaconed(event, now)) picked.push(event);
    }
    return picked;
  }

  function settle(batch: AnalyticsEvent[], outcome: SendOutcome): void {
    const ids = batch.map((e) => e.event_id);
    const now = clock.now();
    switch (outcome.kind) {
      case "ok":
        backoff.succeed(now, outcome.retryAfterMs);
        queue.ack(ids);
        for (const id of ids) beaconedAt.delete(id);
        counts.sent += batch.length;
        counts.duplicates += outcome.duplicates;
        counts.rejected += outcome.rejected;
        break;
      case "silence":
        // requirements.md §8: a 403 means 10 s of silence, as before; it is not a failure and leaves the back-off as it is.
        silentUntil = now + ANALYTICS_LIMITS.silentMs;
        counts.silenced += 1;
        break;
      case "drop":
        backoff.succeed(now, outcome.retryAfterMs); // the API answered: it is up
        log.error(`[analytics] upload refused, ${batch.length} events dropped: ${outcome.reason}`);
        queue.ack(ids);
        counts.rejected += batch.length;
        break;
      case "retry": {
        const wait = backoff.fail(now, outcome.retryAfterMs);
        log.warn(
          `[analytics] upload failed, retrying in ${Math.ceil(wait / 1000)} s at the earliest: ${outcome.reason}`,
        );
        queue.markFailed(ids);
        counts.failures += 1;
        break;
      }
    }
    persist();
  }

  async function sendOne(ignoreBackoff = false): Promise<boolean> {
    try {
      return await trySendOne(ignoreBackoff);
    } catch (error) {
      log.error("[analytics] upload step failed", error);
      return false;
    }
  }

  async function trySendOne(ignoreBackoff: boolean): Promise<boolean> {
    persist();
    if (inFlight || !canUpload() || !sender) return false;
    if (!ignoreBackoff && !backoff.ready(clock.now())) return false;
    const batch = pickBatch(ANALYTICS_LIMITS.batchSize);
    if (batch.length === 0) return false;
    inFlight = true;
    let outcome: SendOutcome;
    try {
      outcome = await sender(batch);
    } catch (error) {
      outcome = { kind: "retry", reason: error instanceof Error ? error.message : String(error) };
    } finally {
      inFlight = false;
    }
    settle(batch, outcome);
    return outcome.kind === "ok" || outcome.kind === "drop";
  }

  function flushByBeacon(): void {
    try {
      beaconAll();
    } catch (error) {
      log.error("[analytics] flush on hide failed", error);
    }
  }

  function beaconAll(): void {
    persist();
    if (!canUpload()) return;
    if (bridgeTransport || !sendBeacon) {
      void sendOne(true);
      return;
    }
    if (navigator.onLine === false) return; // offline: a beacon would be lost; the queue stays in storage
    while (queue.sealNext()) {
      // seal everything: the beacons and any later re-send carry the same merged events
    }
    const now = clock.now();
    const pending: AnalyticsEvent[] = [];
    for (let i = 0; i < queue.sealedCount; i += 1) {
      const event = queue.at(i);
      if (event && !recentlyBeaconed(event, now)) pending.push(event);
    }
    const accepted = sendByBeacon(pending, { sendBeacon, url: beaconUrl });
    for (const event of accepted) beaconedAt.set(event.event_id, now);
    counts.beaconed += accepted.length;
    persist();
  }

  return { sendOne, flushByBeacon };
}
