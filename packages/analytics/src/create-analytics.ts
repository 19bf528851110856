import { safeStorage } from "@affiliates/contracts";
import { ANALYTICS_LIMITS, PAGE_TRACKING_ID, STORAGE_KEYS } from "./constants";
import { createCurrentPage } from "./current-page";
import { createEnricher } from "./enrich";
import { createLifecycle, loadUploadSwitch } from "./lifecycle";
import { mergePlugin } from "./merge";
import { resolveWorld, type AnalyticsOptions, type ResolvedWorld } from "./options";
import { createPipeline, type PluginContext } from "./pipeline";
import { createEventQueue } from "./queue";
import { readSession, type Session } from "./session";
import { zeroCounts, type AnalyticsStats } from "./stats";
import type { EventType, PageStatus, TrackFields } from "./types";
import { createUploader } from "./upload";
import { sysOf } from "./ua-fields";
import { isValidLogEnv, validatePlugin } from "./validate";

export type { AnalyticsOptions } from "./options";
export { BEACON_CONFIRM_MS } from "./upload";

export interface Analytics {
  /** Validates, enriches and queues an event; returns its id, or null when it was dropped. Never throws. */
  track(type: EventType, fields?: TrackFields): string | null;
  /** A page `show` (a new page view when the URL changed) or `hide` of the current page view. */
  trackPage(status: PageStatus): string | null;
  /**
   * Uploads what is queued now: by fetch (or the bridge), or by beacon when `beacon` is set. A fetch flush waits out
   * a retry back-off (it sends nothing then); a beacon flush does not.
   */
  flush(options?: { beacon?: boolean }): Promise<void>;
  /**
   * Loads the upload switch and starts the 500 ms loop and the hidden-page listeners; resolves once the switch is known.
   * After a failed upload the loop skips its ticks until the back-off (or the answer's `Retry-After`) has passed.
   */
  start(): Promise<void>;
  /** Stops the loop and listeners and persists the queue. */
  stop(): void;
  stats(): AnalyticsStats;
}

/** The enrich step of this SDK: what the options, the world and the session say about every event. */
function enricherOf(options: AnalyticsOptions, world: ResolvedWorld, session: Session, pageUniqueId: () => string) {
  const { clock, document, location, navigator, screen } = world;
  const userAgent = options.parsedUserAgent;
  return createEnricher({
    app: { app_id: options.appId, app_name: options.appName, ver: options.version },
    logEnv: options.logEnv,
    sys: sysOf(userAgent, options.inApp ?? options.bridgeTransport !== undefined),
    userAgent,
    deviceId: session.deviceId,
    sessionId: session.sessionId,
    firstVisitTime: session.firstVisitTime,
    timezoneOffset: options.timezoneOffset ?? new Date(session.startedAt).getTimezoneOffset(),
    sourceReferer: document.referrer,
    sourceTarget: location.href,
    qrVal: session.qrVal,
    location,
    document,
    navigator,
    screen,
    now: () => clock.now(),
    getUid: () => options.getUid?.(),
    nextSeq: () => session.sequence.next(),
    pageUniqueId,
  });
}

/** The analytics SDK (requirements.md §3–§5, §7–§9): validate → enrich → queue → merge/batch → send. */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const world = resolveWorld(options);
  const { clock, storage, log, random, document, win, location, navigator, fetchImpl, sendBeacon } = world;
  const { reportUrl, configUrl, maxQueue } = world;
  const stored = safeStorage(storage);

  const context: PluginContext = { now: () => clock.now(), warn: (message) => log.warn(message) };
  const pipeline = createPipeline([validatePlugin, ...(options.plugins ?? []), mergePlugin], context);
  const queue = createEventQueue({
    storage,
    key: STORAGE_KEYS.queue,
    max: maxQueue,
    batchSize: ANALYTICS_LIMITS.batchSize,
    onSeal: (events) => pipeline.batch(events),
  });

  const counts = zeroCounts();
  const logEnvValid = isValidLogEnv(options.logEnv);
  if (!logEnvValid) {
    log.warn(
      `[analytics] log env ${JSON.stringify(options.logEnv)} is not pre, online or …test<1–2 digits>: events are not uploaded`,
    );
  }

  const getDeviceId = () => options.getDeviceId?.();
  const session = readSession({ stored, now: clock.now(), random, location, getDeviceId });
  const currentPage = createCurrentPage({
    sessionId: session.sessionId,
    location,
    document,
    track,
    leaving: () => lifecycle.leaving,
    flushByBeacon: () => uploader.flushByBeacon(),
  });
  const enrich = enricherOf(options, world, session, () => currentPage.uniqueId());

  let uploadEnabled: boolean | null = null;
  const uploader = createUploader({
    queue,
    counts,
    bridgeTransport: options.bridgeTransport,
    fetchImpl,
    sendBeacon,
    reportUrl,
    pfb: session.pfb,
    clock,
    navigator,
    log,
    random,
    allowed: () => logEnvValid && uploadEnabled === true,
    persist,
  });
  const onSwitch = (enabled: boolean): void => {
    uploadEnabled = enabled;
  };
  const lifecycle = createLifecycle({
    clock,
    document,
    win,
    tick: () => void uploader.sendOne(),
    flushByBeacon: () => uploader.flushByBeacon(),
    loadConfig: () => loadUploadSwitch({ fetchImpl, configUrl, deviceId: session.deviceId, log, onSwitch }),
  });

  function enqueue(type: EventType, fields: TrackFields): string | null {
    if (!logEnvValid) {
      counts.invalid += 1;
      return null;
    }
    const input = pipeline.track({ type, fields });
    if (!input) {
      counts.invalid += 1;
      return null;
    }
    const event = pipeline.event(enrich(input));
    if (!event) {
      counts.invalid += 1;
      return null;
    }
    if (!queue.push(event)) {
      counts.duplicates += 1;
      return null;
    }
    counts.enqueued += 1;
    if (event.timely && lifecycle.running) void uploader.sendOne();
    return event.event_id;
  }

  function track(type: EventType, fields: TrackFields = {}): string | null {
    try {
      return enqueue(type, fields);
    } catch (error) {
      log.error("[analytics] track failed", error);
      return null;
    }
  }

  /** Writes the queue (and the log sequence) when changed; reports drops by a `system` event once space is back. */
  function persist(): void {
    const result = queue.persist();
    session.sequence.save();
    if (result !== "unavailable" && queue.unreportedDrops > 0 && queue.length < maxQueue) {
      const dropped = queue.takeUnreportedDrops();
      track("system", {
        event_tracking: "analytics_events_dropped",
        event_tracking_id: PAGE_TRACKING_ID,
        track_type: "auto",
        event_tracking_ext: { dropped, total_dropped: queue.dropped },
      });
    }
  }

  return {
    track,
    trackPage: (status) => currentPage.trackPage(status),
    async flush(flushOptions = {}) {
      if (flushOptions.beacon) {
        uploader.flushByBeacon();
        return;
      }
      while (await uploader.sendOne()) {
        // next batch
      }
    },
    start: () => lifecycle.start(),
    stop() {
      lifecycle.stop();
      persist();
    },
    stats: () => ({ ...counts, dropped: queue.dropped, queued: queue.length, uploadEnabled }),
  };
}
