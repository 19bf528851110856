/** The browser SDK, loaded lazily by client.ts after the page has loaded (never when reporting is disabled). */
import { browserTracingIntegration, captureException, init, linkedErrorsIntegration, withScope } from "@sentry/nextjs";
import { createSentryReporter } from "./capture";
import {
  BROWSER_TRACING_OPTIONS,
  LINKED_ERRORS_OPTIONS,
  browserIntegrations,
  sharedOptions,
  type ReportingEnvironment,
} from "./options";
import type { Reporter } from "./report";

export function initClientSdk(env: ReportingEnvironment): Reporter {
  init({
    ...sharedOptions(env),
    // Every distinct error its own event: see DROPPED_BROWSER_INTEGRATIONS.
    integrations: (defaults) =>
      browserIntegrations(defaults, [
        browserTracingIntegration(BROWSER_TRACING_OPTIONS),
        linkedErrorsIntegration(LINKED_ERRORS_OPTIONS),
      ]),
  });
  return createSentryReporter({ withScope, captureException });
}
