/**
 * The error-reporting option set (requirements.md §7, §9), in one place so that a unit test can assert every value.
 * No runtime import of the SDK here: the page's first-load code (instrumentation-client.ts) uses these helpers and the
 * SDK itself is loaded later, only when reporting is enabled.
 */
import { appEndpointPath } from "@affiliates/contracts/app-endpoints";
import { scrubBreadcrumb, scrubEvent, type BreadcrumbLike, type EventLike } from "./scrub";

import { isErrorReportingEnabled } from "./enabled";

export { isErrorReportingEnabled } from "./enabled";

/**
 * Default DSN: the product's own host and project 1. Envelopes go through the tunnel anyway, so the DSN only names
 * the project and the host the tunnel accepts (SENTRY_DSN overrides it).
 */
export const DEFAULT_SENTRY_DSN = "https://public@localhost/1";

/** Where envelopes are sent when there is no window (server side): SENTRY_TUNNEL_ORIGIN, else PUBLIC_ORIGIN, else this. */
export const DEFAULT_PRODUCTION_ORIGIN = "https://www.exchange.example";

/** requirements.md §9 limits, named as the spec names them. */
export const ERROR_REPORTING_LIMITS = {
  errorSampleRate: 1,
  traceSampleRate: 0,
  normalizeDepth: 5,
  idleTimeoutMs: 1_000,
  finalTimeoutMs: 30_000,
  heartbeatIntervalMs: 5_000,
  identicalHeartbeats: 3,
  maxBreadcrumbs: 100,
  sendBufferSize: 30,
  stackFrames: 50,
  linkedErrors: 5,
  rateLimitBackoffMs: 60_000,
  maxValueLength: 250,
  baggageMaxLength: 8_192,
} as const;

const L = ERROR_REPORTING_LIMITS;

/**
 * browserTracingIntegration's options. The spec's heartbeat (5 s, finished after 3 identical heartbeats) is what the
 * SDK now calls `childSpanTimeout`: a span with open children ends after 3 × 5 s without change.
 */
export const BROWSER_TRACING_OPTIONS = {
  idleTimeout: L.idleTimeoutMs,
  finalTimeout: L.finalTimeoutMs,
  childSpanTimeout: L.heartbeatIntervalMs * L.identicalHeartbeats,
} as const;

/** linkedErrorsIntegration's options: at most 5 `cause`s per error. */
export const LINKED_ERRORS_OPTIONS = { key: "cause", limit: L.linkedErrors } as const;

/**
 * Default integrations the browser SDK runs without. BrowserApiErrors wraps the callbacks of timers,
 * requestAnimationFrame, XMLHttpRequest and event listeners and captures what they throw itself; each such capture
 * makes GlobalHandlers ignore *every* uncaught error and unhandled rejection until the next task (the SDK's
 * `ignoreNextOnError`, meant to skip the rethrown copy), so a second, different error raised in the same tick — an
 * unhandled rejection next to a thrown error — was never sent. Without it, a thrown error reaches window.onerror
 * (our scripts are same-origin: message and stack intact) and every distinct error is its own event.
 */
export const DROPPED_BROWSER_INTEGRATIONS = ["BrowserApiErrors"] as const;

/**
 * The browser SDK's integrations: its defaults without DROPPED_BROWSER_INTEGRATIONS, ours (browser tracing, linked
 * errors) in place of the defaults of the same name. For `Sentry.init({ integrations: (defaults) => … })`.
 */
export function browserIntegrations<I extends { name: string }>(defaults: readonly I[], own: readonly I[]): I[] {
  const left = new Set<string>([...DROPPED_BROWSER_INTEGRATIONS, ...own.map((integration) => integration.name)]);
  return [...defaults.filter((integration) => !left.has(integration.name)), ...own];
}

/** The project id of a DSN (its last path segment): `https://public@localhost/1` → "1". */
export function projectIdOf(dsn: string): string {
  try {
    const segments = new URL(dsn).pathname.split("/").filter(Boolean);
    return segments[segments.length - 1] ?? "1";
  } catch {
    return "1";
  }
}

/** The tunnel URL: on the current host in a browser, on the production host when there is no window. */
export function tunnelUrl(
  dsn: string,
  location: { origin: string } | undefined,
  productionOrigin = DEFAULT_PRODUCTION_ORIGIN,
): string {
  const origin =
    location?.origin && location.origin !== "null" ? location.origin : productionOrigin.replace(/\/+$/, "");
  // The tunnel route of the API (requirements.md §7): the endpoint table's `sentryTunnel`.
  return `${origin}/${appEndpointPath("sentryTunnel", { projectId: projectIdOf(dsn) })}`;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * requirements.md §7: trace headers only on same-origin and relative requests and on paths starting with `api/`.
 * The SDK tests each pattern against the full URL, and for same-origin requests also against the path.
 */
export function tracePropagationTargets(origin: string | undefined): RegExp[] {
  const targets: RegExp[] = [
    // relative (`/v1/...`, never protocol-relative `//host`) and, through the SDK's path check, any same-origin URL
    /^\/(?!\/)/,
    // `api/...` as written, or an absolute URL whose path starts with /api/
    /^\.?\/?api\//,
    /^[a-z][a-z\d+.-]*:\/\/[^/?#]+\/api\//i,
  ];
  if (origin && origin !== "null") targets.unshift(new RegExp(`^${escapeRegExp(origin)}(?:[/?#]|$)`));
  return targets;
}

/** Traces of the not-found page are not sent (requirements.md §7). */
export const IGNORED_TRANSACTIONS = ["/404"] as const;

/** The same rule as a span-name pattern, for the SDK's `ignoreSpans`. */
export const IGNORED_SPAN_NAME = /^(?:[A-Z]+ )?(?:\/[^?#]*)?\/404(?:[?#].*)?$/;

export function isIgnoredTransaction(name: string | undefined): boolean {
  if (!name) return false;
  const path = name.replace(/^[A-Z]+ /, "").split(/[?#]/)[0] ?? "";
  return (IGNORED_TRANSACTIONS as readonly string[]).includes(path) || /\/404$/.test(path);
}

/** tracesSampler: 0 for /404, the spec's trace sample rate (0) otherwise. */
export function tracesSampler(context: { name?: string | undefined }): number {
  return isIgnoredTransaction(context.name) ? 0 : L.traceSampleRate;
}

/** beforeSendTransaction: drop /404, scrub the rest. */
export function beforeSendTransaction<E extends EventLike>(event: E): E | null {
  return isIgnoredTransaction(event.transaction) ? null : scrubEvent(event);
}

export const beforeSend = <E extends EventLike>(event: E): E => scrubEvent(event);
export const beforeBreadcrumb = <B extends BreadcrumbLike>(breadcrumb: B): B => scrubBreadcrumb(breadcrumb);

export interface ReportingEnvironment {
  appEnv: string | undefined;
  dsn?: string | undefined;
  /** The page origin (client), or undefined (server). */
  location?: { origin: string } | undefined;
  productionOrigin?: string | undefined;
  release?: string | undefined;
}

/**
 * The options shared by the client and the server `Sentry.init` (integrations are added by each side, with
 * BROWSER_TRACING_OPTIONS and LINKED_ERRORS_OPTIONS). Values equal to the SDK's defaults are set anyway, so that an
 * SDK upgrade cannot change them silently; the ones the SDK does not expose (stack frames 50, rate-limit back-off
 * 60 s, baggage 8192) are its built-in constants and asserted by the unit test.
 */
export function sharedOptions(env: ReportingEnvironment) {
  const dsn = env.dsn || DEFAULT_SENTRY_DSN;
  return {
    dsn,
    enabled: isErrorReportingEnabled(env.appEnv),
    environment: env.appEnv ?? "test",
    ...(env.release ? { release: env.release } : {}),
    tunnel: tunnelUrl(dsn, env.location, env.productionOrigin),
    sampleRate: L.errorSampleRate,
    tracesSampleRate: L.traceSampleRate,
    tracesSampler,
    normalizeDepth: L.normalizeDepth,
    maxBreadcrumbs: L.maxBreadcrumbs,
    maxValueLength: L.maxValueLength,
    transportOptions: { bufferSize: L.sendBufferSize },
    tracePropagationTargets: tracePropagationTargets(env.location?.origin),
    // Whole transactions (not span streaming), so that beforeSendTransaction sees them; /404 spans are ignored too.
    traceLifecycle: "static" as const,
    ignoreSpans: [IGNORED_SPAN_NAME],
    sendDefaultPii: false,
    beforeSend,
    beforeSendTransaction,
    beforeBreadcrumb,
  };
}
