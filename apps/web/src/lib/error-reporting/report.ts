/**
 * `reportError(error, context)`: the one entry point for app code and packages (the request client's failures,
 * device-token and bridge errors). The context is scrubbed (requirements.md §8) by the reporter (capture.ts) and again by
 * `beforeSend`, so nothing unscrubbed is ever sent; this module stays tiny for the first load. Until the SDK is
 * loaded (in the browser only once there is something to send: client.ts) reports wait in a small bounded queue;
 * when reporting is disabled (APP_ENV test) nothing is kept and nothing is sent.
 */
import { runtimeConfig } from "../runtime-config";
import { isErrorReportingEnabled } from "./enabled";

export interface ReportContext {
  /** Short, searchable values (e.g. `source: "http"`); scrubbed like the rest. */
  tags?: Record<string, string | number | boolean>;
  /** Anything else: URL, method, code, params, body… (sent as the event's extra data, scrubbed). */
  [key: string]: unknown;
}

export interface CaptureMechanism {
  type: string;
  handled: boolean;
}

export interface Capture {
  error: unknown;
  tags: Record<string, string>;
  extra: Record<string, unknown>;
  mechanism: CaptureMechanism;
}

/** What the loaded SDK provides (client-sdk.ts / server.ts implement it with Sentry). */
export interface Reporter {
  capture(capture: Capture): void;
}

/** requirements.md §9's send buffer: at most 30 reports wait for the SDK; later ones are counted as dropped. */
export const MAX_PENDING_REPORTS = 30;

export interface ReportQueue {
  readonly enabled: boolean;
  report(error: unknown, context?: ReportContext, mechanism?: CaptureMechanism): void;
  setReporter(reporter: Reporter): void;
  /** Calls `listener` once, when the first report waits for a reporter (at once if one already waits). */
  onFirstPending(listener: () => void): void;
  readonly pending: number;
  readonly dropped: number;
}

const toTags = (tags: ReportContext["tags"]): Record<string, string> =>
  Object.fromEntries(Object.entries(tags ?? {}).map(([k, v]) => [k, String(v)]));

export function createReportQueue(enabled: boolean, maxPending = MAX_PENDING_REPORTS): ReportQueue {
  let reporter: Reporter | undefined;
  const queue: Capture[] = [];
  let dropped = 0;
  let firstPending: (() => void) | undefined;

  const send = (capture: Capture) => {
    try {
      reporter?.capture(capture);
    } catch {
      // reporting must never break the page
    }
  };

  return {
    enabled,
    report(error, context = {}, mechanism = { type: "generic", handled: true }) {
      if (!enabled) return;
      const { tags, ...rest } = context;
      const capture: Capture = { error, tags: toTags(tags), extra: rest, mechanism };
      if (reporter) send(capture);
      else if (queue.length < maxPending) queue.push(capture);
      else dropped += 1;
      if (!reporter && firstPending) {
        const listener = firstPending;
        firstPending = undefined;
        listener();
      }
    },
    onFirstPending(listener) {
      if (queue.length > 0 || dropped > 0) listener();
      else firstPending = listener;
    },
    setReporter(next) {
      reporter = next;
      for (const capture of queue.splice(0)) send(capture);
      if (dropped > 0) {
        send({
          error: new Error(`${dropped} error reports dropped before error reporting started`),
          tags: {},
          extra: {},
          mechanism: { type: "generic", handled: true },
        });
        dropped = 0;
      }
    },
    get pending() {
      return queue.length;
    },
    get dropped() {
      return dropped;
    },
  };
}

/**
 * The page's (or the server's) queue: enabled when APP_ENV is beta or online, read at run time — in the browser from
 * the page the server sent, on the server from its environment (runtime-config.ts).
 */
export const reportQueue = createReportQueue(isErrorReportingEnabled(runtimeConfig().appEnv));

/** Reports a failure with its (scrubbed) context; a no-op unless reporting is enabled. */
export function reportError(error: unknown, context?: ReportContext): void {
  reportQueue.report(error, context);
}
