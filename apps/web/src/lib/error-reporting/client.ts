/**
 * Client start-up, imported by src/instrumentation-client.ts: tiny and SDK-free. When reporting is enabled it
 * catches failures (uncaught errors, unhandled rejections, errors React boundaries log, reportError calls) into the
 * report queue and loads the SDK only when the first of them waits to be sent, once the main thread is idle; the
 * SDK's own handlers then take over. A page without errors never runs the SDK, the largest script the page would
 * otherwise evaluate (≈ 210 KB, a 300–500 ms task on Lighthouse's mobile CPU). This is what Sentry's own Loader
 * Script does when tracing and replay are off (requirements.md §9: trace sample rate 0): breadcrumbs start with the SDK.
 */
import type { ReportingEnvironment } from "./options";
import { reportQueue, type ReportQueue, type Reporter } from "./report";
import { whenIdle } from "../when-idle";

export interface ClientStartOptions extends Omit<ReportingEnvironment, "location"> {
  /** Loads the SDK (default: the lazily loaded client-sdk chunk). */
  loadSdk?: (env: ReportingEnvironment) => Promise<Reporter>;
  queue?: ReportQueue;
  win?: Window;
  console?: Pick<Console, "error">;
}

const defaultLoadSdk = async (env: ReportingEnvironment): Promise<Reporter> =>
  (await import("./client-sdk")).initClientSdk(env);

/** Returns false (and does nothing) when reporting is disabled or there is no window. */
export function startClientErrorReporting(options: ClientStartOptions): boolean {
  const queue = options.queue ?? reportQueue;
  const win = options.win ?? (typeof window === "undefined" ? undefined : window);
  if (!queue.enabled || !win) return false;

  const onError = (event: ErrorEvent) => {
    queue.report(
      event.error ?? new Error(event.message),
      {},
      { type: "auto.browser.global_handlers.onerror", handled: false },
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    queue.report(event.reason, {}, { type: "auto.browser.global_handlers.onunhandledrejection", handled: false });
  };
  win.addEventListener("error", onError);
  win.addEventListener("unhandledrejection", onRejection);

  // Next.js logs errors caught by error boundaries (error.tsx) with console.error in production builds: report them.
  const sink = options.console ?? globalThis.console;
  const originalError = sink.error.bind(sink);
  sink.error = (...args: unknown[]) => {
    if (args[0] instanceof Error)
      queue.report(args[0], {}, { type: "auto.browser.react.error_boundary", handled: true });
    originalError(...args);
  };

  const load = () => {
    const env: ReportingEnvironment = { ...options, location: win.location };
    (options.loadSdk ?? defaultLoadSdk)(env)
      .then((reporter) => {
        // The SDK's global handlers are installed by now: ours stop, the queue drains into the SDK.
        win.removeEventListener("error", onError);
        win.removeEventListener("unhandledrejection", onRejection);
        queue.setReporter(reporter);
      })
      .catch((error: unknown) => originalError("error reporting did not start", error));
  };
  queue.onFirstPending(() => void whenIdle(load, { win }));
  return true;
}
