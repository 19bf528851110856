// The report of `npm run bench`: bench/results.md from the run's results, one table per measure, opening with one line
// per page that holds every ratio to the bare page next to its budget.

import { scaleReportLines } from "./bench-scale.mjs";

/** Markdown lines of the report. `settings` are the run's budgets, pages and durations. */
export function reportLines(results, broken, { BUDGET, PAGES, LH_RUNS, SSR_SECONDS, LOAD_SECONDS, INP_RUNS }) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const load = (l) => (l ? l.join(" / ") : "?");
  const lines = [
    `# Bench results (${results.when}, ${results.minutes} minutes in all, APP_ENV=online)`,
    "",
    `Machine: ${results.machine.cpus} cores, load average (1 / 5 / 15 min) ${load(results.machine.loadAverageAtStart)} at the start, ${load(results.machine.loadAverageAtEnd)} at the end.`,
    "",
  ];
  {
    // One line per page: every ratio to the bare page of this run next to its budget ("–": not measured this run).
    const mark = (value, ok) => (value === undefined ? "–" : `${value}${ok ? "" : " ✗"}`);
    lines.push(
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
    );
  }
  if (results.firstLoadJs) {
    const bare = results.firstLoadJs.bare;
    lines.push(
      "## JS a phone downloads (Chromium, 390 px, every script response until the network is quiet, gzip -9)",
      "",
      "First paint: the scripts requested before the page's first contentful paint. All: every one until no request has been in flight for 2 s (the budget).",
      "",
      "| page | first paint: scripts | gzip | × bare | all: scripts | gzip | brotli | × bare (gzip) | budget |",
      "|---|---|---|---|---|---|---|---|---|",
      `| bare Next.js page | ${bare.firstPaint.scripts} | ${kb(bare.firstPaint.gzip)} | 1.00 | ${bare.all.scripts} | ${kb(bare.all.gzip)} | ${kb(bare.all.brotli)} | 1.00 | |`,
      ...Object.entries(results.firstLoadJs.pages).map(
        ([name, r]) =>
          `| ${name} | ${r.firstPaint.scripts} | ${kb(r.firstPaint.gzip)} | ${r.ratioFirstPaintGzip} | ${r.all.scripts} | ${kb(r.all.gzip)} | ${kb(r.all.brotli)} | ${r.ratioGzip}${r.ratioGzip <= r.limit ? "" : " ✗"} | ≤ ${r.limit} |`,
      ),
      "",
    );
  }
  if (results.inp) {
    lines.push(
      `## Interaction to Next Paint (web-vitals onINP, Chromium at 390 px with touch, CPU slowed ${4}×, p75 of ${INP_RUNS})`,
      "",
      "Each try in a fresh context: the page loads, hydrates and goes quiet, then the CPU is slowed and the interaction is tapped. An interaction under 16 ms is not reported by web-vitals and counts as 16 ms.",
      "",
      "| interaction | page | p75 ms | tries ms | budget |",
      "|---|---|---|---|---|",
      ...Object.entries(results.inp).map(
        ([name, r]) =>
          `| ${name} | ${r.path} | ${r.p75Ms}${r.p75Ms <= BUDGET.inpMs ? "" : " ✗"} | ${r.runsMs.join(", ")} | ≤ ${BUDGET.inpMs} |`,
      ),
      "",
    );
  }
  if (results.afterPaint) {
    lines.push(
      `## The after-paint loader: Lighthouse with it and without it (AFTER_PAINT=off), median of ${LH_RUNS}, same run`,
      "",
      "| page | LCP ms with | without | TBT ms with | without | perf with | without |",
      "|---|---|---|---|---|---|---|",
      ...Object.entries(results.afterPaint.pages).map(
        ([name, r]) =>
          `| ${name} | ${r.with.lcpMs} | ${r.without.lcpMs} | ${r.with.tbtMs} | ${r.without.tbtMs} | ${r.with.performance} | ${r.without.performance} |`,
      ),
      "",
    );
  }
  if (results.ssr) {
    const bare = results.ssr.bare;
    lines.push(
      `## SSR throughput (autocannon, 20 connections, ${SSR_SECONDS} s per page, loopback, Accept: text/html, compression on)`,
      "",
      "| page | req/s | p50 ms | p99 ms | errors | × bare | budget |",
      "|---|---|---|---|---|---|---|",
      `| bare Next.js page (lower of ${results.ssr.bareRuns.join(" and ")} req/s, before and after) | ${bare.requestsPerSecond} | ${bare.p50Ms} | ${bare.p99Ms} | ${bare.errors} | 1.00 | |`,
      ...Object.entries(results.ssr.pages).map(
        ([name, r]) =>
          `| ${name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.ratio} | ≥ ${BUDGET.ssrRatio} |`,
      ),
      "",
    );
  }
  if (results.analytics) {
    lines.push(
      "## Analytics SDK",
      "",
      `enqueue: ${results.analytics.enqueueMicrosecondsPerEvent} µs/event (budget ≤ ${BUDGET.enqueueMicroseconds})`,
      "",
    );
  }
  if (results.api) {
    lines.push(
      "## API",
      "",
      "| call | req/s | p50 ms | p99 ms | errors |",
      "|---|---|---|---|---|",
      ...Object.entries(results.api).map(
        ([name, r]) =>
          `| ${name} | ${r.requestsPerSecond}${r.eventsPerSecond ? ` (${r.eventsPerSecond} events/s)` : ""} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} |`,
      ),
      "",
    );
  }
  if (results.feed) {
    const f = results.feed;
    lines.push(
      "## Trade feed (POST /v1/admin/trades, SQLite file)",
      "",
      `${f.fills} fills in batches of ${f.batchSize}: ${f.fillsPerSecond} fills/s (budget ≥ ${BUDGET.feedFillsPerSecond}); ${f.attributed} attributed, ${f.countedInLines} counted in commission lines.`,
      "",
    );
  }
  if (results.scale) lines.push(...scaleReportLines(results.scale, BUDGET));
  if (results.load) {
    lines.push(
      `## Load (${LOAD_SECONDS} s at a steady rate, loopback, API restarted half-way; unacknowledged requests retried)`,
      "",
      "| database | stream | rate/s | sent | acknowledged | retries | errors | p50 ms | p99 ms | events sent / acked / stored |",
      "|---|---|---|---|---|---|---|---|---|---|",
      ...Object.entries(results.load).flatMap(([database, run]) =>
        Object.entries(run.streams).map(
          ([name, r]) =>
            `| ${database} | ${name} | ${r.ratePerSecond} | ${r.sent} | ${r.acknowledged} | ${r.retries} | ${r.errors} | ${r.p50Ms} | ${r.p99Ms} | ${r.eventsSent === undefined ? "" : `${r.eventsSent} / ${r.eventsAcknowledged} / ${r.eventsStored}`} |`,
        ),
      ),
      "",
      ...Object.entries(results.load).map(
        ([database, run]) =>
          `${database}: API restart (graceful close + start) took ${run.restart?.downMs} ms, exit code ${run.restart?.gracefulExitCode}; ${run.errors} errors, ${run.lost} events lost.`,
      ),
      "",
    );
  }
  if (Object.keys(results.lighthouse).length) {
    const bare = results.lighthouseBare;
    const rotation = results.lighthouseRotation
      ? `, group ${results.lighthouseRotation.group} of ${results.lighthouseRotation.of} (BENCH_FULL=1: every page)`
      : ", every page";
    lines.push(
      `## Lighthouse 12.2.3 (mobile, median of ${LH_RUNS}${rotation})`,
      "",
      `Budgets: TBT ≤ ${BUDGET.tbtRatio}× and LCP ≤ ${BUDGET.lcpRatio}× the bare page's, CLS ≤ ${BUDGET.cls}, accessibility, best practices and SEO ${BUDGET.seo}. The performance score is shown, not budgeted.`,
      "",
      "| page | perf | a11y | best pr. | SEO | TBT ms | × bare | LCP ms | × bare | CLS | failing audits |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
      `| bare Next.js page (median of ${bare.runs} runs; TBT ${results.lighthouseBareRuns.tbtMs.join(" and ")} ms, LCP ${results.lighthouseBareRuns.lcpMs.join(" and ")} ms, before and after the pages) | ${bare.performance} | ${bare.accessibility} | ${bare.bestPractices} | ${bare.seo} | ${bare.tbtMs} | 1.00 | ${bare.lcpMs} | 1.00 | ${bare.cls} | ${bare.failedAudits.join(", ")} |`,
      ...Object.entries(results.lighthouse).map(
        ([name, r]) =>
          `| ${name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.tbtMs} | ${r.tbtRatio} | ${r.lcpMs} | ${r.lcpRatio} | ${r.cls} | ${r.failedAudits.join(", ")} |`,
      ),
      "",
    );
  }
  lines.push(
    broken.length ? `## Budgets broken\n\n${broken.map((b) => `- ${b}`).join("\n")}` : "## All budgets met",
    "",
  );
  return lines;
}
