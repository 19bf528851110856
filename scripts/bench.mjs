#!/usr/bin/env node
// @ts-check
// npm run bench: builds the product and a bare Next.js page, starts both, and measures them against the budgets of
// docs/architecture.md. Writes bench/results.json and bench/results.md; exits non-zero when a budget is broken.
// Not part of npm test: timings on a shared 2-core machine are noisy, so they are reported, not unit-tested.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error -- autocannon ships no types (and @types/autocannon is not a dependency): its import is `any`; what
// the bench gives it and reads from it is typed below (AutocannonOptions, AutocannonResult).
import autocannon from "autocannon";
import { PAGES as SITE_PAGES } from "../apps/web/src/lib/pages.ts";
import { DEVICE_TOKEN_APP_IDS } from "../packages/contracts/src/device-token-constants.ts";
import { endpointUrl } from "../packages/contracts/src/endpoints.ts";
import { launchBrowser, measureInp, pageScripts } from "./bench-browser.mjs";
import { createLighthouse, median, summarise } from "./bench-lighthouse.mjs";
import { eventBatch } from "./bench-load.mjs";
import { reportLines } from "./bench-report.mjs";

/**
 * @typedef {import("./bench-report.mjs").BenchResults} BenchResults
 * @typedef {import("./bench-lighthouse.mjs").LighthouseSummary} LighthouseSummary
 * @typedef {import("@playwright/test").Browser} Browser
 * @typedef {{ method?: string, path?: string, headers?: Record<string, string>, body?: string }} AutocannonRequest
 * @typedef {{
 *   url: string, method?: string, headers?: Record<string, string>, body?: string, duration?: number,
 *   connections?: number, requests?: { setupRequest: (req: AutocannonRequest) => AutocannonRequest }[],
 * }} AutocannonOptions what the bench passes to autocannon
 * @typedef {{
 *   requests: { average: number, total: number }, latency: { p50: number, p99: number },
 *   errors: number, timeouts: number, non2xx?: number,
 * }} AutocannonResult the part of autocannon's result the bench reads
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4300);
const BARE_PORT = PORT + 1;
/** A second web instance of the same build, serving pages without the after-paint loader (AFTER_PAINT=off). */
const NO_LOADER_PORT = PORT + 2;
const ORIGIN = `http://localhost:${PORT}`;
const BARE = `http://localhost:${BARE_PORT}`;
const NO_LOADER = `http://localhost:${NO_LOADER_PORT}`;
const DATA_DIR = path.join(root, ".bench-data");
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const SSR_SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 5);
/** BENCH_FULL=1: Lighthouse on every page; otherwise on the bare page and one group of pages per run, in rotation. */
const FULL = process.env.BENCH_FULL === "1";
const LH_GROUPS = 3;
const ROTATION_FILE = path.join(root, "bench", ".lighthouse-rotation");
/**
 * BENCH_ONLY=js,ssr,api,analytics,feed,load,lighthouse,afterpaint,inp,scale runs a subset while iterating; all is the
 * default.
 */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? "js,ssr,api,analytics,feed,load,lighthouse,afterpaint,inp,scale").split(","),
);
/** The phases that measure the running product (the scale phase builds its own API in-process on PostgreSQL). */
const PRODUCT_PHASES = ["js", "ssr", "api", "analytics", "feed", "load", "lighthouse", "afterpaint", "inp"];
/** INP tries per interaction (architecture.md: p75 of 5). */
const INP_RUNS = Number(process.env.BENCH_INP_RUNS ?? 5);
/** The pages whose LCP and TBT are measured with and without the after-paint loader (issue 37). */
const AFTER_PAINT_PAGES = ["/affiliates", "/affiliates/fee", "/affiliates/vip/vipIntroduce", "/affiliates/dashboard"];
/** The load run (scripts/bench-load.mjs): its own API on this port, restarted half-way, on SQLite then PostgreSQL. */
const LOAD_API_PORT = Number(process.env.BENCH_LOAD_API_PORT ?? API_PORT + 10);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** PostgreSQL of the load run; a fresh schema is created in it and dropped. BENCH_PG_URL=none skips the PostgreSQL run. */
const LOAD_PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** How long the whole bench may take on this machine, the scale phase aside (it feeds 2,000,000 fills alone). */
const BENCH_MINUTES_LIMIT = 15;

/** Budgets of architecture.md ("Budgets"): ratios to the bare page measured in the same run, and Lighthouse's scores. */
const BUDGET = {
  enqueueMicroseconds: 20,
  ingestEventsPerSecond: 20_000,
  feedFillsPerSecond: 5_000,
  // The scale phase (architecture.md "Data at scale"): a top partner's data on PostgreSQL.
  scaleCallP95Ms: 200,
  scaleSmallRatio: 1.5,
  scaleExportSeconds: 5,
  scaleExportRssMb: 64,
  scaleSettleDayMs: 1_000,
  // JS a phone downloads until the network is quiet (Chromium, 390 px, gzip -9), all of it.
  firstLoadRatioPublic: 1.35,
  firstLoadRatioDashboard: 1.6,
  tbtRatio: 1.5,
  lcpRatio: 1.2,
  inpMs: 200,
  cls: 0.02,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  ssrRatio: 0.6,
};

/**
 * Every page of the PAGES registry (so a new page is measured without touching the bench), plus Arabic's landing
 * page. Pages that need a login are measured logged in; only the dashboard has the larger first-load budget.
 */
const PAGES = [
  ...Object.entries(SITE_PAGES).map(([key, page]) => ({
    name: `/affiliates${page.path}`,
    path: `/affiliates${page.path}`,
    session: page.requiresLogin,
    dashboard: key === "dashboard",
  })),
  { name: "/ar/affiliates", path: "/ar/affiliates", session: false, dashboard: false },
];

const benchStartedAt = Date.now();
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
/** The headers of a browser's navigation: HTML first, compression on. */
const DOCUMENT = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
};
/** @type {import("node:child_process").ChildProcess[]} */
const children = [];
/** @type {string[]} */
const broken = [];
// The cast: the phases fill in the rest. `lighthouse` starts empty, so a run that stops before that phase
// (BENCH_ONLY=scale) still reports.
const results = /** @type {BenchResults} */ ({
  when: new Date().toISOString(),
  // The load average (1, 5, 15 min) at the start and the end: other work on the machine shows in it.
  machine: { cpus: os.cpus().length, loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))) },
  budgets: BUDGET,
  lighthouse: {},
});

/** @param {string} command @param {string[]} args @param {string} cwd */
function sh(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, env, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** @param {string} command @param {string[]} args @param {string} cwd @param {Record<string, string>} [extraEnv] */
function start(command, args, cwd, extraEnv) {
  const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

/** @param {string} url */
async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** @param {string} url */
async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

function stopAll() {
  for (const child of children) child.kill("SIGTERM");
}
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143)); // the "exit" handler stops the servers

async function login() {
  // Login is a sensitive call: it needs a device token (dy-token), issued as the token SDK gets one.
  const issued = await fetch(`${ORIGIN}${endpointUrl("deviceTokenIssue")}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appId: DEVICE_TOKEN_APP_IDS.online, fingerprint: "bench-fingerprint-0123456789" }),
  });
  const { token } = (await issued.json()).data;
  const response = await fetch(`${ORIGIN}${endpointUrl("login")}`, {
    method: "POST",
    headers: { "content-type": "application/json", "dy-token": token },
    body: JSON.stringify({ email: "affiliate@example.com", password: "Affiliate#2026" }),
  });
  // The session cookie and its readable hint (has_refresh_token), as a browser would send them.
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("refresh_token=")) throw new Error("bench login failed");
  return cookie;
}

/** @param {AutocannonOptions} opts @returns {Promise<AutocannonResult>} */
function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: 20, duration: SSR_SECONDS, ...opts },
      (/** @type {Error | null} */ error, /** @type {AutocannonResult} */ result) =>
        error ? reject(error) : resolve(result),
    );
  });
}

/** @param {AutocannonResult} r */
const summary = (r) => ({
  requestsPerSecond: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  total: r.requests.total,
});

// --- data at scale (first: it needs no product, and the machine is quiet) ---
let scaleMinutes = 0;
if (ONLY.has("scale")) {
  console.log("[bench] data at scale (PostgreSQL)…");
  const scaleStarted = Date.now();
  const { runScaleBench, scaleBudgetBreaks } = await import("./bench-scale.mjs");
  results.scale = await runScaleBench();
  broken.push(...scaleBudgetBreaks(results.scale, BUDGET));
  scaleMinutes = (Date.now() - scaleStarted) / 60_000;
  results.scale.minutes = Number(scaleMinutes.toFixed(1));
  if (!PRODUCT_PHASES.some((phase) => ONLY.has(phase))) finish();
}

// --- build and start ---
// The product is built by start.mjs when its build is missing or older than its sources, once the API is up: the
// pages' offers are rendered into their HTML from it. The bare page is built here.
if (process.env.BENCH_SKIP_BUILD === "1") {
  console.log("[bench] BENCH_SKIP_BUILD=1: using the existing bare build");
} else {
  console.log("[bench] building the bare page…");
  sh(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], path.join(root, "bench/bare"));
}
// A server left on one of these ports (another run, a crashed start) would be measured instead of this build.
for (const port of [PORT, API_PORT, BARE_PORT, NO_LOADER_PORT]) {
  if (await answers(`http://127.0.0.1:${port}/`))
    throw new Error(`port ${port} is taken: stop what listens there (or set BENCH_PORT / BENCH_API_PORT)`);
}
rmSync(DATA_DIR, { recursive: true, force: true });
mkdirSync(DATA_DIR, { recursive: true });
start(process.execPath, ["--import", "tsx", "scripts/start.mjs"], root, {
  PORT: String(PORT),
  API_PORT: String(API_PORT),
  DATA_DIR,
  LOG: "false",
  RATE_LIMIT_MAX: "100000000",
  ANALYTICS_RATE_LIMIT_MAX: "100000000",
  PUBLIC_ORIGIN: ORIGIN,
  // Production mode (architecture.md "Budgets"): error reporting on, its tunnel on the product's own origin; the demo
  // data is off by default online, and the logged-in pages need the demo accounts.
  APP_ENV: "online",
  SENTRY_DSN: "https://benchpublic@localhost/1",
  SEED: "true",
});
start(
  process.execPath,
  [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(BARE_PORT)],
  path.join(root, "bench/bare"),
);
// start.mjs rebuilds first when sources changed after the build above (others at work): allow for a build.
await waitFor(`${ORIGIN}/affiliates`, 900_000);
await waitFor(`${BARE}/`);
const cookie = await login();
if (ONLY.has("afterpaint")) {
  // The same build served without the after-paint loader, next to the product (its API, its settings).
  start(process.execPath, ["server.mjs"], path.join(root, "apps/web"), {
    PORT: String(NO_LOADER_PORT),
    API_PORT: String(API_PORT),
    APP_ENV: "online",
    SENTRY_DSN: "https://benchpublic@localhost/1",
    PUBLIC_ORIGIN: NO_LOADER,
    AFTER_PAINT: "off",
  });
  await waitFor(`${NO_LOADER}/affiliates`);
}
const browser = ONLY.has("js") || ONLY.has("inp") ? await launchBrowser() : undefined;

// --- JS a phone downloads ---
if (ONLY.has("js")) {
  console.log("[bench] JS a phone downloads (Chromium, 390 px, until the network is quiet)…");
  // The casts: the browser is launched above whenever js or inp runs.
  const bareJs = await pageScripts(/** @type {Browser} */ (browser), `${BARE}/`);
  results.firstLoadJs = { bare: bareJs, pages: {} };
  /** @param {number} a @param {number} b */
  const ratio = (a, b) => Number((a / Math.max(b, 1)).toFixed(2));
  for (const page of PAGES) {
    const js = await pageScripts(/** @type {Browser} */ (browser), `${ORIGIN}${page.path}`, {
      cookie: page.session ? cookie : undefined,
      origin: ORIGIN,
    });
    const limit = page.dashboard ? BUDGET.firstLoadRatioDashboard : BUDGET.firstLoadRatioPublic;
    const entry = {
      ...js,
      ratioGzip: ratio(js.all.gzip, bareJs.all.gzip),
      ratioBrotli: ratio(js.all.brotli, bareJs.all.brotli),
      ratioFirstPaintGzip: ratio(js.firstPaint.gzip, bareJs.firstPaint.gzip),
      limit,
    };
    results.firstLoadJs.pages[page.name] = entry;
    if (!js.quiet) broken.push(`JS of ${page.name}: the network was not quiet within 45 s`);
    if (entry.ratioGzip > limit)
      broken.push(`JS of ${page.name}: ${entry.ratioGzip}× the bare page until quiet (budget ${limit}×)`);
  }
}

// --- SSR throughput ---
if (ONLY.has("ssr")) {
  console.log("[bench] SSR throughput…");
  // Every page as a browser's navigation asks for it (Accept: text/html, compression on), logged in where it needs
  // a login; the bare page before and after them, and the lower of the two is the reference (drift on this machine).
  // Each measurement follows a one-second warm-up of the same URL, not counted: steady state, not the first reads
  // of a page from disk or the JIT's first pass, is what is compared.
  /** @param {AutocannonOptions} opts */
  const measured = async (opts) => {
    await cannon({ ...opts, duration: 1 });
    return summary(await cannon(opts));
  };
  const bareBefore = await measured({ url: `${BARE}/`, headers: DOCUMENT });
  /** @type {Record<string, ReturnType<typeof summary>>} */
  const pages = {};
  for (const page of PAGES) {
    pages[page.name] = await measured({
      url: `${ORIGIN}${page.path}`,
      headers: page.session ? { ...DOCUMENT, cookie } : DOCUMENT,
    });
  }
  const bareAfter = await measured({ url: `${BARE}/`, headers: DOCUMENT });
  const bareSsr = bareBefore.requestsPerSecond <= bareAfter.requestsPerSecond ? bareBefore : bareAfter;
  results.ssr = { bare: bareSsr, bareRuns: [bareBefore.requestsPerSecond, bareAfter.requestsPerSecond], pages: {} };
  for (const [name, s] of Object.entries(pages)) {
    const ratio = Number((s.requestsPerSecond / bareSsr.requestsPerSecond).toFixed(2));
    results.ssr.pages[name] = { ...s, ratio };
    if (ratio < BUDGET.ssrRatio)
      broken.push(`SSR throughput of ${name}: ${ratio}× the bare page (budget ≥ ${BUDGET.ssrRatio}×)`);
    if (s.errors > 0) broken.push(`SSR of ${name}: ${s.errors} errors`);
  }
}

// --- Lighthouse ---
// Before the API, feed and load runs: they leave the machine busy after they end (the databases write back and
// vacuum what they took in), and Lighthouse's blocking time is the measure most sensitive to a busy machine.
results.lighthouse = {};
if (ONLY.has("lighthouse")) {
  // Every page in the full mode; otherwise one group of pages per run, the next group on the next run.
  let measured = PAGES;
  if (!FULL) {
    let turn = 0;
    try {
      turn = Number(readFileSync(ROTATION_FILE, "utf8")) || 0;
    } catch {
      // first run
    }
    measured = PAGES.filter((_, index) => index % LH_GROUPS === turn % LH_GROUPS);
    writeFileSync(ROTATION_FILE, String((turn + 1) % LH_GROUPS));
    results.lighthouseRotation = { group: (turn % LH_GROUPS) + 1, of: LH_GROUPS };
  }
  console.log(
    `[bench] Lighthouse 12.2.3, ${LH_RUNS} runs per page, ${measured.length} of ${PAGES.length} pages${FULL ? "" : " (BENCH_FULL=1 for all)"}…`,
  );
  // The bare page is the reference every page's TBT and LCP are divided by (architecture.md: ratios in one run). It is
  // measured before the pages and after them, and the reference is the median of both sets of runs: the machine
  // drifts in the minutes the pages take, and one set at the start would be the reference of the first pages only.
  const lighthouse = createLighthouse({ runs: LH_RUNS, origin: ORIGIN });
  const bareBefore = await lighthouse.runs(`${BARE}/`);
  // Public pages first: the browser gets the session's cookies for the pages that need a login, and keeps them.
  // Each page's summary gets its ratios to the bare page (tbtRatio, lcpRatio) in the loop below, before it is stored.
  /** @type {[(typeof PAGES)[number], LighthouseSummary & { tbtRatio: number, lcpRatio: number }][]} */
  const pageRuns = [];
  for (const page of [...measured.filter((p) => !p.session), ...measured.filter((p) => p.session)]) {
    pageRuns.push([
      page,
      /** @type {LighthouseSummary & { tbtRatio: number, lcpRatio: number }} */ (
        await lighthouse.runs(`${ORIGIN}${page.path}`, page.session ? cookie : undefined)
      ),
    ]);
  }
  const bareAfter = await lighthouse.runs(`${BARE}/`);
  results.lighthouseBare = summarise([...bareBefore.samples, ...bareAfter.samples]);
  results.lighthouseBareRuns = {
    tbtMs: [bareBefore.tbtMs, bareAfter.tbtMs],
    lcpMs: [bareBefore.lcpMs, bareAfter.lcpMs],
  };
  const bare = results.lighthouseBare;
  for (const [page, lh] of pageRuns) {
    lh.tbtRatio = Number((lh.tbtMs / Math.max(bare.tbtMs, 1)).toFixed(2));
    lh.lcpRatio = Number((lh.lcpMs / Math.max(bare.lcpMs, 1)).toFixed(2));
    results.lighthouse[page.name] = lh;
    if (lh.tbtRatio > BUDGET.tbtRatio)
      broken.push(
        `TBT of ${page.name}: ${lh.tbtMs} ms, ${lh.tbtRatio}× the bare page's ${bare.tbtMs} ms (budget ≤ ${BUDGET.tbtRatio}×)`,
      );
    if (lh.lcpRatio > BUDGET.lcpRatio)
      broken.push(
        `LCP of ${page.name}: ${lh.lcpMs} ms, ${lh.lcpRatio}× the bare page's ${bare.lcpMs} ms (budget ≤ ${BUDGET.lcpRatio}×)`,
      );
    if (lh.cls > BUDGET.cls) broken.push(`CLS of ${page.name}: ${lh.cls} (budget ≤ ${BUDGET.cls})`);
    if (lh.accessibility < BUDGET.accessibility)
      broken.push(`Lighthouse accessibility of ${page.name}: ${lh.accessibility} (budget ${BUDGET.accessibility})`);
    if (lh.bestPractices < BUDGET.bestPractices)
      broken.push(`Lighthouse best practices of ${page.name}: ${lh.bestPractices} (budget ${BUDGET.bestPractices})`);
    if (lh.seo < BUDGET.seo) broken.push(`Lighthouse SEO of ${page.name}: ${lh.seo} (budget ${BUDGET.seo})`);
  }
  await lighthouse.close();
}

// --- LCP and TBT with and without the after-paint loader (issue 37: keep what it bought only where it costs no taps) ---
if (ONLY.has("afterpaint")) {
  console.log(`[bench] Lighthouse with and without the after-paint loader, ${AFTER_PAINT_PAGES.length} pages…`);
  // Both instances in one browser, runs interleaved page by page so that the machine's drift hits both alike.
  const lighthouse = createLighthouse({ runs: LH_RUNS, origin: ORIGIN });
  const withoutLighthouse = createLighthouse({ runs: LH_RUNS, origin: NO_LOADER });
  results.afterPaint = { pages: {} };
  for (const pagePath of AFTER_PAINT_PAGES) {
    const session = PAGES.find((p) => p.path === pagePath)?.session ? cookie : undefined;
    const withLoader = await lighthouse.runs(`${ORIGIN}${pagePath}`, session);
    const withoutLoader = await withoutLighthouse.runs(`${NO_LOADER}${pagePath}`, session);
    /** @param {LighthouseSummary} r */
    const pick = (r) => ({ lcpMs: r.lcpMs, tbtMs: r.tbtMs, cls: r.cls, performance: r.performance });
    results.afterPaint.pages[pagePath] = { with: pick(withLoader), without: pick(withoutLoader) };
  }
  await lighthouse.close();
  await withoutLighthouse.close();
}

// --- Interaction to Next Paint (4x CPU slowdown, 390 px, p75 of 5) ---
if (ONLY.has("inp")) {
  console.log(`[bench] INP, web-vitals onINP, 4× CPU slowdown, ${INP_RUNS} tries per interaction…`);
  results.inp = await measureInp(/** @type {Browser} */ (browser), { origin: ORIGIN, cookie, runs: INP_RUNS });
  for (const [name, r] of Object.entries(results.inp)) {
    if (r.p75Ms > BUDGET.inpMs) broken.push(`INP of ${name}: p75 ${r.p75Ms} ms (budget ≤ ${BUDGET.inpMs} ms)`);
  }
}
await browser?.close();

// --- API ---
if (ONLY.has("api")) {
  console.log("[bench] API…");
  const userInfo = summary(
    await cannon({
      url: `http://127.0.0.1:${API_PORT}${endpointUrl("userInfo")}`,
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ terminalCode: "bench", locale: "en" }),
    }),
  );
  results.api = { ...results.api, "user info": userInfo };
  if (userInfo.errors > 0) broken.push(`user info: ${userInfo.errors} errors`);
}

// --- analytics: SDK enqueue cost and API ingest throughput ---
if (ONLY.has("analytics")) {
  console.log("[bench] analytics…");
  const { measureEnqueue } = await import("../packages/analytics/src/index.ts");
  const runs = [1, 2, 3].map(() => measureEnqueue(20_000));
  const perEvent = median(runs.map((r) => r.perEventUs));
  results.analytics = { enqueueMicrosecondsPerEvent: Number(perEvent.toFixed(2)) };
  if (perEvent > BUDGET.enqueueMicroseconds)
    broken.push(`analytics enqueue: ${perEvent.toFixed(2)} µs/event (budget ≤ ${BUDGET.enqueueMicroseconds})`);

  let batch = 0;
  // The SDK's ids (the API refuses others): session = device id + digits, event id = `${session}:${log_seq}`.
  const session = `bench-device${Date.now()}${process.pid}`;
  const batchBody = () =>
    JSON.stringify(eventBatch({ session, deviceId: "bench-device", batchNo: ++batch, origin: ORIGIN, label: "Bench" }));
  const ingest = summary(
    await cannon({
      url: `http://127.0.0.1:${API_PORT}${endpointUrl("analyticsIngest")}`,
      method: "POST",
      headers: { "content-type": "application/json" },
      connections: 8,
      requests: [{ setupRequest: (/** @type {AutocannonRequest} */ req) => ({ ...req, body: batchBody() }) }],
    }),
  );
  const eventsPerSecond = ingest.requestsPerSecond * 50;
  results.api = { ...results.api, "analytics ingest (batches of 50)": { ...ingest, eventsPerSecond } };
  if (ingest.errors > 0) broken.push(`analytics ingest: ${ingest.errors} errors`);
  if (eventsPerSecond < BUDGET.ingestEventsPerSecond)
    broken.push(`analytics ingest: ${eventsPerSecond} events/s (budget ≥ ${BUDGET.ingestEventsPerSecond})`);
}

// --- the trade feed: fills/s into the commission engine, each attributed fill counted once ---
if (ONLY.has("feed")) {
  console.log("[bench] trade feed…");
  const { runFeedBench } = await import("./bench-feed.mjs");
  results.feed = await runFeedBench();
  if (results.feed.fillsPerSecond < BUDGET.feedFillsPerSecond)
    broken.push(`trade feed: ${results.feed.fillsPerSecond} fills/s (budget ≥ ${BUDGET.feedFillsPerSecond})`);
  if (results.feed.countedInLines !== results.feed.attributed)
    broken.push(
      `trade feed: ${results.feed.countedInLines} fills in commission lines, ${results.feed.attributed} attributed`,
    );
}

// --- load and faults ---
if (ONLY.has("load")) {
  const { runLoad } = await import("./bench-load.mjs");
  results.load = await runLoad({
    root,
    origin: ORIGIN,
    apiPort: LOAD_API_PORT,
    seconds: LOAD_SECONDS,
    postgresUrl: LOAD_PG_URL === "none" ? undefined : LOAD_PG_URL,
  });
  for (const [database, run] of Object.entries(results.load)) {
    if (run.errors > 0) broken.push(`load on ${database}: ${run.errors} requests failed after retries`);
    if (run.lost > 0) broken.push(`load on ${database}: ${run.lost} events lost`);
    if (run.restart?.gracefulExitCode !== 0)
      broken.push(`load on ${database}: the API did not close gracefully (exit ${run.restart?.gracefulExitCode})`);
  }
}

// --- report ---
finish();

/** Writes bench/results.{json,md}, prints the report, stops what the bench started and exits (non-zero on a break). */
function finish() {
  // The limit for the whole run on this 2-core machine (build included; the scale phase aside).
  results.minutes = Number(((Date.now() - benchStartedAt) / 60_000 - scaleMinutes).toFixed(1));
  if (results.minutes > BENCH_MINUTES_LIMIT)
    broken.push(`the bench took ${results.minutes} minutes (limit ${BENCH_MINUTES_LIMIT})`);
  results.machine.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
  results.broken = broken;
  mkdirSync(path.join(root, "bench"), { recursive: true });
  writeFileSync(path.join(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
  const lines = reportLines(results, broken, { BUDGET, PAGES, LH_RUNS, SSR_SECONDS, LOAD_SECONDS, INP_RUNS });
  writeFileSync(path.join(root, "bench/results.md"), lines.join("\n"));
  console.log(lines.join("\n"));
  stopAll();
  process.exit(broken.length ? 1 : 0);
}
