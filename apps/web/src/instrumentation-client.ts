/**
 * Runs before the app hydrates (Next.js client instrumentation). Error reporting is on only for APP_ENV beta/online,
 * read at run time from the page the server sent (lib/runtime-config.ts), like the DSN; the SDK itself is loaded after
 * the page.
 */
import { startClientErrorReporting } from "@/lib/error-reporting/client";
import { runtimeConfig } from "@/lib/runtime-config";

const { appEnv, sentryDsn } = runtimeConfig();
startClientErrorReporting({ appEnv, dsn: sentryDsn });
