/**
 * Runs before the app hydrates (Next.js client instrumentation). Error reporting is on only for APP_ENV beta/online
 * (read at build time through NEXT_PUBLIC_APP_ENV, see next.config.ts); the SDK itself is loaded after the page.
 */
import "@/lib/zod-jitless";
import { startClientErrorReporting } from "@/lib/error-reporting/client";

startClientErrorReporting({ appEnv: process.env.NEXT_PUBLIC_APP_ENV, dsn: process.env.NEXT_PUBLIC_SENTRY_DSN });
