import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page, type Request } from "@playwright/test";

/**
 * Error reporting end to end (spec §7-9), in Chromium against the real API.
 * APP_ENV=beta needs its own build: this spec starts a second product instance (scripts/start.mjs builds it into
 * .next-beta on first use) on ports 3150/4150; the configured APP_ENV=test server (baseURL) must send nothing.
 * E2E_BETA_REUSE=1 uses a beta instance that is already running there instead.
 */
const BETA_PORT = 3150;
const BETA_API_PORT = 4150;
const BETA_URL = `http://localhost:${BETA_PORT}`;
const ADMIN_TOKEN = "e2e-admin-token";
const WEB_DIR = path.resolve(__dirname, "..");
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
  const response = await request.get(`${BETA_URL}/v1/admin/errors?limit=200`, { headers: { "x-admin-token": ADMIN_TOKEN } });
  if (response.status() !== 200) return [];
  return ((await response.json()) as { data: { events: StoredEvent[] } }).data.events;
}

async function waitForUrl(url: string, timeoutMs: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error("the APP_ENV=beta instance exited");
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

/** The bodies of every envelope the page posts to the tunnel. */
function watchTunnel(page: Page): { bodies: string[]; requests: Request[] } {
  const seen = { bodies: [] as string[], requests: [] as Request[] };
  page.on("request", (request) => {
    if (!request.url().includes("/v1/sentry/")) return;
    seen.requests.push(request);
    seen.bodies.push(request.postData() ?? "");
  });
  return seen;
}

test.describe("error reporting with APP_ENV=beta", () => {
  test.describe.configure({ mode: "serial", timeout: 60_000 });
  let server: ChildProcess | undefined;
  let exited = false;
  let dataDir = "";
  const output: string[] = [];

  test.beforeAll(async () => {
    // A cold build of every pre-rendered variant took over six minutes on a slow day of this 2-core machine.
    test.setTimeout(960_000);
    if (process.env.E2E_BETA_REUSE) {
      // An APP_ENV=beta instance already listening on 3150/4150 (started by hand).
      await waitForUrl(`${BETA_URL}/affiliates`, 10_000, () => true);
      return;
    }
    dataDir = mkdtempSync(path.join(tmpdir(), "e2e-sentry-"));
    server = spawn(process.execPath, ["--import", "tsx", "../../scripts/start.mjs"], {
      cwd: WEB_DIR,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        APP_ENV: "beta",
        NEXT_DIST_DIR: ".next-beta",
        PORT: String(BETA_PORT),
        API_PORT: String(BETA_API_PORT),
        DATA_DIR: dataDir,
        ADMIN_TOKEN,
        ENABLE_TEST_ROUTES: "1",
        PUBLIC_ORIGIN: BETA_URL,
        LOG: "false",
      },
    });
    server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.on("exit", () => {
      exited = true;
    });
    try {
      await waitForUrl(`${BETA_URL}/affiliates`, 900_000, () => !exited);
      await waitForUrl(`http://127.0.0.1:${BETA_API_PORT}/v1/mix/system/getDomainConfigList`, 30_000, () => !exited);
    } catch (error) {
      throw new Error(`${String(error)}\n${output.join("").slice(-4000)}`);
    }
  });

  test.afterAll(async () => {
    if (server?.pid && !exited) {
      const done = new Promise((resolve) => server?.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 8000))]);
      if (!exited) process.kill(-server.pid, "SIGKILL");
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("an uncaught error and unhandled rejections arrive through the tunnel, stored and scrubbed", async ({ page, request }) => {
    const tunnel = watchTunnel(page);
    const marker = `${Date.now()}`;
    await page.goto(`${BETA_URL}/affiliates/fee?password=hunter2&email=a@b.c&token=xyz-token-value`, { waitUntil: "load" });
    // Before the SDK is in (it loads after the page): queued by the early handlers, sent once it is.
    await page.evaluate((m) => {
      setTimeout(() => {
        throw new Error(`e2e early ${m}`);
      }, 0);
    }, marker);
    await page.waitForFunction(() => "__SENTRY__" in globalThis, undefined, { timeout: 15_000 });
    await page.evaluate((m) => {
      // breadcrumbs: a console message and a request that both carry sensitive parameters
      console.log(`login_name=bob-login&password=hunter2 ${m}`);
      void fetch("/v1/mix/system/getDomainConfigList?token=xyz-token-value&email=a@b.c").catch(() => undefined);
      setTimeout(() => {
        throw new Error(`e2e uncaught ${m}`);
      }, 200);
      setTimeout(() => void Promise.reject(new Error(`e2e rejection ${m}`)), 250);
      // a non-Error rejection: its fields travel as the event's extra data
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a plain-object reason is the point
      setTimeout(() => void Promise.reject({ password: "hunter2", email: "a@b.c", accessToken: "xyz-token-value", note: `e2e extra ${m}` }), 300);
    }, marker);

    await expect
      .poll(async () => (await storedEvents(request)).filter((e) => e.message.includes(marker)).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    await expect.poll(() => tunnel.bodies.some((body) => body.includes(`e2e extra ${marker}`)), { timeout: 15_000 }).toBe(true);
    const events = await storedEvents(request);
    expect(events.some((e) => /captured as (promise rejection|exception) with keys: accessToken, email, note, password/.test(e.message))).toBe(true);
    const uncaught = events.find((e) => e.message.includes(`e2e uncaught ${marker}`));
    const rejection = events.find((e) => e.message.includes(`e2e rejection ${marker}`));
    expect(uncaught).toMatchObject({ level: "error", url: `${BETA_URL}/affiliates/fee?password=[Filtered]&email=[Filtered]&token=[Filtered]` });
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
    expect(tunnel.requests.every((r) => r.method() === "POST" && new URL(r.url()).pathname === "/v1/sentry/1")).toBe(true);
    for (const event of events) {
      for (const secret of SECRETS) expect(JSON.stringify(event)).not.toContain(secret);
    }
  });

  test("a render crash arrives too", async ({ page, request }) => {
    await page.goto(`${BETA_URL}/affiliates/e2e-crash`, { waitUntil: "load" });
    await expect
      .poll(async () => (await storedEvents(request)).some((e) => e.message.includes("e2e render crash") && e.url?.includes("/affiliates/e2e-crash")), {
        timeout: 30_000,
      })
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
