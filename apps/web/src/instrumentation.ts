import type { Instrumentation } from "next";
import { isErrorReportingEnabled } from "@/lib/error-reporting/enabled";
import { serverRuntimeConfig } from "@/lib/runtime-config";

/** The server SDK, for APP_ENV beta/online only (read at run time); with APP_ENV test nothing Sentry-related loads. */
const enabled = () => isErrorReportingEnabled(serverRuntimeConfig().appEnv);

export async function register(): Promise<void> {
  if (!enabled()) return;
  const { initServerSdk } = await import("@/lib/error-reporting/server");
  initServerSdk();
}

/** Errors of server components, route handlers and the proxy. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (!enabled()) return;
  const { captureRequestError } = await import("@sentry/nextjs");
  captureRequestError(error, request, context);
};
