import { isSuccessCode, ResponseCode } from "@affiliates/contracts";
import { ANALYTICS_LIMITS } from "./constants";
import { parseRetryAfter } from "./backoff";
import { byteLength, chunk, splitBySize } from "./batch";
import type { AnalyticsEvent } from "./types";
import type { FetchLike, ResponseLike, SendBeaconLike } from "./world";

/** What an upload attempt came to. `retryAfterMs`: the answer's `Retry-After`, in ms from when it arrived. */
export type SendOutcome =
  | { kind: "ok"; duplicates: number; rejected: number; retryAfterMs?: number }
  /** 403: the upload switch is off for this client; stay silent for a while (requirements.md §8: 10 s, whatever the headers say). */
  | { kind: "silence" }
  /** Network failure or a server error (429, 5xx…): keep the events, retry later (backing off). */
  | { kind: "retry"; reason: string; retryAfterMs?: number }
  /** The API refused the batch as such (400, 413): retrying cannot help. */
  | { kind: "drop"; reason: string; retryAfterMs?: number };

export type Sender = (events: AnalyticsEvent[]) => Promise<SendOutcome>;

/** The value at `path` in an answer of unknown shape, or undefined. */
export function nested(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const countOf = (value: unknown): number =>
  typeof value === "number" ? value : Array.isArray(value) ? value.length : 0;

interface FetchSenderOptions {
  fetch: FetchLike;
  url: string;
  /** The page's `pfb` query parameter, sent as the `pfb` header (requirements.md §7). */
  pfb: string | null;
  maxKeepaliveBytes?: number;
  /** The clock, for a `Retry-After` given as an HTTP date; `Date.now` by default. */
  now?: () => number;
}

/** The answer's `Retry-After` in ms, or undefined (absent, unreadable, or no headers at all). Never throws. */
function retryAfterOf(response: ResponseLike, now: () => number): number | undefined {
  try {
    return parseRetryAfter(response.headers?.get("retry-after"), now()) ?? undefined;
  } catch {
    return undefined;
  }
}

/** POSTs a JSON array; `keepalive` while the body is small enough for it, so a navigation does not cancel it. */
export function createFetchSender(options: FetchSenderOptions): Sender {
  const maxKeepalive = options.maxKeepaliveBytes ?? ANALYTICS_LIMITS.beaconMaxBytes;
  const now = options.now ?? Date.now;
  return async (events) => {
    const body = JSON.stringify(events);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.pfb) headers.pfb = options.pfb;
    let response;
    try {
      response = await options.fetch(options.url, {
        method: "POST",
        headers,
        body,
        keepalive: byteLength(body) < maxKeepalive,
        credentials: "same-origin",
      });
    } catch (error) {
      return { kind: "retry", reason: `network: ${error instanceof Error ? error.message : String(error)}` };
    }
    let answer: unknown = null;
    try {
      answer = await response.json();
    } catch {
      answer = null;
    }
    const code = nested(answer, "code");
    if (response.status === 403 || code === ResponseCode.forbidden) return { kind: "silence" };
    const retryAfter = retryAfterOf(response, now);
    const wait = retryAfter === undefined ? {} : { retryAfterMs: retryAfter };
    if (response.ok && typeof code === "string" && isSuccessCode(code)) {
      return {
        kind: "ok",
        duplicates: countOf(nested(answer, "data", "duplicates")),
        rejected: countOf(nested(answer, "data", "rejected")),
        ...wait,
      };
    }
    if (response.status === 400 || response.status === 413) {
      const msg = nested(answer, "msg");
      return { kind: "drop", reason: `HTTP ${response.status}: ${typeof msg === "string" ? msg : "refused"}`, ...wait };
    }
    return {
      kind: "retry",
      reason: `HTTP ${response.status}${typeof code === "string" ? ` code ${code}` : ""}`,
      ...wait,
    };
  };
}

/** Inside the app: the bridge takes the events (resolves: delivered; rejects: retry later). */
export function createBridgeSender(transport: (events: AnalyticsEvent[]) => Promise<void>): Sender {
  return async (events) => {
    try {
      await transport(events);
      return { kind: "ok", duplicates: 0, rejected: 0 };
    } catch (error) {
      return { kind: "retry", reason: `bridge: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
}

interface BeaconOptions {
  sendBeacon: SendBeaconLike;
  url: string;
  batchSize?: number;
  maxBytes?: number;
}

/**
 * Sends events by `navigator.sendBeacon`, in batches of at most `batchSize`, each body under `maxBytes` (split
 * further when needed). An event too large for any beacon is left out. Stops at the first beacon the browser
 * refuses. Returns the events the browser accepted.
 */
export function sendByBeacon(events: readonly AnalyticsEvent[], options: BeaconOptions): AnalyticsEvent[] {
  const maxBytes = options.maxBytes ?? ANALYTICS_LIMITS.beaconMaxBytes;
  const accepted: AnalyticsEvent[] = [];
  for (const batch of chunk(events, options.batchSize ?? ANALYTICS_LIMITS.batchSize)) {
    for (const part of splitBySize(batch, maxBytes)) {
      if (part.bytes >= maxBytes) continue;
      const blob = new Blob([part.body], { type: "application/json" });
      if (!options.sendBeacon(options.url, blob)) return accepted;
      accepted.push(...part.events);
    }
  }
  return accepted;
}
