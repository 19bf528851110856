/** The server SDK (Node.js and edge), started from src/instrumentation.ts only when APP_ENV is beta or online. */
import { captureException, init, linkedErrorsIntegration, withScope } from "@sentry/nextjs";
import { createSentryReporter } from "./capture";
import { LINKED_ERRORS_OPTIONS, sharedOptions } from "./options";
import { reportQueue } from "./report";

export function initServerSdk(env: NodeJS.ProcessEnv = process.env): void {
  init({
    ...sharedOptions({
      appEnv: env.APP_ENV,
      dsn: env.SENTRY_DSN,
      // No window on the server: envelopes go to the tunnel on the product's public host.
      productionOrigin: env.SENTRY_TUNNEL_ORIGIN || env.PUBLIC_ORIGIN || undefined,
    }),
    integrations: [linkedErrorsIntegration(LINKED_ERRORS_OPTIONS)],
  });
  reportQueue.setReporter(createSentryReporter({ withScope, captureException }));
}
