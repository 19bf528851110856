/** The server SDK (Node.js and edge), started from src/instrumentation.ts only when APP_ENV is beta or online. */
import "server-only";
import { captureException, init, linkedErrorsIntegration, withScope } from "@sentry/nextjs";
import { createSentryReporter } from "./capture";
import { LINKED_ERRORS_OPTIONS, sharedOptions } from "./options";
import { reportQueue } from "./report";

/**
 * Default server integrations left out: they instrument every request and outgoing call for tracing, which the spec's
 * trace sample rate of 0 never sends, and cost most of the SSR throughput (0.23× the bare page with them).
 * Errors of a request still arrive, with its method, path and headers, through instrumentation.ts' onRequestError.
 */
export const DROPPED_SERVER_INTEGRATIONS = ["Http", "NodeFetch", "NextjsUseCache"] as const;

export function serverIntegrations<I extends { name: string }>(defaults: readonly I[], own: readonly I[]): I[] {
  const left = new Set<string>([...DROPPED_SERVER_INTEGRATIONS, ...own.map((integration) => integration.name)]);
  return [...defaults.filter((integration) => !left.has(integration.name)), ...own];
}

export function initServerSdk(env: NodeJS.ProcessEnv = process.env): void {
  init({
    ...sharedOptions({
      appEnv: env.APP_ENV,
      dsn: env.SENTRY_DSN,
      // No window on the server: envelopes go to the tunnel on the product's public host.
      productionOrigin: env.SENTRY_TUNNEL_ORIGIN || env.PUBLIC_ORIGIN || undefined,
    }),
    // No OpenTelemetry tracer: with one registered, Next.js records spans for every request it serves, pre-rendered
    // pages included, although none is ever sent (trace sample rate 0).
    enableOpenTelemetrySetup: false,
    integrations: (defaults) => serverIntegrations(defaults, [linkedErrorsIntegration(LINKED_ERRORS_OPTIONS)]),
  });
  reportQueue.setReporter(createSentryReporter({ withScope, captureException }));
}
