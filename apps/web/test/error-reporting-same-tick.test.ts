// @vitest-environment jsdom
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  browserIntegrations,
  DROPPED_BROWSER_INTEGRATIONS,
  DEFAULT_SENTRY_DSN,
} from "../src/lib/error-reporting/options";

/**
 * An uncaught error and an unhandled rejection raised in the same tick reached the tunnel as one event.
 * The browser SDK this app ships (the @sentry/browser under the installed @sentry/nextjs), driven the way a browser
 * drives it: a timer callback throws, the browser reports the error to window.onerror and, in the same task, a
 * rejected promise nobody handles to window.onunhandledrejection.
 */
const resolveFrom = (from: string, id: string) => createRequire(from).resolve(id);
const browserEntry = resolveFrom(
  resolveFrom(resolveFrom(import.meta.url, "@sentry/nextjs"), "@sentry/react"),
  "@sentry/browser",
);

interface Integration {
  name: string;
}
type Envelope = [
  Record<string, unknown>,
  Array<[{ type: string }, { exception?: { values?: Array<{ value?: string; mechanism?: { type?: string } }> } }]>,
];
interface BrowserSdk {
  init(options: {
    dsn: string;
    integrations: (defaults: Integration[]) => Integration[];
    transport: () => { send(envelope: Envelope): Promise<object>; flush(): Promise<boolean> };
  }): unknown;
  getDefaultIntegrations(options: object): Integration[];
}

let sdk: BrowserSdk;
beforeAll(() => {
  // The SDK wraps whatever setTimeout it finds: a fake one, so each test decides when "the next task" runs.
  vi.useFakeTimers();
  sdk = createRequire(import.meta.url)(browserEntry) as BrowserSdk;
});
afterAll(() => {
  vi.useRealTimers();
});

/** Starts a client with these integrations; returns the messages and mechanisms of the events it sends. */
function startClient(
  integrations: (defaults: Integration[]) => Integration[],
): Array<{ message: string; mechanism: string }> {
  const sent: Array<{ message: string; mechanism: string }> = [];
  sdk.init({
    dsn: DEFAULT_SENTRY_DSN,
    integrations,
    transport: () => ({
      send(envelope) {
        for (const [header, payload] of envelope[1]) {
          const value = payload.exception?.values?.at(-1);
          if (header.type === "event" && value)
            sent.push({ message: value.value ?? "", mechanism: value.mechanism?.type ?? "" });
        }
        return Promise.resolve({});
      },
      flush: () => Promise.resolve(true),
    }),
  });
  return sent;
}

/** One task of the browser: a timer callback throws while a rejection it made goes unhandled (if given). */
function raiseInOneTask(uncaught: Error, rejected?: Error): void {
  setTimeout(() => {
    throw uncaught;
  }, 0);
  let escaped: unknown;
  try {
    vi.advanceTimersToNextTimer(); // runs the callback (the SDK's wrapper, if it wrapped setTimeout)
  } catch (error) {
    escaped = error;
  }
  // What escaped the callback goes to window.onerror, and the rejection to window.onunhandledrejection, both before
  // the next task runs.
  if (escaped instanceof Error)
    window.onerror?.(
      escaped.message,
      "https://www.exchange.example/affiliates/_next/static/chunks/app.js",
      1,
      1,
      escaped,
    );
  if (rejected) rejectUnhandled(rejected);
}

function rejectUnhandled(reason: Error): void {
  window.onunhandledrejection?.call(window, { reason } as PromiseRejectionEvent);
}

/** Lets the SDK finish: event processing is asynchronous. */
const settle = () => vi.advanceTimersByTimeAsync(50);

describe("every distinct client error is its own event", () => {
  it("our integrations leave out the SDK's BrowserApiErrors and replace its defaults by name", () => {
    const defaults = sdk.getDefaultIntegrations({});
    const names = defaults.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(["BrowserApiErrors", "GlobalHandlers", "LinkedErrors", "Dedupe"]));
    const own = { name: "LinkedErrors", own: true };
    const chosen = browserIntegrations<Integration>(defaults, [own]);
    expect(chosen.map((i) => i.name)).not.toContain("BrowserApiErrors");
    expect(chosen.filter((i) => i.name === "LinkedErrors")).toEqual([own]);
    expect(chosen.map((i) => i.name)).toEqual(expect.arrayContaining(["GlobalHandlers", "Dedupe"]));
    expect(DROPPED_BROWSER_INTEGRATIONS).toEqual(["BrowserApiErrors"]);
  });

  it("with our integrations, an uncaught error and an unhandled rejection of the same tick are two events", async () => {
    const sent = startClient((defaults) => browserIntegrations(defaults, []));
    raiseInOneTask(new Error("uncaught, ours"), new Error("rejected, ours"));
    await settle();
    expect(sent).toEqual([
      { message: "uncaught, ours", mechanism: "auto.browser.global_handlers.onerror" },
      { message: "rejected, ours", mechanism: "auto.browser.global_handlers.onunhandledrejection" },
    ]);
  });

  it("the cause: with the SDK's defaults, BrowserApiErrors' capture makes GlobalHandlers drop the rejection", async () => {
    // Runs after the test above: BrowserApiErrors wraps setTimeout once, for the rest of the file.
    const sent = startClient((defaults) => defaults);
    raiseInOneTask(new Error("uncaught, defaults"), new Error("rejected, defaults"));
    await settle();
    expect(sent.map((e) => e.message)).toEqual(["uncaught, defaults"]);
    expect(sent[0]?.mechanism).toBe("auto.browser.browserapierrors.setTimeout");
    // In different tasks (as when raised 3 s apart), both arrive even so.
    raiseInOneTask(new Error("uncaught, later"));
    await settle();
    rejectUnhandled(new Error("rejected, later"));
    await settle();
    expect(sent.map((e) => e.message)).toEqual(["uncaught, defaults", "uncaught, later", "rejected, later"]);
  });
});
