import { expect, test, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { freePort, startWebInstance, type WebInstance } from "./web-instance";
import { apiPath, isApiCall, waitForHydration } from "./fixtures";

/**
 * Error reporting end to end (requirements.md §7-9), in Chromium against the real API.
 * APP_ENV is read at run time, so the APP_ENV=beta instance is the suite's own build started once more, on
 * a port the OS picks, with the suite's API (e2e/web-instance.ts); the configured APP_ENV=test server (baseURL) must
 * send nothing. E2E_BETA_REUSE=<origin> (or 1: http://localhost:3150) uses a beta instance already listening there.
 */
const REUSE = process.env.E2E_BETA_REUSE;
/** The beta instance's origin: the one to reuse, else set once the instance is started on a free port. */
let BETA_URL = REUSE ? (/^https?:\/\//.test(REUSE) ? REUSE.replace(/\/$/, "") : "http://localhost:3150") : "";
const ADMIN_TOKEN = "e2e-admin-token";
const SECRETS = ["hunter2", "a@b.c", "a%40b.c", "xyz-token-value", "bob-login"];

interface StoredEvent {
  eventId: string;
  level: string;
  message: string;
  url: string | null;
  tags: Record<string, string>;
  breadcrumbs: number;
}

async function storedEvents(request: APIRequestContext): Promise<StoredEvent[]> {
  const response = await request.get(`${BETA_URL}${apiPath("adminErrors")}?limit=200`, {
    headers: { "x-admin-token": ADMIN_TOKEN },
  });
  if (response.status() !== 200) return [];
  return ((await response.json()) as { data: { events: StoredEvent[] } }).data.events;
}

/** The bodies of every envelope the page posts to the tunnel. */
function watchTunnel(page: Page): { bodies: string[]; requests: Request[] } {
  const seen = { bodies: [] as string[], requests: [] as Request[] };
  page.on("request", (request) => {
    if (!isApiCall(request.url(), "sentryTunnel")) return;
    seen.requests.push(request);
    seen.bodies.push(request.postData() ?? "");
  });
  return seen;
}

/** The error events of the envelopes: each event item's id and its message as the API stores it (`Type: value`). */
function eventsIn(bodies: string[]): Array<{ eventId: string; message: string }> {
  const events: Array<{ eventId: string; message: string }> = [];
  for (const body of bodies) {
    for (const line of body.split("\n")) {
      let item: unknown;
      try {
        item = JSON.parse(line);
      } catch {
        continue;
      }
      const event = item as { event_id?: string; exception?: { values?: Array<{ type?: string; value?: string }> } };
      const last = event.exception?.values?.at(-1);
      if (event.event_id && last)
        events.push({ eventId: event.event_id, message: `${last.type ?? ""}: ${last.value ?? ""}` });
    }
  }
  return events;
}

test.describe("error reporting with APP_ENV=beta", () => {
  test.describe.configure({ mode: "serial", timeout: 60_000 });
  let beta: WebInstance | undefined;

  test.beforeAll(async () => {
    if (REUSE) {
      // An APP_ENV=beta instance already listening (started by hand).
      const response = await fetch(`${BETA_URL}/affiliates`).catch(() => undefined);
      if (!response || response.status >= 500) throw new Error(`E2E_BETA_REUSE: nothing answers at ${BETA_URL}`);
      return;
    }
    test.setTimeout(120_000);
    const port = await freePort();
    BETA_URL = `http://localhost:${port}`;
    beta = await startWebInstance({
      port,
      publicOrigin: BETA_URL,
      appEnv: "beta",
      env: { ENABLE_TEST_ROUTES: "1" },
    });
  });

  test.afterAll(async () => {
    await beta?.stop();
  });

  test("an uncaught error and unhandled rejections arrive through the tunnel, stored and scrubbed", async ({
    page,
    request,
  }) => {
    const tunnel = watchTunnel(page);
    const marker = `${Date.now()}`;
    await page.goto(`${BETA_URL}/affiliates/fee?password=hunter2&email=a@b.c&token=xyz-token-value`);
    // The early handlers start with the client instrumentation, before React hydrates (the chunks are added after the
    // first paint: lib/after-paint.ts, so the load event can come first).
    await waitForHydration(page, "header a");
    // Before the SDK is in (it loads after the page): queued by the early handlers, sent once it is.
    await page.evaluate((m) => {
      setTimeout(() => {
        throw new Error(`e2e early ${m}`);
      }, 0);
    }, marker);
    await page.waitForFunction(() => "__SENTRY__" in globalThis, undefined, { timeout: 15_000 });
    await page.evaluate(
      ({ m, leaky }) => {
        // breadcrumbs: a console message and a request that both carry sensitive parameters
        console.log(`login_name=bob-login&password=hunter2 ${m}`);
        void fetch(leaky).catch(() => undefined);
        setTimeout(() => {
          throw new Error(`e2e uncaught ${m}`);
        }, 200);
        setTimeout(() => void Promise.reject(new Error(`e2e rejection ${m}`)), 250);
        // a non-Error rejection: its fields travel as the event's extra data
        setTimeout(
          () =>
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a plain-object reason is the point
            void Promise.reject({
              password: "hunter2",
              email: "a@b.c",
              accessToken: "xyz-token-value",
              note: `e2e extra ${m}`,
            }),
          300,
        );
      },
      { m: marker, leaky: `${apiPath("domainConfig")}?token=xyz-token-value&email=a@b.c` },
    );

    await expect
      .poll(async () => (await storedEvents(request)).filter((e) => e.message.includes(marker)).length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(3);
    await expect
      .poll(() => tunnel.bodies.some((body) => body.includes(`e2e extra ${marker}`)), { timeout: 15_000 })
      .toBe(true);
    const events = await storedEvents(request);
    expect(
      events.some((e) =>
        /captured as (promise rejection|exception) with keys: accessToken, email, note, password/.test(e.message),
      ),
    ).toBe(true);
    const uncaught = events.find((e) => e.message.includes(`e2e uncaught ${marker}`));
    const rejection = events.find((e) => e.message.includes(`e2e rejection ${marker}`));
    expect(uncaught).toMatchObject({
      level: "error",
      url: `${BETA_URL}/affiliates/fee?password=[Filtered]&email=[Filtered]&token=[Filtered]`,
    });
    expect(rejection?.url).toBe(uncaught?.url);
    expect(events.find((e) => e.message.includes(`e2e early ${marker}`))?.url).toBe(uncaught?.url);
    expect(uncaught?.breadcrumbs).toBeGreaterThan(0);
    expect(uncaught?.tags).toBeDefined();

    // What left the browser: the scrubbed envelopes, with breadcrumbs and extra filtered too.
    const sent = tunnel.bodies.join("\n");
    expect(sent).toContain(`e2e uncaught ${marker}`);
    expect(sent).toContain(`e2e extra ${marker}`);
    expect(sent).toContain("[Filtered]");
    for (const secret of SECRETS) expect(sent, `"${secret}" was sent`).not.toContain(secret);
    expect(
      tunnel.requests.every(
        (r) => r.method() === "POST" && new URL(r.url()).pathname === apiPath("sentryTunnel", { projectId: 1 }),
      ),
    ).toBe(true);
    for (const event of events) {
      for (const secret of SECRETS) expect(JSON.stringify(event)).not.toContain(secret);
    }
  });

  test("an uncaught error and an unhandled rejection raised in the same tick are two events", async ({
    page,
    request,
  }) => {
    const tunnel = watchTunnel(page);
    const marker = `${Date.now()}`;
    await page.goto(`${BETA_URL}/affiliates/fee`, { waitUntil: "load" });
    await page.waitForFunction(() => "__SENTRY__" in globalThis, undefined, { timeout: 15_000 });
    await page.evaluate((m) => {
      // One task: a rejection nobody handles, then a throw. Both reach the page's global handlers in that task.
      setTimeout(() => {
        void Promise.reject(new Error(`same tick rejection ${m}`));
        throw new Error(`same tick uncaught ${m}`);
      }, 0);
    }, marker);
    const expected = [`Error: same tick rejection ${marker}`, `Error: same tick uncaught ${marker}`];
    // Two events at the tunnel, each with its own id …
    await expect
      .poll(
        () =>
          eventsIn(tunnel.bodies)
            .filter((e) => e.message.includes(marker))
            .map((e) => e.message)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(expected);
    const sent = eventsIn(tunnel.bodies).filter((e) => e.message.includes(marker));
    expect(new Set(sent.map((e) => e.eventId)).size).toBe(2);
    // … and both stored by the API.
    await expect
      .poll(
        async () =>
          (await storedEvents(request))
            .filter((e) => e.message.includes(marker))
            .map((e) => e.message)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual(expected);
  });

  test("a render crash arrives too", async ({ page, request }) => {
    await page.goto(`${BETA_URL}/affiliates/e2e-crash`, { waitUntil: "load" });
    await expect
      .poll(
        async () =>
          (await storedEvents(request)).some(
            (e) => e.message.includes("e2e render crash") && e.url?.includes("/affiliates/e2e-crash"),
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
  });
});

test.describe("error reporting with APP_ENV=test", () => {
  test("nothing Sentry-related loads and nothing is sent", async ({ page }) => {
    const tunnel = watchTunnel(page);
    await page.goto("/affiliates/fee?password=hunter2&email=a@b.c&token=xyz-token-value", { waitUntil: "load" });
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e uncaught in test");
      }, 10);
      setTimeout(() => void Promise.reject(new Error("e2e rejection in test")), 20);
    });
    await page.goto("/affiliates/e2e-crash", { waitUntil: "load" });
    await page.waitForTimeout(3000);
    expect(tunnel.requests).toEqual([]);
    expect(await page.evaluate(() => "__SENTRY__" in globalThis)).toBe(false);
  });
});
