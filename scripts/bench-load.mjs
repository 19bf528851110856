// @ts-check
// The load run of `npm run bench` (BENCH_ONLY=load): a steady rate of requests for a bounded time on the
// /affiliates page, user info and analytics ingest, over loopback, against an API of its own that is restarted
// (graceful close, then a fresh start) half-way through. Clients retry what was not acknowledged; at the end the
// events stored for this run must equal the events sent and acknowledged, and no request may have failed for good.
// Run once on SQLite and once on PostgreSQL (a fresh schema, dropped afterwards).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { endpointUrl } from "../packages/contracts/src/endpoints.ts";
import { sampleAnalyticsEvent } from "../tests/support/analytics-event.ts";

const SUCCESS = "00000";
const TEST_APP_ID = "affiliates-web-test-7f3c9a2e"; // DEVICE_TOKEN_APP_IDS.test: the API runs with APP_ENV=test
/** A request not acknowledged is retried this often, this far apart (covers the restart). */
const RETRY_DELAY_MS = 250;
const RETRY_DEADLINE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * @typedef {{ page: number, userInfo: number, ingestBatches: number }} LoadRates requests per second (ingest: batches of 50)
 * @typedef {Awaited<ReturnType<typeof loadRun>>} LoadRunResult
 * @typedef {{ cause?: { code?: string }, message?: string } | null | undefined} FetchFailure what fetch throws: a
 *   TypeError whose cause holds the connection's code (ECONNREFUSED), or the timeout's error
 */

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {number[]} sorted @param {number} p @returns {number} */
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  // An index within the (non-empty) list.
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

class Stream {
  /** @param {string} name @param {number} ratePerSecond */
  constructor(name, ratePerSecond) {
    this.name = name;
    this.ratePerSecond = ratePerSecond;
    this.sent = 0;
    this.acknowledged = 0;
    this.failed = 0;
    this.retries = 0;
    /** @type {number[]} */
    this.latencies = [];
    /** @type {string[]} */
    this.failures = [];
  }

  /** @param {number} seconds */
  summary(seconds) {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      ratePerSecond: this.ratePerSecond,
      sent: this.sent,
      acknowledged: this.acknowledged,
      achievedPerSecond: Math.round(this.acknowledged / seconds),
      retries: this.retries,
      errors: this.failed,
      p50Ms: Math.round(percentile(sorted, 50)),
      p99Ms: Math.round(percentile(sorted, 99)),
      firstFailures: this.failures.slice(0, 3),
    };
  }
}

/**
 * Sends one logical request until it is acknowledged (`ack(response, body)`) or the retry deadline passes.
 * Connection failures and 5xx are retried (the API may be restarting); any other answer is final.
 * @param {Stream} stream
 * @param {() => { url: string, init: RequestInit }} makeRequest
 * @param {(response: Response, text: string) => boolean} ack
 */
async function send(stream, makeRequest, ack) {
  stream.sent++;
  const started = performance.now();
  const deadline = Date.now() + RETRY_DEADLINE_MS;
  let lastProblem = "";
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      stream.retries++;
      await sleep(RETRY_DELAY_MS);
    }
    try {
      const { url, init } = makeRequest();
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const text = await response.text();
      if (response.status >= 500) {
        lastProblem = `HTTP ${response.status}`;
      } else if (ack(response, text)) {
        stream.acknowledged++;
        stream.latencies.push(performance.now() - started);
        return true;
      } else {
        lastProblem = `HTTP ${response.status} ${text.slice(0, 120)}`;
        break;
      }
    } catch (error) {
      lastProblem = String(
        /** @type {FetchFailure} */ (error)?.cause?.code ?? /** @type {FetchFailure} */ (error)?.message ?? error,
      );
    }
    if (Date.now() > deadline) break;
  }
  stream.failed++;
  if (stream.failures.length < 10) stream.failures.push(lastProblem);
  return false;
}

/** @param {Response} response @param {string} text */
const envelopeOk = (response, text) => {
  if (response.status !== 200) return false;
  try {
    return JSON.parse(text).code === SUCCESS;
  } catch {
    return false;
  }
};

/** @param {{ root: string, port: number, extraEnv: Record<string, string> }} options */
function startApi({ root, port, extraEnv }) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: path.join(root, "apps/api"),
    env: {
      ...process.env,
      API_PORT: String(port),
      APP_ENV: "test",
      LOG: "false",
      RATE_LIMIT_MAX: "100000000",
      ANALYTICS_RATE_LIMIT_MAX: "100000000",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited };
}

/** @param {number} port */
async function waitForApi(port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${endpointUrl("domainConfig")}`);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the load API on port ${port} did not come up`);
}

/** @param {string} base the API's origin */
async function apiLogin(base) {
  const issued = await fetch(`${base}${endpointUrl("deviceTokenIssue")}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appId: TEST_APP_ID, fingerprint: "bench-load-fingerprint-0123456789" }),
  });
  const { token } = (await issued.json()).data;
  const response = await fetch(`${base}${endpointUrl("login")}`, {
    method: "POST",
    headers: { "content-type": "application/json", "dy-token": token },
    body: JSON.stringify({ email: "affiliate@example.com", password: "Affiliate#2026" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("refresh_token=")) throw new Error(`load login failed: HTTP ${response.status}`);
  return cookie;
}

/**
 * The SDK's session id form (device id + digits): the API accepts `${session}:${log_seq}` event ids only.
 * @param {string} runId
 */
const sessionOf = (runId) => `${runId}-device${process.pid}`;

/**
 * 50 events shaped as the analytics SDK sends them (the load run and the bench's ingest measure share it); `session`
 * in the SDK's form (device id + digits), event ids `${session}:${log_seq}`, the only ones the API accepts.
 * @param {{ session: string, deviceId: string, batchNo: number, origin: string, label: string }} batch
 */
export function eventBatch({ session, deviceId, batchNo, origin, label }) {
  const now = Date.now();
  return Array.from({ length: 50 }, (_, i) =>
    sampleAnalyticsEvent(batchNo * 50 + i, {
      device_id: deviceId,
      session_id: session,
      timestamp: now,
      url: `${origin}/affiliates`,
      title: label,
      event_tracking: label.toLowerCase(),
      event_tracking_id: "b1",
      seq: i,
      page_unique_id: `p${batchNo}`,
      user_language: "en",
      browser_version: "126",
      screen_width: 1280,
      screen_height: 800,
      url_host: "localhost",
      source_target: "",
    }),
  );
}

/**
 * One load run against one database.
 * @param {{
 *   label: string, root: string, origin: string, apiPort: number, seconds: number, rates: LoadRates,
 *   apiEnv: Record<string, string>, countStored: (runId: string) => number | Promise<number>,
 * }} run
 */
async function loadRun({ label, root, origin, apiPort, seconds, rates, apiEnv, countStored }) {
  const base = `http://127.0.0.1:${apiPort}`;
  let api = startApi({ root, port: apiPort, extraEnv: apiEnv });
  try {
    await waitForApi(apiPort);
    const cookie = await apiLogin(base);
    const runId = `load-${label}-${randomBytes(4).toString("hex")}`;

    const page = new Stream("/affiliates", rates.page);
    const userInfo = new Stream("user info", rates.userInfo);
    const ingest = new Stream("analytics ingest (batches of 50)", rates.ingestBatches);
    let batches = 0;
    let eventsAcknowledged = 0;

    const targets = [
      {
        stream: page,
        fire: () =>
          send(
            page,
            () => ({ url: `${origin}/affiliates`, init: {} }),
            (response, text) => response.status === 200 && text.includes("</html>"),
          ),
      },
      {
        stream: userInfo,
        fire: () =>
          send(
            userInfo,
            () => ({
              url: `${base}${endpointUrl("userInfo")}`,
              init: {
                method: "POST",
                headers: { "content-type": "application/json", cookie },
                body: JSON.stringify({ terminalCode: "bench-load", locale: "en" }),
              },
            }),
            envelopeOk,
          ),
      },
      {
        stream: ingest,
        fire: () => {
          const body = JSON.stringify(
            eventBatch({
              session: sessionOf(runId),
              deviceId: `${runId}-device`,
              batchNo: ++batches,
              origin,
              label: "Load",
            }),
          ); // the same event ids on every retry
          return send(
            ingest,
            () => ({
              url: `${base}${endpointUrl("analyticsIngest")}`,
              init: { method: "POST", headers: { "content-type": "application/json" }, body },
            }),
            (response, text) => {
              if (!envelopeOk(response, text)) return false;
              const { data } = JSON.parse(text);
              if (data.rejected.length > 0) return false;
              eventsAcknowledged += data.accepted + data.duplicates;
              return true;
            },
          );
        },
      },
    ];

    // Open loop: requests start on schedule whatever the answers' latency (a closed loop would hide slowness).
    /** @type {Set<Promise<boolean>>} */
    const inFlight = new Set();
    const startedAt = performance.now();
    const endAt = startedAt + seconds * 1000;
    const restartAt = startedAt + (seconds * 1000) / 2;
    /** @type {Promise<{ gracefulExitCode: number | null, downMs: number }> | null} */
    let restart = null;
    const fired = targets.map(() => 0);
    while (performance.now() < endAt) {
      const elapsed = (performance.now() - startedAt) / 1000;
      targets.forEach((target, i) => {
        const due = Math.floor(elapsed * target.stream.ratePerSecond);
        // fired holds one count per target: fired[i] is a number.
        for (; /** @type {number} */ (fired[i]) < due; /** @type {number} */ (fired[i])++) {
          const promise = target.fire().finally(() => inFlight.delete(promise));
          inFlight.add(promise);
        }
      });
      if (!restart && performance.now() >= restartAt) {
        restart = (async () => {
          const began = performance.now();
          const old = api;
          old.child.kill("SIGTERM"); // server.ts closes gracefully: in-flight requests finish, then it exits
          const { code } = await old.exited;
          api = startApi({ root, port: apiPort, extraEnv: apiEnv });
          await waitForApi(apiPort);
          return { gracefulExitCode: code, downMs: Math.round(performance.now() - began) };
        })();
      }
      await sleep(5);
    }
    const restartResult = await restart;
    await Promise.all(inFlight);

    const stored = await countStored(runId);
    const ingestSummary = ingest.summary(seconds);
    const eventsSent = ingest.sent * 50;
    return {
      seconds,
      restart: restartResult,
      streams: {
        [page.name]: page.summary(seconds),
        [userInfo.name]: userInfo.summary(seconds),
        [ingest.name]: {
          ...ingestSummary,
          eventsSent,
          eventsAcknowledged,
          eventsStored: stored,
          eventsLost: eventsAcknowledged - stored,
        },
      },
      errors: page.failed + userInfo.failed + ingest.failed,
      lost: Math.max(0, eventsAcknowledged - stored) + (eventsSent - eventsAcknowledged),
    };
  } finally {
    api.child.kill("SIGTERM");
    await api.exited;
  }
}

/**
 * Both load runs. `rates` are per second (ingest in batches of 50 events).
 * Returns { sqlite, postgres } results; `postgres` holds { skipped } when PostgreSQL is not reachable and not required.
 * @param {{ root: string, origin: string, apiPort: number, seconds?: number, rates?: LoadRates, postgresUrl?: string }} options
 */
export async function runLoad({
  root,
  origin,
  apiPort,
  seconds = 60,
  rates = { page: 40, userInfo: 60, ingestBatches: 20 },
  postgresUrl,
}) {
  /** @type {Record<string, LoadRunResult>} */
  const results = {};

  const dataDir = path.join(root, ".bench-load-data");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  console.log(`[bench] load on SQLite: ${seconds} s, API restarted half-way…`);
  results.sqlite = await loadRun({
    label: "sqlite",
    root,
    origin,
    apiPort,
    seconds,
    rates,
    apiEnv: { DATA_DIR: dataDir, DATABASE_URL: "" },
    countStored: (runId) => {
      const db = new Database(path.join(dataDir, "exchange.sqlite"), { readonly: true });
      try {
        // count(*) always gives one row.
        return /** @type {{ n: number }} */ (
          db.prepare("SELECT count(*) AS n FROM analytics_events WHERE event_id LIKE ?").get(`${sessionOf(runId)}:%`)
        ).n;
      } finally {
        db.close();
      }
    },
  });
  rmSync(dataDir, { recursive: true, force: true });

  if (postgresUrl) {
    // A fresh schema of its own (as the API tests do), so the shared test database is left as it was.
    const schema = `bench_load_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      console.log(`[bench] load on PostgreSQL (schema ${schema}): ${seconds} s, API restarted half-way…`);
      results.postgres = await loadRun({
        label: "pg",
        root,
        origin,
        apiPort,
        seconds,
        rates,
        apiEnv: { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema },
        countStored: async (runId) => {
          const { rows } = await admin.query(
            `SELECT count(*)::int AS n FROM ${schema}.analytics_events WHERE event_id LIKE $1`,
            [`${sessionOf(runId)}:%`],
          );
          return rows[0].n;
        },
      });
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
  return results;
}
