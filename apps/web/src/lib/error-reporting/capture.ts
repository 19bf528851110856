/** Sends one queued report with the SDK: tags and extra scrubbed (requirements.md §8), the mechanism kept (handled or not). */
import type { Capture, Reporter } from "./report";
import { scrubValue } from "./scrub";

/** The part of the Sentry API a reporter needs (structural, so tests pass a fake). */
export interface SentryCaptureApi {
  withScope(
    callback: (scope: {
      setTags(tags: Record<string, string>): unknown;
      setExtras(extras: Record<string, unknown>): unknown;
    }) => void,
  ): void;
  captureException(error: unknown, hint: { mechanism: Capture["mechanism"] }): unknown;
}

export function createSentryReporter(sentry: SentryCaptureApi): Reporter {
  return {
    capture({ error, tags, extra, mechanism }) {
      sentry.withScope((scope) => {
        scope.setTags(scrubValue(tags));
        scope.setExtras(scrubValue(extra));
        sentry.captureException(error, { mechanism });
      });
    },
  };
}
