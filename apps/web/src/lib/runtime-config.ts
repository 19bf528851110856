/**
 * Settings that differ per deployment, read at run time so that one build serves every environment (architecture.md,
 * "Decisions"): APP_ENV (test | beta | online, requirements.md §3) and SENTRY_DSN. The server reads its own environment; the
 * browser reads what the server wrote on <html> when it served the page — page-csp.ts writes it into pre-rendered
 * HTML, the root layout into pages rendered per request. Nothing here is inlined at build: the names are not
 * NEXT_PUBLIC_* and next.config.ts has no `env`. No run-time imports: the first-load code (instrumentation-client)
 * reads it.
 */
import type { AppEnv } from "@affiliates/device-token";

export const APP_ENV_ATTRIBUTE = "data-app-env";
export const SENTRY_DSN_ATTRIBUTE = "data-sentry-dsn";
export const PUBLIC_ORIGIN_ATTRIBUTE = "data-public-origin";

export interface RuntimeConfig {
  appEnv: AppEnv;
  /** Unset: the default DSN (error-reporting/options.ts). */
  sentryDsn: string | undefined;
  /** PUBLIC_ORIGIN: the origin of every link the product hands out (referral links, card claim links; issue 34). */
  publicOrigin?: string | undefined;
}

/** The http(s) origin of a URL, or undefined (inlined: this module imports nothing at run time). */
function httpOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Anything but beta or online is test (reporting off, the test device-token app id). */
export const toAppEnv = (value: string | null | undefined): AppEnv =>
  value === "beta" || value === "online" ? value : "test";

/** The server's settings, from its environment at run time. */
export function serverRuntimeConfig(env: Record<string, string | undefined> = process.env): RuntimeConfig {
  const publicOrigin = httpOrigin(env.PUBLIC_ORIGIN);
  return {
    appEnv: toAppEnv(env.APP_ENV?.trim()),
    sentryDsn: env.SENTRY_DSN?.trim() || undefined,
    ...(publicOrigin ? { publicOrigin } : {}),
  };
}

/** The settings the server wrote on the served page's <html>. */
export function documentRuntimeConfig(doc: Pick<Document, "documentElement"> = document): RuntimeConfig {
  const root = doc.documentElement;
  const publicOrigin = httpOrigin(root.getAttribute(PUBLIC_ORIGIN_ATTRIBUTE));
  return {
    appEnv: toAppEnv(root.getAttribute(APP_ENV_ATTRIBUTE)),
    sentryDsn: root.getAttribute(SENTRY_DSN_ATTRIBUTE) || undefined,
    ...(publicOrigin ? { publicOrigin } : {}),
  };
}

let fromPage: RuntimeConfig | undefined;

/**
 * In the browser, what the page said when it was first asked (instrumentation-client asks before React hydrates: a
 * root that React has to render again on the client loses the attributes it did not render); on the server, the
 * environment.
 */
export function runtimeConfig(): RuntimeConfig {
  if (typeof document === "undefined") return serverRuntimeConfig();
  fromPage ??= documentRuntimeConfig();
  return fromPage;
}

/** The attributes of <html> that carry the settings to the browser. */
export function runtimeAttributes(config: RuntimeConfig): Record<string, string> {
  return {
    [APP_ENV_ATTRIBUTE]: config.appEnv,
    ...(config.sentryDsn ? { [SENTRY_DSN_ATTRIBUTE]: config.sentryDsn } : {}),
    ...(config.publicOrigin ? { [PUBLIC_ORIGIN_ATTRIBUTE]: config.publicOrigin } : {}),
  };
}

/**
 * True while `next build` pre-renders pages: whatever is rendered then is kept for every deployment, so run-time
 * settings (origin, APP_ENV, DSN) must stay out of it and are filled in when the page is served (page-csp.ts).
 * Next sets NEXT_PHASE in the build process and its workers; it is not inlined into bundles.
 */
export const renderedAtBuild = (env: Record<string, string | undefined> = process.env): boolean =>
  env.NEXT_PHASE === "phase-production-build";
