import { isSuccessCode, safeStorage } from "@affiliates/contracts";
import { createBackoff } from "./backoff";
import { ANALYTICS_LIMITS, PAGE_TRACKING_ID, STORAGE_KEYS, UPLOAD_BACKOFF } from "./constants";
import { createEnricher, sessionIdOf } from "./enrich";
import { mergePlugin } from "./merge";
import { resolveWorld, type AnalyticsOptions } from "./options";
import { createPipeline, type PluginContext } from "./pipeline";
import { createEventQueue } from "./queue";
import { createBridgeSender, createFetchSender, nested, sendByBeacon, type SendOutcome, type Sender } from "./send";
import type { AnalyticsEvent, EventType, PageStatus, TrackFields } from "./types";
import { parseUserAgent, sysOf } from "./user-agent";
import { isValidLogEnv, validatePlugin } from "./validate";
import { pageNameOf } from "./page-names";

export type { AnalyticsOptions } from "./options";

interface AnalyticsStats {
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

/** After a beacon, events stay queued; fetch re-sends them only once this long has passed (the API drops duplicates). */
export const BEACON_CONFIRM_MS = 60_000;

function randomId(random: () => number): string {
  let id = "";
  while (id.length < 24) id += Math.floor(random() * 0x100000000).toString(36);
  return id.slice(0, 24);
}

/** The analytics SDK (requirements.md §3–§5, §7–§9): validate → enrich → queue → merge/batch → send. */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const world = resolveWorld(options);
  const { clock, storage, log, random, document, win, location, navigator, screen, fetchImpl, sendBeacon } = world;
  const { reportUrl, configUrl, maxQueue } = world;
  const stored = safeStorage(storage);
  const readNumber = (key: string): number | null => {
    const n = Number(stored.get(key) ?? NaN);
    return Number.isFinite(n) ? n : null;
  };

  const context: PluginContext = { now: () => clock.now(), warn: (message) => log.warn(message) };
  const pipeline = createPipeline([validatePlugin, ...(options.plugins ?? []), mergePlugin], context);
  const queue = createEventQueue({
    storage,
    key: STORAGE_KEYS.queue,
    max: maxQueue,
    batchSize: ANALYTICS_LIMITS.batchSize,
    onSeal: (events) => pipeline.batch(events),
  });

  const counts = {
    enqueued: 0,
    sent: 0,
    beaconed: 0,
    duplicates: 0,
    rejected: 0,
    invalid: 0,
    failures: 0,
    silenced: 0,
  };
  const logEnvValid = isValidLogEnv(options.logEnv);
  if (!logEnvValid) {
    log.warn(
      `[analytics] log env ${JSON.stringify(options.logEnv)} is not pre, online or …test<1–2 digits>: events are not uploaded`,
    );
  }

  // Device, session, first visit: read once (one write at most, on a first visit).
  const startedAt = clock.now();
  let deviceId = options.getDeviceId?.() ?? null;
  if (!deviceId) {
    deviceId = stored.get(STORAGE_KEYS.deviceId);
    if (!deviceId) {
      deviceId = randomId(random);
      stored.set(STORAGE_KEYS.deviceId, deviceId);
    }
  }
  let firstVisitTime = readNumber(STORAGE_KEYS.firstVisitTime);
  if (firstVisitTime === null) {
    firstVisitTime = startedAt;
    stored.set(STORAGE_KEYS.firstVisitTime, String(startedAt));
  }
  const sessionId = sessionIdOf(deviceId, startedAt, random);
  let logSeq = readNumber(STORAGE_KEYS.logSeq) ?? 0;
  let persistedLogSeq = logSeq;
  let seq = 0;

  const query = new URLSearchParams(location.search);
  const pfb = query.get("pfb");
  const qrVal = query.get("qr_val") ?? query.get("qrVal") ?? "";
  const userAgent = options.parsedUserAgent ?? parseUserAgent(navigator.userAgent);

  let pageCount = 0;
  let page: { id: string; url: string; title: string; path: string; shown: boolean } | null = null;
  const newPageId = (): string => `${sessionId}:p${(pageCount += 1)}`;
  let loosePageId: string | null = null;

  const enrich = createEnricher({
    app: { app_id: options.appId, app_name: options.appName, ver: options.version },
    logEnv: options.logEnv,
    sys: sysOf(userAgent, options.inApp ?? options.bridgeTransport !== undefined),
    userAgent,
    deviceId,
    sessionId,
    firstVisitTime,
    timezoneOffset: options.timezoneOffset ?? new Date(startedAt).getTimezoneOffset(),
    sourceReferer: document.referrer,
    sourceTarget: location.href,
    qrVal,
    location,
    document,
    navigator,
    screen,
    now: () => clock.now(),
    getUid: () => options.getUid?.(),
    nextSeq: () => {
      seq += 1;
      logSeq += 1;
      return { seq, log_seq: logSeq };
    },
    pageUniqueId: () => page?.id ?? (loosePageId ??= newPageId()),
  });

  const sender: Sender | null = options.bridgeTransport
    ? createBridgeSender(options.bridgeTransport)
    : fetchImpl
      ? createFetchSender({ fetch: fetchImpl, url: reportUrl, pfb, now: () => clock.now() })
      : null;
  const beaconUrl = pfb
    ? `${reportUrl}${reportUrl.includes("?") ? "&" : "?"}pfb=${encodeURIComponent(pfb)}`
    : reportUrl;

  let uploadEnabled: boolean | null = null;
  let silentUntil = 0;
  let inFlight = false;
  let leaving = false;
  let timer: unknown = null;
  let started: Promise<void> | null = null;
  const beaconedAt = new Map<string, number>();
  /** After a failure, fetch/bridge uploads wait (exponential, full jitter, Retry-After); beacons do not. */
  const backoff = createBackoff({ ...UPLOAD_BACKOFF, random });

  const canUpload = (): boolean =>
    logEnvValid && uploadEnabled === true && sender !== null && clock.now() >= silentUntil;

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
    if (event.timely && timer !== null) void sendOne();
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
    if (logSeq !== persistedLogSeq) {
      stored.set(STORAGE_KEYS.logSeq, String(logSeq)); // full or disabled storage: kept in memory for this page
      persistedLogSeq = logSeq;
    }
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

  /**
   * One batch by fetch/bridge; false when nothing was sent (nothing to send, not allowed, backing off, busy, or
   * failed). `ignoreBackoff`: the page is being hidden, one last try. Never rejects.
   */
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

  /**
   * The page is going away or hidden: what is queued goes by beacon (or by the bridge inside the app), whatever the
   * retry back-off says. Never throws into the page.
   */
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
    if (options.bridgeTransport || !sendBeacon) {
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

  const onVisibility = (): void => {
    if (document.visibilityState === "hidden") flushByBeacon();
  };
  const onPageHide = (): void => {
    leaving = true;
    flushByBeacon();
  };
  const onPageShow = (): void => {
    leaving = false;
  };

  async function loadConfig(): Promise<void> {
    if (!fetchImpl) {
      uploadEnabled = false;
      return;
    }
    try {
      const response = await fetchImpl(configUrl, {
        method: "POST",
        headers: { "content-type": "application/json", DeviceId: deviceId ?? "" },
        body: "{}",
        credentials: "same-origin",
      });
      const body: unknown = await response.json();
      const code = nested(body, "code");
      uploadEnabled =
        response.ok &&
        typeof code === "string" &&
        isSuccessCode(code) &&
        nested(body, "data", "clientCommonConfig", "eventLogUploadSwitch") === true;
    } catch (error) {
      uploadEnabled = false;
      log.warn("[analytics] clientCommonConfig failed: uploading is disabled", error);
    }
  }

  return {
    track,
    trackPage(status) {
      if (status === "show") {
        const url = location.href;
        if (!page || page.url !== url)
          page = { id: newPageId(), url, title: document.title, path: pageNameOf(location.pathname), shown: false };
        page.shown = true;
        page.title = document.title;
        return track("page", {
          page_status: "show",
          track_type: "auto",
          event_tracking: "page",
          event_tracking_id: PAGE_TRACKING_ID,
        });
      }
      if (!page?.shown) return null;
      page.shown = false;
      const id = track("page", {
        page_status: "hide",
        track_type: "auto",
        event_tracking: "page",
        event_tracking_id: PAGE_TRACKING_ID,
        url: page.url,
        title: page.title,
        curr_page: page.path,
      });
      if (leaving || document.visibilityState === "hidden") flushByBeacon();
      return id;
    },
    async flush(flushOptions = {}) {
      if (flushOptions.beacon) {
        flushByBeacon();
        return;
      }
      while (await sendOne()) {
        // next batch
      }
    },
    start() {
      if (started) return started;
      timer = clock.setInterval(() => void sendOne(), ANALYTICS_LIMITS.loopMs);
      document.addEventListener("visibilitychange", onVisibility);
      win.addEventListener("pagehide", onPageHide);
      win.addEventListener("pageshow", onPageShow);
      started = loadConfig();
      return started;
    },
    stop() {
      if (timer !== null) clock.clearInterval(timer);
      timer = null;
      started = null;
      document.removeEventListener("visibilitychange", onVisibility);
      win.removeEventListener("pagehide", onPageHide);
      win.removeEventListener("pageshow", onPageShow);
      persist();
    },
    stats: () => ({ ...counts, dropped: queue.dropped, queued: queue.length, uploadEnabled }),
  };
}
