import { endpointUrl } from "@affiliates/contracts/endpoints";
import { describe, expect, it } from "vitest";
import { createSentryReporter, type SentryCaptureApi } from "../src/lib/error-reporting/capture";
import { startClientErrorReporting } from "../src/lib/error-reporting/client";
import { createReportQueue, reportError, reportQueue, type Capture } from "../src/lib/error-reporting/report";
import { FILTERED } from "../src/lib/error-reporting/scrub";

const collector = () => {
  const captured: Capture[] = [];
  return { captured, reporter: { capture: (c: Capture) => void captured.push(c) } };
};

describe("reportError and the report queue", () => {
  it("is a no-op when reporting is disabled (APP_ENV test: APP_ENV unset here)", () => {
    expect(reportQueue.enabled).toBe(false);
    reportError(new Error("x"), { url: "/a" });
    expect(reportQueue.pending).toBe(0);
  });

  it("queues until the SDK is in, then sends in order; bounded at 30 with drops counted", () => {
    const queue = createReportQueue(true);
    for (let i = 0; i < 32; i += 1) queue.report(new Error(`e${i}`), { tags: { source: "http", n: i } });
    expect(queue.pending).toBe(30);
    expect(queue.dropped).toBe(2);
    const { captured, reporter } = collector();
    queue.setReporter(reporter);
    expect(captured).toHaveLength(31);
    expect(captured[0]).toMatchObject({
      tags: { source: "http", n: "0" },
      mechanism: { type: "generic", handled: true },
    });
    expect(String((captured[30]?.error as Error).message)).toBe(
      "2 error reports dropped before error reporting started",
    );
    queue.report("later");
    expect(captured).toHaveLength(32);
  });

  it("tells its listener once, when the first report waits (at once when one already waits)", () => {
    const queue = createReportQueue(true);
    let calls = 0;
    queue.onFirstPending(() => (calls += 1));
    expect(calls).toBe(0);
    queue.report(new Error("first"));
    queue.report(new Error("second"));
    expect(calls).toBe(1);
    let late = 0;
    queue.onFirstPending(() => (late += 1));
    expect(late).toBe(1);
    const disabled = createReportQueue(false);
    let never = 0;
    disabled.onFirstPending(() => (never += 1));
    disabled.report(new Error("ignored"));
    expect(never).toBe(0);
  });

  it("the Sentry reporter scrubs tags and extra and keeps the mechanism", () => {
    const calls: Array<{
      tags?: Record<string, string>;
      extras?: Record<string, unknown>;
      error?: unknown;
      hint?: unknown;
    }> = [];
    const sentry: SentryCaptureApi = {
      withScope: (callback) => {
        const call: (typeof calls)[number] = {};
        calls.push(call);
        callback({ setTags: (tags) => (call.tags = tags), setExtras: (extras) => (call.extras = extras) });
      },
      captureException: (error, hint) => {
        const call = calls[calls.length - 1];
        if (call) Object.assign(call, { error, hint });
      },
    };
    const error = new Error("request failed");
    createSentryReporter(sentry).capture({
      error,
      tags: { source: "http", token: "t" },
      extra: {
        url: `${endpointUrl("login")}?loginName=bob`,
        body: '{"password":"x","n":1}',
        params: { mobile: "1", page: 2 },
      },
      mechanism: { type: "generic", handled: true },
    });
    expect(calls).toEqual([
      {
        tags: { source: "http", token: FILTERED },
        extras: {
          url: `${endpointUrl("login")}?loginName=${FILTERED}`,
          body: `{"password":"${FILTERED}","n":1}`,
          params: { mobile: FILTERED, page: 2 },
        },
        error,
        hint: { mechanism: { type: "generic", handled: true } },
      },
    ]);
  });
});

/** A window with just what client.ts touches. */
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  const timers: Array<() => void> = [];
  const win = Object.assign(target, {
    document: { readyState },
    location: { origin: "https://www.exchange.example" },
    setTimeout: (fn: () => void) => timers.push(fn),
  });
  return { win: win as unknown as Window, timers, target };
}

const errorEvent = (error: Error) => Object.assign(new Event("error"), { error, message: error.message });
const rejectionEvent = (reason: unknown) => Object.assign(new Event("unhandledrejection"), { reason });

describe("startClientErrorReporting", () => {
  it("does nothing when reporting is disabled", () => {
    const { win, timers } = fakeWindow("complete");
    let loads = 0;
    const started = startClientErrorReporting({
      appEnv: "test",
      queue: createReportQueue(false),
      win,
      loadSdk: () => {
        loads += 1;
        return Promise.resolve(collector().reporter);
      },
    });
    expect(started).toBe(false);
    expect(timers).toHaveLength(0);
    expect(loads).toBe(0);
  });

  it("never loads the SDK on a page without errors", () => {
    const { win, timers, target } = fakeWindow("loading");
    let loads = 0;
    startClientErrorReporting({
      appEnv: "online",
      queue: createReportQueue(true),
      win,
      loadSdk: () => {
        loads += 1;
        return Promise.resolve(collector().reporter);
      },
    });
    target.dispatchEvent(new Event("load"));
    for (const timer of timers) timer();
    expect(loads).toBe(0);
  });

  it("queues errors, rejections and boundary-logged errors, loads the SDK once the first waits, then hands over", async () => {
    const { win, timers, target } = fakeWindow("loading");
    const queue = createReportQueue(true);
    const logged: unknown[][] = [];
    const fakeConsole = { error: (...args: unknown[]) => void logged.push(args) };
    const { captured, reporter } = collector();
    const envs: unknown[] = [];
    startClientErrorReporting({
      appEnv: "beta",
      dsn: "https://public@localhost/1",
      queue,
      win,
      console: fakeConsole,
      loadSdk: (env) => {
        envs.push(env);
        return Promise.resolve(reporter);
      },
    });
    expect(timers).toHaveLength(0);
    target.dispatchEvent(errorEvent(new Error("early")));
    // The first report asks for the SDK (when the main thread is idle); the later ones wait with it.
    expect(timers).toHaveLength(1);
    target.dispatchEvent(rejectionEvent("rejected"));
    fakeConsole.error(new Error("caught by error.tsx"));
    fakeConsole.error("a plain message");
    expect(logged).toHaveLength(2);
    expect(queue.pending).toBe(3);
    expect(timers).toHaveLength(1);
    timers[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(envs).toEqual([
      {
        appEnv: "beta",
        dsn: "https://public@localhost/1",
        queue,
        win,
        console: fakeConsole,
        loadSdk: expect.any(Function) as unknown,
        location: { origin: "https://www.exchange.example" },
      },
    ]);
    expect(captured.map((c) => [c.mechanism.type, c.mechanism.handled])).toEqual([
      ["auto.browser.global_handlers.onerror", false],
      ["auto.browser.global_handlers.onunhandledrejection", false],
      ["auto.browser.react.error_boundary", true],
    ]);
    // The SDK's own handlers take over: ours are gone.
    target.dispatchEvent(errorEvent(new Error("after")));
    expect(captured).toHaveLength(3);
  });
});
