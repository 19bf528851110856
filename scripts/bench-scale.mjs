// @ts-check
// The scale phase of `npm run bench` (BENCH_ONLY=scale): a top partner's data on PostgreSQL, in a fresh schema —
// one affiliate with 100,000 invitees over 20 links and 2,000,000 fills over 90 days, fed through the product's own
// write paths (the invitees by the referral repository's bulk attribution, the fills through POST /v1/admin/trades in
// batches of 500, in time order as an exchange sends them) — then p50/p95 of every dashboard call for that affiliate
// and for the small demo affiliate (measured before the big data too: the ratio says whether one partner slows the
// others), the 90-day commissions export (seconds, RSS growth), the daily settlement and the retention run.
// In-process (Fastify's inject: routing, validation and serialisation included, no socket).
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import pg from "pg";

const ADMIN_TOKEN = "bench-scale-token";
const DAY_MS = 86_400_000;
const SMALL_AFFILIATE = { email: "affiliate@example.com", password: "Affiliate#2026" };

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
/** @param {number} n */
const round = (n, digits = 1) => Number(n.toFixed(digits));

/** A small deterministic generator: the same data set on every run. @param {number} seed */
function random(seed) {
  let t = seed >>> 0;
  return () => {
    t += 0x6d2b79f5;
    let r = Math.imul(t ^ (t >>> 15), t | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * @typedef {Awaited<ReturnType<typeof import("../apps/api/src/app.ts").buildApp>>} App
 * @typedef {(options: import("fastify").InjectOptions) => Promise<import("light-my-request").Response>} Inject
 * @typedef {"affiliateSummary" | "links" | "invitees" | "commissions" | "adminSettle" | "commissionsCsv"} QueriedEndpoint
 * @typedef {{ p50: number, p95: number }} CallTimes
 * @typedef {typeof import("../apps/api/src/domains/commission/trade-feed-bounds.ts").TRADE_FEED_BOUNDS_DEFAULTS} TradeFeedBounds
 */

/**
 * What every phase uses: the in-process API, the clock of the data set (`now`, its days) and the log.
 * @typedef {object} ScaleContext
 * @property {App} app
 * @property {Inject} inject
 * @property {typeof import("../packages/contracts/src/endpoints.ts").endpointUrl} endpointUrl
 * @property {number} now
 * @property {number} days
 * @property {number} samples
 * @property {(line: string) => void} log
 * @property {() => Promise<string>} deviceToken a fresh device token from the API
 * @property {(name: QueriedEndpoint, query?: Record<string, string | number>) => string} urlOf an endpoint's URL with its query (endpointUrl builds the path only)
 * @property {string} today
 * @property {(n: number) => string} dayBefore the day `n` days before today (YYYY-MM-DD)
 */

/**
 * The API in-process on a fresh schema of `pgUrl`, seeded, with the limits opened for a bench.
 * @param {{ buildApp: typeof import("../apps/api/src/app.ts").buildApp, TRADE_FEED_BOUNDS_DEFAULTS: TradeFeedBounds, pgUrl: string, days: number }} settings
 */
async function startScaleApp({ buildApp, TRADE_FEED_BOUNDS_DEFAULTS, pgUrl, days }) {
  const schema = `bench_scale_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-scale-"));
  const now = Date.now();
  const app = await buildApp(scaleAppOptions({ pgUrl, schema, dataDir, days, TRADE_FEED_BOUNDS_DEFAULTS }));
  return { app, admin, schema, dataDir, now };
}

/**
 * buildApp's options for the bench. `demoMarket` is not one of buildApp's options (the server reads it, see
 * apps/api/src/server.ts; in-process there is no demo market): it stays as it was, harmless.
 * @param {{ pgUrl: string, schema: string, dataDir: string, days: number, TRADE_FEED_BOUNDS_DEFAULTS: TradeFeedBounds }} settings
 */
function scaleAppOptions({ pgUrl, schema, dataDir, days, TRADE_FEED_BOUNDS_DEFAULTS }) {
  return {
    databaseUrl: pgUrl,
    pgSchema: schema,
    dataDir,
    logger: false,
    redisUrl: undefined,
    adminToken: ADMIN_TOKEN,
    appEnv: /** @type {const} */ ("test"),
    seed: true,
    demoMarket: false,
    referralJobs: false,
    // The data set spans 90 days of fills: the feed's age limit (TRADE_MAX_AGE_DAYS) is opened for its own history.
    tradeFeed: { ...TRADE_FEED_BOUNDS_DEFAULTS, maxAgeMs: (days + 2) * DAY_MS },
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    loginThrottle: { perAccount: 1_000, perIp: 1_000_000, windowMs: 60_000, slowdownAfter: 1_000 },
  };
}

/** The session cookie a login or registration answer sets. @param {import("light-my-request").Response} r */
const sessionOf = (r) => {
  const cookie = r.cookies.find((c) => c.name === "refresh_token");
  if (!cookie) throw new Error(`bench scale: no session (${r.statusCode} ${r.body.slice(0, 200)})`);
  return `refresh_token=${cookie.value}`;
};

/** @param {ScaleContext} ctx @param {string} email @param {string} password */
const login = async (ctx, email, password) =>
  sessionOf(
    await ctx.inject({
      method: "POST",
      url: ctx.endpointUrl("login"),
      payload: { email, password },
      headers: { "dy-token": await ctx.deviceToken() },
    }),
  );

/** p50/p95 (ms) of one call over `samples` requests after a warm-up. @param {ScaleContext} ctx @param {string} url @param {string} cookie */
async function measure(ctx, url, cookie) {
  const { inject } = ctx;
  for (let i = 0; i < 3; i++) await inject({ method: "GET", url, headers: { cookie } });
  const times = [];
  for (let i = 0; i < ctx.samples; i++) {
    const started = performance.now();
    const r = await inject({ method: "GET", url, headers: { cookie } });
    times.push(performance.now() - started);
    if (r.statusCode !== 200) throw new Error(`bench scale: ${url} answered ${r.statusCode} ${r.body.slice(0, 200)}`);
  }
  return { p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)) };
}

/** The dashboard's calls, as the pages make them. @param {ScaleContext} ctx @param {string} inviteeId */
const calls = ({ urlOf, endpointUrl, dayBefore, today, days }, inviteeId) => ({
  summary90: urlOf("affiliateSummary", { from: dayBefore(days - 1), to: today }),
  summary30: urlOf("affiliateSummary", { from: dayBefore(29), to: today }),
  links90: urlOf("links", { from: dayBefore(days - 1), to: today }),
  level: endpointUrl("affiliateLevel"),
  invitees: urlOf("invitees", { page: 1, pageSize: 20 }),
  inviteesByVolume: urlOf("invitees", { page: 1, pageSize: 20, sort: "volume", order: "desc" }),
  inviteeById: urlOf("invitees", { page: 1, pageSize: 20, search: inviteeId }),
  commissions90: urlOf("commissions", { from: dayBefore(days - 1), to: today, page: 1, pageSize: 20 }),
  payouts: endpointUrl("payouts"),
});

/** @param {ScaleContext} ctx @param {string} cookie @param {string} inviteeId */
const measureAll = async (ctx, cookie, inviteeId) => {
  /** @type {Record<string, CallTimes>} */
  const out = {};
  for (const [name, url] of Object.entries(calls(ctx, inviteeId))) out[name] = await measure(ctx, url, cookie);
  return out;
};

/**
 * The top partner: a registered user whose application is approved, with `links` links.
 * @param {ScaleContext} ctx @param {string} schema @param {number} links
 */
async function createTopPartner(ctx, schema, links) {
  const { app, inject } = ctx;
  const email = `top-partner-${schema}@example.com`;
  const password = "TopPartner#2026-bench";
  const registered = await inject({
    method: "POST",
    url: "/register",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ dyToken: await ctx.deviceToken(), email, password, ref: "" }).toString(),
  });
  const topCookie = sessionOf(registered);
  const top = await app.users.findByEmail(email);
  if (!top) throw new Error("bench scale: the top partner was not registered");
  const applicationId = await app.affiliate.createApplication(top.user_id, {
    name: "Top Partner",
    email,
    channels: [{ type: "youtube", url: "https://youtube.com/@top", audience: 2_000_000 }],
    region: "SG",
    message: "",
  });
  await app.affiliate.decide(applicationId, "approve", "bench");
  /** @type {number[]} */
  const linkIds = [];
  for (let i = 0; i < links; i++) {
    const link = await app.affiliate.createLink(
      top.user_id,
      { label: `Channel ${i + 1}`, spotShareBps: i % 3 === 0 ? 1000 : 0, futuresShareBps: 0 },
      "https://bench.example",
    );
    linkIds.push(link.id);
  }
  return { topCookie, topUserId: top.user_id, linkIds };
}

/**
 * `invitees` invitees of the top partner, registered over the data set's days, through the bulk attribution.
 * @param {ScaleContext} ctx @param {{ topUserId: string, linkIds: number[], invitees: number, rand: () => number }} input
 */
async function addInvitees(ctx, { topUserId, linkIds, invitees, rand }) {
  const { now, days } = ctx;
  const links = linkIds.length;
  const started = performance.now();
  const inviteeIds = Array.from({ length: invitees }, (_, i) => `63${String(i).padStart(8, "0")}`);
  await ctx.app.referral.addInvitees(
    inviteeIds.map((userId, i) => ({
      affiliateUserId: topUserId,
      linkId: /** @type {number} */ (linkIds[Math.floor(Math.pow(rand(), 2) * links)] ?? linkIds[0]),
      userId,
      registeredAt: new Date(now - Math.floor(((invitees - i) / invitees) * days * DAY_MS)).toISOString(),
    })),
  );
  return { inviteeIds, inviteeSeconds: (performance.now() - started) / 1000 };
}

/**
 * Fills in time order: every day a few thousand of the 30 % who trade, 2-3 markets' worth of fills each, through
 * POST /v1/admin/trades in batches of 500.
 * @param {ScaleContext} ctx @param {{ inviteeIds: string[], fills: number, rand: () => number }} input
 */
async function feedFills(ctx, { inviteeIds, fills, rand }) {
  const { now, days, dayBefore, log } = ctx;
  const traders = inviteeIds.slice(0, Math.floor(inviteeIds.length * 0.3));
  const perDay = Math.ceil(fills / days);
  let seq = 0;
  let fed = 0;
  const feedStarted = performance.now();
  for (let d = days - 1; d >= 0 && fed < fills; d--) {
    const dayStart = Date.parse(`${dayBefore(d)}T00:00:00Z`);
    const dayEnd = Math.min(dayStart + DAY_MS, now - 60_000);
    const active = Array.from({ length: Math.ceil(perDay / 7) }, () => traders[Math.floor(rand() * traders.length)]);
    for (let done = 0; done < perDay && fed < fills;) {
      const size = Math.min(500, perDay - done, fills - fed);
      const trades = Array.from({ length: size }, (_, k) => {
        seq++;
        const notional = 200 + Math.floor(rand() * 5000);
        return {
          tradeId: `scale-${seq}`,
          userId: active[Math.floor(rand() * active.length)],
          market: seq % 3 === 0 ? "futures" : "spot",
          notional,
          // 0.02-0.1 % of the notional: the VIP schedule's taker fees.
          fee: round(notional * (0.0002 + rand() * 0.0008), 4),
          feeCurrency: "USDT",
          time: new Date(dayStart + Math.floor(((done + k) / perDay) * (dayEnd - dayStart))).toISOString(),
        };
      });
      const r = await ctx.inject({
        method: "POST",
        url: ctx.endpointUrl("adminTrades"),
        headers: { "content-type": "application/json", "x-admin-token": ADMIN_TOKEN },
        payload: JSON.stringify({ trades }),
      });
      if (r.statusCode !== 200) throw new Error(`bench scale: feed ${r.statusCode} ${r.body.slice(0, 300)}`);
      done += size;
      fed += size;
    }
    if (d % 10 === 0) log(`  ${fed} fills, ${Math.round(fed / ((performance.now() - feedStarted) / 1000))} fills/s`);
  }
  return { fed, feedSeconds: (performance.now() - feedStarted) / 1000 };
}

/**
 * The daily settlement of every day but today, one day at a time as the T+1 run does: each day's time and lines.
 * @param {ScaleContext} ctx
 */
async function settleDayByDay(ctx) {
  /** @type {number[]} */
  const settleTimes = [];
  /** @type {number[]} */
  const settleLines = [];
  for (let d = ctx.days - 1; d >= 1; d--) {
    const t0 = performance.now();
    const r = await ctx.inject({
      method: "POST",
      url: ctx.urlOf("adminSettle", { day: ctx.dayBefore(d) }),
      headers: { "x-admin-token": ADMIN_TOKEN },
    });
    settleTimes.push(performance.now() - t0);
    settleLines.push(r.json().data.lines);
  }
  return { settleTimes, settleLines };
}

/** Rows and size of the tables the data set fills, then ANALYZE. @param {pg.Client} admin @param {string} schema */
async function tableSizes(admin, schema) {
  /** @type {Record<string, { rows: number, mb: number }>} */
  const sizes = {};
  for (const table of [
    "affiliate_invitees",
    "affiliate_trades",
    "affiliate_commissions",
    "affiliate_trading_totals",
    "affiliate_funnel_totals",
    "affiliate_trader_days",
  ]) {
    const { rows } = await admin.query(
      `select count(*)::bigint as n, pg_total_relation_size('${schema}.${table}') as bytes from ${schema}.${table}`,
    );
    sizes[table] = { rows: Number(rows[0].n), mb: round(Number(rows[0].bytes) / 1_048_576) };
  }
  await admin.query(`analyze`);
  return sizes;
}

/**
 * What is measured is what was asked for: a 90-day summary has 90 days, the search by id finds that invitee.
 * @param {ScaleContext} ctx @param {string} topCookie @param {string} inviteeId @param {number} invitees
 */
async function checkAnswers(ctx, topCookie, inviteeId, invitees) {
  /** @param {string} url @param {string} cookie */
  const answer = async (url, cookie) => (await ctx.inject({ method: "GET", url, headers: { cookie } })).json().data;
  const checkCalls = calls(ctx, inviteeId);
  if ((await answer(checkCalls.summary90, topCookie)).series.length !== ctx.days)
    throw new Error("bench scale: the 90-day summary does not have 90 days");
  if ((await answer(checkCalls.inviteeById, topCookie)).total !== 1)
    throw new Error("bench scale: the search by id does not find exactly that invitee");
  if ((await answer(checkCalls.invitees, topCookie)).total !== invitees)
    throw new Error(`bench scale: the invitee count is not ${invitees}`);
}

/** The 90-day commissions export, streamed: its status, size, time and the RSS growth. @param {ScaleContext} ctx @param {string} topCookie */
async function measureExport(ctx, topCookie) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const exported = await ctx.inject({
    method: "GET",
    url: ctx.urlOf("commissionsCsv", { from: ctx.dayBefore(ctx.days - 1), to: ctx.today }),
    headers: { cookie: topCookie },
    payloadAsStream: true,
  });
  let exportBytes = 0;
  for await (const chunk of exported.stream()) exportBytes += chunk.length;
  const exportSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    status: exported.statusCode,
    mb: round(exportBytes / 1_048_576),
    seconds: round(exportSeconds, 2),
    rssGrowthMb: round((rssPeak - rssBefore) / 1_048_576),
  };
}

/** The settlement's figures per day. @param {{ settleTimes: number[], settleLines: number[] }} settled */
const settlementSummary = ({ settleTimes, settleLines }) => ({
  days: settleTimes.length,
  linesPerDayMedian: quantile(settleLines, 0.5),
  msPerDayMedian: round(quantile(settleTimes, 0.5)),
  msPerDayMax: round(Math.max(...settleTimes)),
  msPerDayOfMostLines: round(settleTimes[settleLines.indexOf(Math.max(...settleLines))] ?? 0),
  mostLines: Math.max(...settleLines),
});

/**
 * The small affiliate's slowdown, compared on medians: a p95 of a few dozen samples on a shared 2-core machine
 * moves with whatever else runs; the medians say whether the big data made its queries slower.
 * @param {Record<string, CallTimes>} smallBefore @param {Record<string, CallTimes>} smallAfter
 */
const slowdownRatios = (smallBefore, smallAfter) =>
  Object.fromEntries(
    Object.entries(smallAfter).map(([name, after]) => [
      name,
      round(after.p50 / Math.max(1, /** @type {CallTimes} */ (smallBefore[name]).p50), 2),
    ]),
  );

/**
 * @typedef {Awaited<ReturnType<typeof runScaleBench>>} ScaleResult
 */

export async function runScaleBench({
  pgUrl = process.env.BENCH_PG_URL && process.env.BENCH_PG_URL !== "none"
    ? process.env.BENCH_PG_URL
    : "postgres://postgres@127.0.0.1:5432/test",
  invitees = Number(process.env.BENCH_SCALE_INVITEES ?? 100_000),
  fills = Number(process.env.BENCH_SCALE_FILLS ?? 2_000_000),
  days = 90,
  links = 20,
  samples = 30,
  log = (/** @type {string} */ line) => console.log(`[bench:scale] ${line}`),
} = {}) {
  const { buildApp } = await import("../apps/api/src/app.ts");
  const { endpointUrl } = await import("../packages/contracts/src/endpoints.ts");
  const { DEVICE_TOKEN_APP_IDS } = await import("../packages/contracts/src/device-token-constants.ts");
  const { TRADE_FEED_BOUNDS_DEFAULTS } = await import("../apps/api/src/domains/commission/trade-feed-bounds.ts");
  const { app, admin, schema, dataDir, now } = await startScaleApp({
    buildApp,
    TRADE_FEED_BOUNDS_DEFAULTS,
    pgUrl,
    days,
  });
  const today = new Date(now).toISOString().slice(0, 10);
  /** @type {ScaleContext} */
  const ctx = {
    app,
    inject: (options) => app.inject(options),
    endpointUrl,
    now,
    days,
    samples,
    log,
    deviceToken: async () => {
      const r = await app.inject({
        method: "POST",
        url: endpointUrl("deviceTokenIssue"),
        payload: { appId: DEVICE_TOKEN_APP_IDS.test, fingerprint: `bench-scale-${randomBytes(6).toString("hex")}` },
      });
      return r.json().data.token;
    },
    urlOf: (name, query = {}) => {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      return search ? `${endpointUrl(name)}?${search}` : endpointUrl(name);
    },
    today,
    dayBefore: (n) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10),
  };

  try {
    const db = app.db.withTables();
    const smallCookie = await login(ctx, SMALL_AFFILIATE.email, SMALL_AFFILIATE.password);
    const smallInvitee = await db
      .selectFrom("affiliate_invitees")
      .select("user_id")
      .where("affiliate_user_id", "=", "8012345678")
      .limit(1)
      .executeTakeFirstOrThrow();
    log("the small affiliate, before the big data…");
    const smallBefore = await measureAll(ctx, smallCookie, smallInvitee.user_id);

    const { topCookie, topUserId, linkIds } = await createTopPartner(ctx, schema, links);
    const rand = random(31);
    log(`${invitees} invitees…`);
    const { inviteeIds, inviteeSeconds } = await addInvitees(ctx, { topUserId, linkIds, invitees, rand });
    log(`${fills} fills over ${days} days…`);
    const { fed, feedSeconds } = await feedFills(ctx, { inviteeIds, fills, rand });
    log("settlement, day by day…");
    const settled = await settleDayByDay(ctx);
    const sizes = await tableSizes(admin, schema);

    const topInvitee = /** @type {string} */ (inviteeIds[12_345 % invitees]);
    await checkAnswers(ctx, topCookie, topInvitee, invitees);
    log("the top partner's calls…");
    const topCalls = await measureAll(ctx, topCookie, topInvitee);
    log("the small affiliate, beside the big data…");
    const smallAfter = await measureAll(ctx, smallCookie, smallInvitee.user_id);

    log("the 90-day commissions export…");
    const exportFigures = await measureExport(ctx, topCookie);

    log("retention…");
    const started = performance.now();
    const retention = await app.retention.runOnce();
    const retentionSeconds = (performance.now() - started) / 1000;

    return {
      invitees,
      fills: fed,
      days,
      links,
      sizes,
      inviteeSeconds: round(inviteeSeconds),
      feedSeconds: round(feedSeconds),
      feedFillsPerSecond: Math.round(fed / feedSeconds),
      settlement: settlementSummary(settled),
      top: topCalls,
      smallBefore,
      smallAfter,
      smallRatios: slowdownRatios(smallBefore, smallAfter),
      export: exportFigures,
      retention: { seconds: round(retentionSeconds, 2), result: retention ?? null },
    };
  } finally {
    await app.close();
    await admin.query(`drop schema ${schema} cascade`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runScaleBench();
  console.log(JSON.stringify(result, null, 2));
}

/**
 * The scale budgets (architecture.md "Data at scale") the result breaks, one sentence each.
 * @param {ScaleResult} scale @param {import("./bench-report.mjs").Budget} BUDGET
 */
export function scaleBudgetBreaks(scale, BUDGET) {
  const broken = [];
  for (const [name, call] of Object.entries(scale.top))
    if (call.p95 > BUDGET.scaleCallP95Ms)
      broken.push(`scale: the top partner's ${name} p95 ${call.p95} ms (budget ≤ ${BUDGET.scaleCallP95Ms})`);
  for (const [name, ratio] of Object.entries(scale.smallRatios))
    if (ratio > BUDGET.scaleSmallRatio)
      broken.push(
        `scale: the small affiliate's ${name} ${ratio}× slower beside the big data (budget ≤ ${BUDGET.scaleSmallRatio})`,
      );
  if (scale.export.status !== 200) broken.push(`scale: the export answered ${scale.export.status}`);
  if (scale.export.seconds > BUDGET.scaleExportSeconds)
    broken.push(`scale: the 90-day export took ${scale.export.seconds} s (budget ≤ ${BUDGET.scaleExportSeconds})`);
  if (scale.export.rssGrowthMb > BUDGET.scaleExportRssMb)
    broken.push(`scale: the export grew RSS by ${scale.export.rssGrowthMb} MB (budget ≤ ${BUDGET.scaleExportRssMb})`);
  if (scale.settlement.msPerDayOfMostLines > BUDGET.scaleSettleDayMs)
    broken.push(
      `scale: settling a day of ${scale.settlement.mostLines} lines took ${scale.settlement.msPerDayOfMostLines} ms (budget ≤ ${BUDGET.scaleSettleDayMs})`,
    );
  if (scale.feedFillsPerSecond < BUDGET.feedFillsPerSecond)
    broken.push(
      `scale: the feed took ${scale.feedFillsPerSecond} fills/s with totals (budget ≥ ${BUDGET.feedFillsPerSecond})`,
    );
  return broken;
}

/**
 * The report's section on the scale phase (bench/results.md).
 * @param {ScaleResult} scale @param {import("./bench-report.mjs").Budget} BUDGET
 */
export function scaleReportLines(scale, BUDGET) {
  /** @param {string} name @param {CallTimes} call @param {number | undefined} ratio */
  const row = (name, call, ratio) =>
    `| ${name} | ${call.p50} | ${call.p95} | ${ratio === undefined ? "" : `${ratio}×`} |`;
  return [
    `## Data at scale (PostgreSQL: ${scale.invitees} invitees over ${scale.links} links, ${scale.fills} fills over ${scale.days} days)`,
    "",
    `Feed ${scale.feedFillsPerSecond} fills/s with the totals kept (budget ≥ ${BUDGET.feedFillsPerSecond}); settlement of a day: median ${scale.settlement.msPerDayMedian} ms for ${scale.settlement.linesPerDayMedian} lines, ${scale.settlement.msPerDayOfMostLines} ms for the day of most lines (${scale.settlement.mostLines}; budget ≤ ${BUDGET.scaleSettleDayMs} ms); 90-day export ${scale.export.mb} MB in ${scale.export.seconds} s, RSS +${scale.export.rssGrowthMb} MB (budgets ≤ ${BUDGET.scaleExportSeconds} s, ≤ ${BUDGET.scaleExportRssMb} MB); retention run ${scale.retention.seconds} s.`,
    "",
    `| call (top partner) | p50 ms | p95 ms (budget ≤ ${BUDGET.scaleCallP95Ms}) | small affiliate p50 after/before (≤ ${BUDGET.scaleSmallRatio}×) |`,
    "|---|---|---|---|",
    ...Object.entries(scale.top).map(([name, call]) => row(name, call, scale.smallRatios[name])),
    "",
    "| table | rows | MB |",
    "|---|---|---|",
    ...Object.entries(scale.sizes).map(([table, size]) => `| ${table} | ${size.rows} | ${size.mb} |`),
    "",
  ];
}
