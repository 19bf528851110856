// @ts-check
// The report of `npm run bench`: bench/results.md from the run's results, one table per measure, opening with one line
// per page that holds every ratio to the bare page next to its budget.

import { scaleReportLines } from "./bench-scale.mjs";

/**
 * The budgets of architecture.md ("Budgets"), as bench.mjs's BUDGET holds them.
 * @typedef {{
 *   enqueueMicroseconds: number, ingestEventsPerSecond: number, feedFillsPerSecond: number, scaleCallP95Ms: number,
 *   scaleSmallRatio: number, scaleExportSeconds: number, scaleExportRssMb: number, scaleSettleDayMs: number,
 *   firstLoadRatioPublic: number, firstLoadRatioDashboard: number, tbtRatio: number, lcpRatio: number, inpMs: number,
 *   cls: number, accessibility: number, bestPractices: number, seo: number, ssrRatio: number,
 * }} Budget
 * @typedef {{ BUDGET: Budget, PAGES: { name: string }[], LH_RUNS: number, SSR_SECONDS: number, LOAD_SECONDS: number, INP_RUNS: number }} ReportSettings
 * @typedef {import("./bench-lighthouse.mjs").LighthouseSummary} LighthouseSummary
 * @typedef {{ firstPaint: { scripts: number, gzip: number }, all: { scripts: number, gzip: number, brotli: number } }} ScriptSizes
 * @typedef {{ requestsPerSecond: number, p50Ms: number, p99Ms: number, errors: number }} Throughput
 * @typedef {Pick<LighthouseSummary, "lcpMs" | "tbtMs" | "cls" | "performance">} AfterPaintFigures
 * @typedef {{ ratePerSecond: number, sent: number, acknowledged: number, retries: number, errors: number, p50Ms: number, p99Ms: number, eventsSent?: number, eventsAcknowledged?: number, eventsStored?: number }} LoadStream
 */

/**
 * What a run measured (bench/results.json); a phase left out by BENCH_ONLY leaves its part out.
 * @typedef {object} BenchResults
 * @property {string} when
 * @property {number} [minutes] the bench's minutes, the scale phase aside
 * @property {{ cpus: number, loadAverageAtStart: number[], loadAverageAtEnd?: number[] }} machine
 * @property {Budget} [budgets]
 * @property {string[]} [broken]
 * @property {{ bare: ScriptSizes, pages: Record<string, ScriptSizes & { ratioFirstPaintGzip: number, ratioGzip: number, limit: number }> }} [firstLoadJs]
 * @property {Record<string, { path: string, p75Ms: number, runsMs: number[] }>} [inp]
 * @property {{ pages: Record<string, { with: AfterPaintFigures, without: AfterPaintFigures }> }} [afterPaint]
 * @property {{ bare: Throughput, bareRuns: number[], pages: Record<string, Throughput & { ratio: number }> }} [ssr]
 * @property {{ enqueueMicrosecondsPerEvent: number }} [analytics]
 * @property {Record<string, Throughput & { eventsPerSecond?: number }>} [api]
 * @property {Awaited<ReturnType<typeof import("./bench-feed.mjs").runFeedBench>>} [feed]
 * @property {import("./bench-scale.mjs").ScaleResult & { minutes?: number }} [scale] `minutes`: the phase's own (bench.mjs)
 * @property {Record<string, { streams: Record<string, LoadStream>, restart?: { downMs: number, gracefulExitCode: number | null } | null, errors: number, lost: number }>} [load] `restart`: null when
 *   the run ended before its half-way restart
 * @property {Record<string, LighthouseSummary & { tbtRatio: number, lcpRatio: number }>} lighthouse
 * @property {LighthouseSummary} [lighthouseBare]
 * @property {{ tbtMs: number[], lcpMs: number[] }} [lighthouseBareRuns]
 * @property {{ group: number, of: number }} [lighthouseRotation]
 */

/** @param {number} n bytes */
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** @param {number[] | undefined} l a load average */
const load = (l) => (l ? l.join(" / ") : "?");

/** The title and the machine. @param {BenchResults} results */
function headerLines(results) {
  return [
    `# Bench results (${results.when}, ${results.minutes} minutes in all, APP_ENV=online)`,
    "",
    `Machine: ${results.machine.cpus} cores, load average (1 / 5 / 15 min) ${load(results.machine.loadAverageAtStart)} at the start, ${load(results.machine.loadAverageAtEnd)} at the end.`,
    "",
  ];
}

/**
 * One line per page: every ratio to the bare page of this run next to its budget ("–": not measured this run).
 * @param {BenchResults} results @param {ReportSettings} settings
 */
function pageRatioLines(results, { BUDGET, PAGES }) {
  /** @param {number | undefined} value @param {boolean | undefined} ok */
  const mark = (value, ok) => (value === undefined ? "–" : `${value}${ok ? "" : " ✗"}`);
  return [
    "## Each page against the bare Next.js page (ratios in this run)",
    "",
    `| page | JS until quiet × (≤ ${BUDGET.firstLoadRatioPublic}, dashboard ≤ ${BUDGET.firstLoadRatioDashboard}) | SSR × (≥ ${BUDGET.ssrRatio}) | TBT × (≤ ${BUDGET.tbtRatio}) | LCP × (≤ ${BUDGET.lcpRatio}) | CLS (≤ ${BUDGET.cls}) | a11y / best pr. / SEO (100) |`,
    "|---|---|---|---|---|---|---|",
    ...PAGES.map((page) => {
      const js = results.firstLoadJs?.pages[page.name];
      const ssr = results.ssr?.pages[page.name];
      const lh = results.lighthouse[page.name];
      return `| ${page.name} | ${mark(js?.ratioGzip, js && js.ratioGzip <= js.limit)} | ${mark(ssr?.ratio, ssr && ssr.ratio >= BUDGET.ssrRatio)} | ${mark(lh?.tbtRatio, lh && lh.tbtRatio <= BUDGET.tbtRatio)} | ${mark(lh?.lcpRatio, lh && lh.lcpRatio <= BUDGET.lcpRatio)} | ${mark(lh?.cls, lh && lh.cls <= BUDGET.cls)} | ${lh ? `${lh.accessibility} / ${lh.bestPractices} / ${lh.seo}` : "–"} |`;
    }),
    "",
  ];
}

/** @param {NonNullable<BenchResults["firstLoadJs"]>} firstLoadJs */
function firstLoadJsLines(firstLoadJs) {
  const bare = firstLoadJs.bare;
  return [
    "## JS a phone downloads (Chromium, 390 px, every script response until the network is quiet, gzip -9)",
    "",
    "First paint: the scripts requested before the page's first contentful paint. All: every one until no request has been in flight for 2 s (the budget).",
    "",
    "| page | first paint: scripts | gzip | × bare | all: scripts | gzip | brotli | × bare (gzip) | budget |",
    "|---|---|---|---|---|---|---|---|---|",
    `| bare Next.js page | ${bare.firstPaint.scripts} | ${kb(bare.firstPaint.gzip)} | 1.00 | ${bare.all.scripts} | ${kb(bare.all.gzip)} | ${kb(bare.all.brotli)} | 1.00 | |`,
    ...Object.entries(firstLoadJs.pages).map(
      ([name, r]) =>
        `| ${name} | ${r.firstPaint.scripts} | ${kb(r.firstPaint.gzip)} | ${r.ratioFirstPaintGzip} | ${r.all.scripts} | ${kb(r.all.gzip)} | ${kb(r.all.brotli)} | ${r.ratioGzip}${r.ratioGzip <= r.limit ? "" : " ✗"} | ≤ ${r.limit} |`,
    ),
    "",
  ];
}

/** @param {NonNullable<BenchResults["inp"]>} inp @param {ReportSettings} settings */
function inpLines(inp, { BUDGET, INP_RUNS }) {
  return [
    `## Interaction to Next Paint (web-vitals onINP, Chromium at 390 px with touch, CPU slowed ${4}×, p75 of ${INP_RUNS})`,
    "",
    "Each try in a fresh context: the page loads, hydrates and goes quiet, then the CPU is slowed and the interaction is tapped. An interaction under 16 ms is not reported by web-vitals and counts as 16 ms.",
    "",
    "| interaction | page | p75 ms | tries ms | budget |",
    "|---|---|---|---|---|",
    ...Object.entries(inp).map(
      ([name, r]) =>
        `| ${name} | ${r.path} | ${r.p75Ms}${r.p75Ms <= BUDGET.inpMs ? "" : " ✗"} | ${r.runsMs.join(", ")} | ≤ ${BUDGET.inpMs} |`,
    ),
    "",
  ];
}

/** @param {NonNullable<BenchResults["afterPaint"]>} afterPaint @param {ReportSettings} settings */
function afterPaintLines(afterPaint, { LH_RUNS }) {
  return [
    `## The after-paint loader: Lighthouse with it and without it (AFTER_PAINT=off), median of ${LH_RUNS}, same run`,
    "",
    "| page | LCP ms with | without | TBT ms with | without | perf with | without |",
    "|---|---|---|---|---|---|---|",
    ...Object.entries(afterPaint.pages).map(
      ([name, r]) =>
        `| ${name} | ${r.with.lcpMs} | ${r.without.lcpMs} | ${r.with.tbtMs} | ${r.without.tbtMs} | ${r.with.performance} | ${r.without.performance} |`,
    ),
    "",
  ];
}

/** @param {NonNullable<BenchResults["ssr"]>} ssr @param {ReportSettings} settings */
function ssrLines(ssr, { BUDGET, SSR_SECONDS }) {
  const bare = ssr.bare;
  return [
    `## SSR throughput (autocannon, 20 connections, ${SSR_SECONDS} s per page, loopback, Accept: text/html, compression on)`,
    "",
    "| page | req/s | p50 ms | p99 ms | errors | × bare | budget |",
    "|---|---|---|---|---|---|---|",
    `| bare Next.js page (lower of ${ssr.bareRuns.join(" and ")} req/s, before and after) | ${bare.requestsPerSecond} | ${bare.p50Ms} | ${bare.p99Ms} | ${bare.errors} | 1.00 | |`,
    ...Object.entries(ssr.pages).map(
      ([name, r]) =>
        `| ${name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.ratio} | ≥ ${BUDGET.ssrRatio} |`,
    ),
    "",
  ];
}

/** @param {NonNullable<BenchResults["analytics"]>} analytics @param {ReportSettings} settings */
function analyticsLines(analytics, { BUDGET }) {
  return [
    "## Analytics SDK",
    "",
    `enqueue: ${analytics.enqueueMicrosecondsPerEvent} µs/event (budget ≤ ${BUDGET.enqueueMicroseconds})`,
    "",
  ];
}

/** @param {NonNullable<BenchResults["api"]>} api */
function apiLines(api) {
  return [
    "## API",
    "",
    "| call | req/s | p50 ms | p99 ms | errors |",
    "|---|---|---|---|---|",
    ...Object.entries(api).map(
      ([name, r]) =>
        `| ${name} | ${r.requestsPerSecond}${r.eventsPerSecond ? ` (${r.eventsPerSecond} events/s)` : ""} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} |`,
    ),
    "",
  ];
}

/** @param {NonNullable<BenchResults["feed"]>} f @param {ReportSettings} settings */
function feedLines(f, { BUDGET }) {
  return [
    "## Trade feed (POST /v1/admin/trades, SQLite file)",
    "",
    `${f.fills} fills in batches of ${f.batchSize}: ${f.fillsPerSecond} fills/s (budget ≥ ${BUDGET.feedFillsPerSecond}); ${f.attributed} attributed, ${f.countedInLines} counted in commission lines.`,
    "",
  ];
}

/** @param {NonNullable<BenchResults["load"]>} loadRuns @param {ReportSettings} settings */
function loadLines(loadRuns, { LOAD_SECONDS }) {
  return [
    `## Load (${LOAD_SECONDS} s at a steady rate, loopback, API restarted half-way; unacknowledged requests retried)`,
    "",
    "| database | stream | rate/s | sent | acknowledged | retries | errors | p50 ms | p99 ms | events sent / acked / stored |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...Object.entries(loadRuns).flatMap(([database, run]) =>
      Object.entries(run.streams).map(
        ([name, r]) =>
          `| ${database} | ${name} | ${r.ratePerSecond} | ${r.sent} | ${r.acknowledged} | ${r.retries} | ${r.errors} | ${r.p50Ms} | ${r.p99Ms} | ${r.eventsSent === undefined ? "" : `${r.eventsSent} / ${r.eventsAcknowledged} / ${r.eventsStored}`} |`,
      ),
    ),
    "",
    ...Object.entries(loadRuns).map(
      ([database, run]) =>
        `${database}: API restart (graceful close + start) took ${run.restart?.downMs} ms, exit code ${run.restart?.gracefulExitCode}; ${run.errors} errors, ${run.lost} events lost.`,
    ),
    "",
  ];
}

/** Only when some page was measured: the bare page's runs, then each page's. @param {BenchResults} results @param {ReportSettings} settings */
function lighthouseLines(results, { BUDGET, LH_RUNS }) {
  const bare = /** @type {LighthouseSummary} */ (results.lighthouseBare);
  const bareRuns = /** @type {{ tbtMs: number[], lcpMs: number[] }} */ (results.lighthouseBareRuns);
  const rotation = results.lighthouseRotation
    ? `, group ${results.lighthouseRotation.group} of ${results.lighthouseRotation.of} (BENCH_FULL=1: every page)`
    : ", every page";
  return [
    `## Lighthouse 12.2.3 (mobile, median of ${LH_RUNS}${rotation})`,
    "",
    `Budgets: TBT ≤ ${BUDGET.tbtRatio}× and LCP ≤ ${BUDGET.lcpRatio}× the bare page's, CLS ≤ ${BUDGET.cls}, accessibility, best practices and SEO ${BUDGET.seo}. The performance score is shown, not budgeted.`,
    "",
    "| page | perf | a11y | best pr. | SEO | TBT ms | × bare | LCP ms | × bare | CLS | failing audits |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    `| bare Next.js page (median of ${bare.runs} runs; TBT ${bareRuns.tbtMs.join(" and ")} ms, LCP ${bareRuns.lcpMs.join(" and ")} ms, before and after the pages) | ${bare.performance} | ${bare.accessibility} | ${bare.bestPractices} | ${bare.seo} | ${bare.tbtMs} | 1.00 | ${bare.lcpMs} | 1.00 | ${bare.cls} | ${bare.failedAudits.join(", ")} |`,
    ...Object.entries(results.lighthouse).map(
      ([name, r]) =>
        `| ${name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.tbtMs} | ${r.tbtRatio} | ${r.lcpMs} | ${r.lcpRatio} | ${r.cls} | ${r.failedAudits.join(", ")} |`,
    ),
    "",
  ];
}

/** @param {string[]} broken */
const verdictLines = (broken) => [
  broken.length ? `## Budgets broken\n\n${broken.map((b) => `- ${b}`).join("\n")}` : "## All budgets met",
  "",
];

/**
 * Markdown lines of the report. `settings` are the run's budgets, pages and durations.
 * @param {BenchResults} results @param {string[]} broken @param {ReportSettings} settings
 */
export function reportLines(results, broken, settings) {
  return [
    ...headerLines(results),
    ...pageRatioLines(results, settings),
    ...(results.firstLoadJs ? firstLoadJsLines(results.firstLoadJs) : []),
    ...(results.inp ? inpLines(results.inp, settings) : []),
    ...(results.afterPaint ? afterPaintLines(results.afterPaint, settings) : []),
    ...(results.ssr ? ssrLines(results.ssr, settings) : []),
    ...(results.analytics ? analyticsLines(results.analytics, settings) : []),
    ...(results.api ? apiLines(results.api) : []),
    ...(results.feed ? feedLines(results.feed, settings) : []),
    ...(results.scale ? scaleReportLines(results.scale, settings.BUDGET) : []),
    ...(results.load ? loadLines(results.load, settings) : []),
    ...(Object.keys(results.lighthouse).length ? lighthouseLines(results, settings) : []),
    ...verdictLines(broken),
  ];
}
