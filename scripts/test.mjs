#!/usr/bin/env node
// @ts-check
// The README's test command: formatting, lint, unused code, type checks, unit and API tests (SQLite, then PostgreSQL
// when TEST_DATABASE_URL is set), then the end-to-end tests in Chromium against the production build, then the cluster
// tests (nginx, 2 web and 2 API instances) when TEST_DATABASE_URL, TEST_REDIS_URL and nginx are there.
// Ends with one line "N passed, N failed" summed over every runner.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "test-results/reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const failures = [];

const started = Date.now();
const minutes = (/** @type {number} */ ms) => `${(ms / 60_000).toFixed(1)} min`;
/** Each step's time, printed at the end: CI has a time limit, and this shows which step to make faster. */
/** @type {string[]} */
const timings = [];

/**
 * @param {string} name @param {string} command @param {string[]} args
 * @param {{ env?: Record<string, string>, cwd?: string }} [options]
 */
function run(name, command, args, { env = {}, cwd = root } = {}) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env: { ...process.env, ...env } });
  timings.push(`${name}: ${minutes(Date.now() - stepStarted)}`);
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

/**
 * Runs single-threaded checks two at a time (this machine has 2 cores); once all have ended, each one's output is printed
 * whole, in the order given.
 * @param {{ name: string, command: string, args: string[] }[]} steps
 */
async function runTwoAtATime(steps) {
  /** @param {(typeof steps)[number]} step @returns {Promise<{ ok: boolean, output: string, ms: number }>} */
  const launch = (step) =>
    new Promise((resolve) => {
      const stepStarted = Date.now();
      const child = spawn(step.command, step.args, { cwd: root, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (code) => resolve({ ok: code === 0, output, ms: Date.now() - stepStarted }));
    });
  /** @type {Map<string, Promise<{ ok: boolean, output: string, ms: number }>>} */
  const results = new Map();
  const queue = [...steps];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const result = launch(step);
      results.set(step.name, result);
      await result;
    }
  };
  await Promise.all([lane(), lane()]);
  for (const step of steps) {
    const result = await results.get(step.name);
    if (!result) continue;
    console.log(`\n=== ${step.name} ===\n${result.output.trimEnd()}`);
    timings.push(`${step.name}: ${minutes(result.ms)} (two at a time)`);
    if (!result.ok) failures.push(step.name);
  }
}

/** @param {string} file vitest's JSON report */
function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } catch {
    totals.failed += 1; // no report: the runner did not finish
  }
}

/** @param {string} file Playwright's JSON report */
function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, "utf8"));
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
  } catch {
    totals.failed += 1;
  }
}

const vitestArgs = (/** @type {string} */ report, /** @type {string[]} */ ...rest) => [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...rest,
];
const sqliteEnv = { TEST_DATABASE_URL: "" };

await runTwoAtATime([
  // The longest first, so the two lanes end close together.
  { name: "lint", command: "npx", args: ["eslint", "."] },
  { name: "types (web)", command: "npx", args: ["tsc", "-p", "apps/web/tsconfig.json", "--noEmit"] },
  { name: "types (packages, api)", command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
  // Unused files, exports, types and dependencies (knip.jsonc).
  { name: "unused code (knip)", command: "npx", args: ["knip", "--no-progress"] },
  { name: "format (Prettier)", command: "npx", args: ["prettier", "--check", "."] },
  { name: "types (cluster tests)", command: "npx", args: ["tsc", "-p", "tests/cluster/tsconfig.json", "--noEmit"] },
  { name: "types (scripts, JSDoc)", command: "npx", args: ["tsc", "-p", "tsconfig.scripts.json", "--noEmit"] },
]);

// At least two test files at a time: vitest's default, the cores less one, is one on a 2-core machine like CI's, where
// two took 4 min against 7 on SQLite and about 5 against 11.4 on PostgreSQL (each suite in a schema of its own, which the
// API's introspection keeps to: platform/db/own-schema-introspector.ts).
const workers = `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`;
run("unit and API tests (SQLite)", "npx", vitestArgs(path.join(reports, "vitest-sqlite.json"), workers), {
  env: sqliteEnv,
});
countVitest(path.join(reports, "vitest-sqlite.json"));

if (process.env.TEST_DATABASE_URL) {
  run("API tests (PostgreSQL)", "npx", vitestArgs(path.join(reports, "vitest-pg.json"), workers, "apps/api"));
  countVitest(path.join(reports, "vitest-pg.json"));
} else {
  console.log("\n(TEST_DATABASE_URL not set: the PostgreSQL run of the API tests is skipped)");
}

const e2eReport = path.join(reports, "playwright.json");
run("end-to-end (Chromium)", "npx", ["playwright", "test", "--reporter=list,json"], {
  cwd: path.join(root, "apps/web"),
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
});
countPlaywright(e2eReport);

// The production topology (docs/deploy.md): scripts/cluster.mjs started by the suite on ports the OS hands out, in a
// fresh PostgreSQL schema and under a fresh Redis key prefix.
const nginxBinary = process.env.NGINX || (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");
const hasNginx = spawnSync(nginxBinary, ["-v"], { stdio: "ignore" }).status === 0;
const clusterSkip = [
  !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL is not set",
  !process.env.TEST_REDIS_URL && "TEST_REDIS_URL is not set",
  !hasNginx && `nginx is not installed (${nginxBinary})`,
].filter(Boolean);
if (clusterSkip.length === 0) {
  const clusterReport = path.join(reports, "vitest-cluster.json");
  run(
    "cluster (nginx, 2 web, 2 API, PostgreSQL, Redis)",
    "npx",
    vitestArgs(clusterReport, "--config", "tests/cluster/vitest.config.mts"),
  );
  countVitest(clusterReport);
} else {
  console.log(`\n(the cluster tests are skipped: ${clusterSkip.join("; ")})`);
}

console.log(`\nTime per step:\n  ${timings.join("\n  ")}\n  total: ${minutes(Date.now() - started)}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failures.length ? 1 : 0);
