// @ts-check
// The phases of `npm run bench` that measure in Chromium what a phone gets (architecture.md "Budgets", issue 36):
// - js: every script response a page's load brings until the network is quiet, gzip -9 of each body (BENCH_ONLY=js);
// - inp: Interaction to Next Paint of the main interactions, web-vitals' onINP at 4x CPU slowdown (BENCH_ONLY=inp).
// Both at 390 px with touch, in fresh browser contexts (nothing cached), in one Chromium.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

/**
 * @typedef {import("@playwright/test").Browser} Browser
 * @typedef {import("@playwright/test").Page} Page
 * @typedef {import("@playwright/test").Request} Request
 * @typedef {{ scripts: number, raw: number, gzip: number, brotli: number }} ScriptTotals
 * @typedef {{
 *   name: string, path: string, session: boolean,
 *   ready: (page: Page) => Promise<void>, interact: (page: Page) => Promise<void>,
 * }} InpScenario
 * @typedef {typeof globalThis & { __benchInp?: number }} BenchWindow the page's window, with the INP the init script keeps
 */

const require = createRequire(import.meta.url);
/** web-vitals' IIFE build (exposes `webVitals`), injected into every page of the INP phase before its own scripts. */
const WEB_VITALS = readFileSync(
  path.join(path.dirname(require.resolve("web-vitals")), "web-vitals.iife.js"), // not in its exports map
  "utf8",
);

/** A phone: 390 px wide, touch, 3x pixels (the viewport of issue 36/37's measurements). */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** The network is quiet when no request has been in flight for this long (scripts loaded when idle come later). */
const QUIET_MS = 2_000;
const QUIET_LIMIT_MS = 45_000;
/** The CPU slowdown of the INP phase (CDP Emulation.setCPUThrottlingRate), as issue 36 sets it. */
const CPU_SLOWDOWN = 4;
/** web-vitals reports interactions from this duration on (its least; the default, 40 ms, would hide short ones). */
const INP_THRESHOLD_MS = 16;

export const launchBrowser = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--disable-quic"] });

/**
 * The [name, value] pairs of a `Cookie` header's value, as cookies of `origin` for a browser context.
 * @param {string} cookie @param {string | undefined} origin
 */
const contextCookies = (cookie, origin) =>
  cookie.split("; ").map((pair) => {
    const [name, ...value] = pair.split("=");
    return { name: /** @type {string} */ (name), value: value.join("="), url: origin }; // split gives at least one part
  });

/** A fresh phone context, logged in when `cookie` is given. @param {Browser} browser @param {{ cookie?: string, origin?: string }} options */
async function phoneContext(browser, { cookie, origin }) {
  const context = await browser.newContext(PHONE);
  if (cookie) await context.addCookies(contextCookies(cookie, origin));
  return context;
}

/**
 * Tracks a page's requests; `quiet()` resolves once none has been in flight for QUIET_MS (or after QUIET_LIMIT_MS,
 * reported as `quietTimedOut`).
 */
/** @param {Page} page */
function networkWatch(page) {
  /** @type {Set<Request>} */
  const inFlight = new Set();
  let lastActivity = Date.now();
  const touch = () => {
    lastActivity = Date.now();
  };
  page.on("request", (request) => {
    inFlight.add(request);
    touch();
  });
  const done = (/** @type {Request} */ request) => {
    inFlight.delete(request);
    touch();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    async quiet() {
      const started = Date.now();
      while (Date.now() - started < QUIET_LIMIT_MS) {
        if (inFlight.size === 0 && Date.now() - lastActivity >= QUIET_MS) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    },
  };
}

/**
 * What a phone downloads of a page's JavaScript: every script response from the navigation until the network is quiet
 * (Next's `noModule` polyfill is never fetched by a current browser, so it is not counted), each body compressed with
 * gzip -9 (and brotli, shown). `firstPaint`: the scripts requested before the page's first contentful paint; `all`:
 * every one until quiet. `scripts` names each with its gzip size, for finding what a page brings.
 * @param {Browser} browser @param {string} url @param {{ cookie?: string, origin?: string }} [options]
 */
export async function pageScripts(browser, url, { cookie, origin } = {}) {
  const context = await phoneContext(browser, { cookie, origin });
  const page = await context.newPage();
  const watch = networkWatch(page);
  // Each body is read as its request finishes; Chromium does not keep every one (a script checked against its SRI
  // hash, for one), and then the same URL is fetched again: a static file, the same bytes.
  /** @type {Promise<{ url: string, status: number, requestedAt: number, body: Buffer | undefined }>[]} */
  const bodies = [];
  page.on("requestfinished", (request) => {
    // blob: and data: scripts are made in the page, not downloaded.
    if (request.resourceType() !== "script" || !/^https?:/.test(request.url())) return;
    bodies.push(
      request.response().then(async (response) => ({
        url: request.url(),
        status: response?.status() ?? 0,
        requestedAt: request.timing().startTime,
        body: await response
          ?.body()
          .catch(async () => Buffer.from(await (await context.request.get(request.url())).body())),
      })),
    );
  });
  const navigation = await page.goto(url, { waitUntil: "load" });
  if (!navigation?.ok()) throw new Error(`${url}: ${navigation?.status()}`);
  const quiet = await watch.quiet();
  const fcpAt = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    return fcp ? performance.timeOrigin + fcp.startTime : null;
  });
  /** @returns {ScriptTotals} */
  const sum = () => ({ scripts: 0, raw: 0, gzip: 0, brotli: 0 });
  const firstPaint = sum();
  const all = sum();
  /** @type {{ url: string, gzip: number, beforePaint: boolean }[]} */
  const scripts = [];
  for (const { url: src, status, requestedAt, body } of await Promise.all(bodies)) {
    if (status >= 400 || !body) throw new Error(`${src} of ${url}: ${status}`);
    const sizes = {
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body).length,
    };
    const beforePaint = fcpAt !== null && requestedAt <= fcpAt;
    for (const total of beforePaint ? [firstPaint, all] : [all]) {
      total.scripts += 1;
      total.raw += sizes.raw;
      total.gzip += sizes.gzip;
      total.brotli += sizes.brotli;
    }
    scripts.push({ url: new URL(src).pathname, gzip: sizes.gzip, beforePaint });
  }
  await context.close();
  return { firstPaint, all, quiet, scripts };
}

/**
 * The interactions of architecture.md's INP budget. Each `open`s its page (logged in when `session`), gets ready (hydrated,
 * the part below the fold loaded), then `interact`s as a thumb does and waits for the effect on screen.
 * @type {InpScenario[]}
 */
export const INP_SCENARIOS = [
  {
    name: "language sheet (menu, then the language row)",
    path: "/affiliates",
    session: false,
    async ready(page) {
      await page.getByTestId("menu-button").and(page.locator(":not([disabled])")).waitFor();
    },
    async interact(page) {
      await page.getByTestId("menu-button").tap();
      const sheet = page.locator("dialog.nav-sheet");
      await sheet.waitFor({ state: "visible" });
      await sheet.getByTestId("language-button").tap();
      await sheet.getByTestId("language-list").waitFor({ state: "visible" });
    },
  },
  {
    name: "dashboard period (a preset)",
    path: "/affiliates/dashboard",
    session: true,
    async ready(page) {
      await page.locator('[data-testid="figures"][aria-busy="false"]').waitFor();
      await page.locator('[role="group"] button[aria-pressed="false"]:not([disabled])').first().waitFor();
    },
    async interact(page) {
      const preset = page.locator('section[aria-labelledby="performance-title"] [role="group"] button').first();
      const pressed = await preset.getAttribute("aria-pressed");
      const target = pressed === "true" ? preset.locator("xpath=following-sibling::button[1]") : preset;
      await target.tap();
      await page.waitForFunction((el) => el.getAttribute("aria-pressed") === "true", await target.elementHandle());
    },
  },
  {
    name: "a link's poster",
    path: "/affiliates/dashboard",
    session: true,
    async ready(page) {
      await revealPart(page, "links");
      await page.getByTestId("link-poster-open").first().waitFor();
    },
    async interact(page) {
      await page.getByTestId("link-poster-open").first().tap();
      await page.getByTestId("link-poster").waitFor({ state: "visible" });
    },
  },
  {
    name: "link form submit",
    path: "/affiliates/dashboard",
    session: true,
    async ready(page) {
      await revealPart(page, "links");
      await page.getByTestId("link-form").waitFor();
      await page.getByTestId("link-label-input").fill(`Bench ${Date.now().toString(36)}`);
      await page.getByTestId("link-create").scrollIntoViewIfNeeded();
    },
    async interact(page) {
      const created = page.waitForResponse((r) => r.request().method() === "POST" && /link/i.test(r.url()));
      await page.getByTestId("link-create").tap();
      const response = await created;
      if (!response.ok()) throw new Error(`link form: ${response.status()}`);
      await page.getByTestId("link-label-input").and(page.locator('[value=""]')).waitFor();
    },
  },
  {
    // On a phone the invitees are cards under antd's simple pager: previous, "1/N", next.
    name: "invitee page (next page)",
    path: "/affiliates/dashboard",
    session: true,
    async ready(page) {
      await revealPart(page, "invitees");
      await page
        .locator('section[aria-labelledby="invitees-title"] li.bit-pagination-next[aria-disabled="false"]')
        .waitFor();
    },
    async interact(page) {
      const section = page.locator('section[aria-labelledby="invitees-title"]');
      await section.locator("li.bit-pagination-next button").tap();
      await section.locator('.bit-pagination-simple-pager input[value="2"]').waitFor();
    },
  },
];

/**
 * Scrolls a dashboard part below the fold into view and waits until it has loaded (as e2e/dashboard-helpers.ts).
 * @param {Page} page @param {string} name
 */
async function revealPart(page, name) {
  const part = page.locator(`[data-deferred="${name}"]`);
  await part.scrollIntoViewIfNeeded();
  await page.locator(`[data-deferred="${name}"][data-ready="true"]`).waitFor();
  await page.waitForLoadState("networkidle");
  await part.scrollIntoViewIfNeeded();
}

/**
 * The 75th percentile (nearest rank) of a list; the lists given are never empty (at least one try).
 * @param {number[]} values @returns {number}
 */
export const p75 = (values) =>
  /** @type {number} */ ([...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.75) - 1]);

/**
 * One try of a scenario in a fresh context: the page loads at full speed until hydrated and quiet, then the CPU is
 * slowed 4x and the interaction runs; its INP is web-vitals' (onINP, reportAllChanges: the longest interaction of the
 * try, each from input to the next paint). An interaction web-vitals does not report took under INP_THRESHOLD_MS.
 * @param {Browser} browser @param {InpScenario} scenario @param {{ origin: string, cookie?: string }} options
 */
async function inpTry(browser, scenario, { origin, cookie }) {
  const context = await phoneContext(browser, { cookie: scenario.session ? cookie : undefined, origin });
  await context.addInitScript({
    content: `${WEB_VITALS}\n;webVitals.onINP((metric) => { window.__benchInp = metric.value; }, { reportAllChanges: true, durationThreshold: ${INP_THRESHOLD_MS} });`,
  });
  const page = await context.newPage();
  const watch = networkWatch(page);
  try {
    await page.goto(`${origin}${scenario.path}`, { waitUntil: "load" });
    await scenario.ready(page);
    await watch.quiet();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await scenario.interact(page);
    // Event Timing entries arrive after the interaction's next paint; give them a few frames.
    // waitForFunction resolves once the value is truthy: the number web-vitals reported.
    const inp = await page
      .waitForFunction(() => /** @type {number} */ (/** @type {BenchWindow} */ (globalThis).__benchInp), undefined, {
        timeout: 3_000,
        polling: 100,
      })
      .then((handle) => handle.jsonValue())
      .catch(() => null);
    return inp === null ? { ms: INP_THRESHOLD_MS, below: true } : { ms: Math.round(inp), below: false };
  } finally {
    await context.close();
  }
}

/**
 * `runs` tries of every scenario: p75 of each (and every try's figure).
 * @param {Browser} browser
 * @param {{ origin: string, cookie?: string, runs?: number, log?: (line: string) => void }} options
 */
export async function measureInp(browser, { origin, cookie, runs = 5, log = console.log }) {
  /** @type {NonNullable<import("./bench-report.mjs").BenchResults["inp"]>} */
  const results = {};
  for (const scenario of INP_SCENARIOS) {
    const tries = [];
    for (let i = 0; i < runs; i++) tries.push(await inpTry(browser, scenario, { origin, cookie }));
    const values = tries.map((t) => t.ms);
    results[scenario.name] = { path: scenario.path, p75Ms: p75(values), runsMs: values };
    log(`[bench] INP ${scenario.name}: p75 ${p75(values)} ms (${values.join(", ")})`);
  }
  return results;
}
