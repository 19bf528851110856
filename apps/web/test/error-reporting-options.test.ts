import { createRequire } from "node:module";
import { ENDPOINTS, endpointPath, endpointUrl } from "@affiliates/contracts/endpoints";
import { describe, expect, it } from "vitest";
import {
  BROWSER_TRACING_OPTIONS,
  DEFAULT_SENTRY_DSN,
  ERROR_REPORTING_LIMITS,
  LINKED_ERRORS_OPTIONS,
  beforeSendTransaction,
  isErrorReportingEnabled,
  isIgnoredTransaction,
  projectIdOf,
  sharedOptions,
  tracePropagationTargets,
  tracesSampler,
  tunnelUrl,
} from "../src/lib/error-reporting/options";
import { FILTERED } from "../src/lib/error-reporting/scrub";

/** The @sentry/core the installed @sentry/nextjs runs on (not whatever version is hoisted to the root). */
const sentryRequire = createRequire(createRequire(import.meta.url).resolve("@sentry/nextjs"));
interface SentryCore {
  MAX_BAGGAGE_STRING_LENGTH: number;
  DEFAULT_RETRY_AFTER: number;
  parseRetryAfterHeader(header: string, now?: number): number;
  createStackParser(
    ...parsers: Array<[number, (line: string) => { filename: string; function: string } | undefined]>
  ): (stack: string) => unknown[];
  stringMatchesSomePattern(value: string, patterns: Array<string | RegExp>): boolean;
  SDK_VERSION: string;
}
const core = sentryRequire("@sentry/core") as SentryCore;

/** The tunnel's path for a project, from the endpoint table. */
const tunnelPath = (projectId: string | number): string => endpointPath("sentryTunnel", { projectId });

describe("the option set (requirements.md §9)", () => {
  const options = sharedOptions({ appEnv: "online", location: { origin: "https://www.exchange.example" } });

  it("has the spec's limits", () => {
    expect(ERROR_REPORTING_LIMITS).toEqual({
      errorSampleRate: 1,
      traceSampleRate: 0,
      normalizeDepth: 5,
      idleTimeoutMs: 1000,
      finalTimeoutMs: 30000,
      heartbeatIntervalMs: 5000,
      identicalHeartbeats: 3,
      maxBreadcrumbs: 100,
      sendBufferSize: 30,
      stackFrames: 50,
      linkedErrors: 5,
      rateLimitBackoffMs: 60000,
      maxValueLength: 250,
      baggageMaxLength: 8192,
    });
  });

  it("passes them to Sentry.init under the SDK's names", () => {
    expect(options).toMatchObject({
      dsn: DEFAULT_SENTRY_DSN,
      enabled: true,
      environment: "online",
      tunnel: `https://www.exchange.example/${tunnelPath(1)}`,
      sampleRate: 1,
      tracesSampleRate: 0,
      normalizeDepth: 5,
      maxBreadcrumbs: 100,
      maxValueLength: 250,
      transportOptions: { bufferSize: 30 },
      sendDefaultPii: false,
      traceLifecycle: "static",
    });
    expect(BROWSER_TRACING_OPTIONS).toEqual({ idleTimeout: 1000, finalTimeout: 30000, childSpanTimeout: 15000 });
    expect(LINKED_ERRORS_OPTIONS).toEqual({ key: "cause", limit: 5 });
  });

  it("relies on the SDK's own constants where it has no option (stack frames, rate-limit back-off, baggage)", () => {
    expect(core.SDK_VERSION).toBe("11.0.0");
    expect(core.MAX_BAGGAGE_STRING_LENGTH).toBe(ERROR_REPORTING_LIMITS.baggageMaxLength);
    expect(core.DEFAULT_RETRY_AFTER).toBe(ERROR_REPORTING_LIMITS.rateLimitBackoffMs);
    expect(core.parseRetryAfterHeader("not a date or number", 0)).toBe(60_000);
    const parse = core.createStackParser([0, (line) => ({ filename: line, function: "f" })]);
    const stack = ["Error: deep", ...Array.from({ length: 120 }, (_, i) => `    at f${i} (file.js:${i}:1)`)].join("\n");
    expect(parse(stack)).toHaveLength(ERROR_REPORTING_LIMITS.stackFrames);
  });

  it("is enabled for beta and online only", () => {
    expect(["test", "beta", "online", undefined, "", "production"].map(isErrorReportingEnabled)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(sharedOptions({ appEnv: "test" }).enabled).toBe(false);
    expect(sharedOptions({ appEnv: "beta" }).enabled).toBe(true);
  });

  it("scrubs in beforeSend and beforeBreadcrumb", () => {
    expect(options.beforeSend({ request: { url: "/a?password=x" } })).toEqual({
      request: { url: `/a?password=${FILTERED}` },
    });
    expect(options.beforeBreadcrumb({ data: { url: "/a?token=x" } })).toEqual({
      data: { url: `/a?token=${FILTERED}` },
    });
  });
});

describe("the tunnel (requirements.md §7)", () => {
  it(`is ${ENDPOINTS.sentryTunnel.method} /${ENDPOINTS.sentryTunnel.path} on the current host, the production host without a window`, () => {
    expect(projectIdOf("https://public@localhost/1")).toBe("1");
    expect(projectIdOf("https://key@o0.ingest.sentry.io/4501234")).toBe("4501234");
    expect(tunnelUrl(DEFAULT_SENTRY_DSN, { origin: "http://localhost:3150" })).toBe(
      `http://localhost:3150/${tunnelPath(1)}`,
    );
    expect(tunnelUrl(DEFAULT_SENTRY_DSN, undefined)).toBe(`https://www.exchange.example/${tunnelPath(1)}`);
    expect(tunnelUrl("https://k@h/42", undefined, "https://prod.example/")).toBe(
      `https://prod.example/${tunnelPath(42)}`,
    );
    expect(sharedOptions({ appEnv: "online", productionOrigin: "https://p.example" }).tunnel).toBe(
      `https://p.example/${tunnelPath(1)}`,
    );
  });
});

describe("traces of /404 are ignored", () => {
  it.each([
    ["/404", true],
    ["GET /404", true],
    ["/ja/404", true],
    ["/404?x=1", true],
    ["/affiliates", false],
    ["/affiliates/fee", false],
    ["/4040", false],
    [undefined, false],
  ])("%s → %s", (name, ignored) => {
    expect(isIgnoredTransaction(name)).toBe(ignored);
    if (name !== undefined)
      expect(core.stringMatchesSomePattern(name, sharedOptions({ appEnv: "beta" }).ignoreSpans)).toBe(ignored);
  });

  it("in tracesSampler and beforeSendTransaction", () => {
    expect(tracesSampler({ name: "/404" })).toBe(0);
    expect(tracesSampler({ name: "/affiliates" })).toBe(0);
    expect(beforeSendTransaction({ transaction: "/404" })).toBeNull();
    expect(
      beforeSendTransaction({ transaction: "/affiliates/fee", request: { url: "/affiliates/fee?token=1" } }),
    ).toEqual({
      transaction: "/affiliates/fee",
      request: { url: `/affiliates/fee?token=${FILTERED}` },
    });
  });
});

describe("trace propagation targets (requirements.md §7)", () => {
  const page = "https://www.exchange.example/affiliates/fee";
  const targets = tracePropagationTargets(new URL(page).origin);
  /** The SDK's own rule: a target matches the full URL, or (same origin only) the path. */
  const attaches = (url: string, href: string | undefined = page): boolean => {
    if (!href) return core.stringMatchesSomePattern(url, targets);
    const resolved = new URL(url, href);
    const sameOrigin = resolved.origin === new URL(href).origin;
    return (
      core.stringMatchesSomePattern(resolved.toString(), targets) ||
      (sameOrigin && core.stringMatchesSomePattern(resolved.pathname, targets))
    );
  };

  it.each([
    [endpointUrl("userInfo"), true],
    [endpointPath("domainConfig"), true],
    ["https://www.exchange.example/some/path", true],
    ["api/v2/things", true],
    ["https://gateway.exchange.example/api/some/path", true],
    ["https://www.exchange.example.evil.com/some/path", false],
    ["https://third-party.example/collect", false],
    ["//cdn.example/x.js", false],
    ["https://o0.ingest.sentry.io/api2/1/envelope/", false],
  ])("%s → %s", (url, expected) => {
    expect(attaches(url)).toBe(expected);
  });

  it("without a window: relative paths and api/ only", () => {
    const serverTargets = tracePropagationTargets(undefined);
    expect(core.stringMatchesSomePattern("/some/path", serverTargets)).toBe(true);
    expect(core.stringMatchesSomePattern("api/x", serverTargets)).toBe(true);
    expect(core.stringMatchesSomePattern("https://elsewhere.example/some/path", serverTargets)).toBe(false);
  });
});
