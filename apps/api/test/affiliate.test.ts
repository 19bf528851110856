import Fastify, { type FastifyError, type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AFFILIATE_COMMISSION_CSV_COLUMNS,
  adminAffiliateApplicationListSchema,
  affiliateLevelStatusSchema,
  affiliateProgrammeSchema,
  affiliateSummarySchema,
  affiliateApplicationSchema,
  affiliateCardClaimViewSchema,
  affiliateCommissionPageSchema,
  experienceCardListSchema,
  experienceCardSchema,
  inviteePageSchema,
  myAffiliateApplicationSchema,
  referralLinkListSchema,
  referralLinkSchema,
  subAffiliateListSchema,
  subAffiliateSchema,
  subInvitationOfferListSchema,
  type AffiliateCommissionRecord,
} from "@affiliates/contracts";
import { appPlugin, sendError, toApiError, type AppOptions } from "../src/app";
import { loadConfig } from "../src/config";
import { up } from "../src/db/migrations/0006-affiliate";
import { DEMO_ACCOUNTS, seedIfEmpty } from "../src/db/seed";
import { generateAffiliateData, seedAffiliateIfEmpty } from "../src/db/seed-affiliate";
import { hashPassword } from "../src/lib/password";
import { addDays, dayOf } from "../src/lib/days";
import affiliatePlugin from "../src/plugins/app/affiliate";
import affiliateRoutes from "../src/routes/v1/affiliate/index";
import { registerAdminAffiliate } from "../src/routes/v1/admin/affiliate";
import { okData as data, refused } from "./helpers/envelope-assertions";
import { AFFILIATE, DIALECT, PLAIN_USER, TEST_DATABASE_URL, deviceToken, login, randomName, sessionCookie, adminTokenHook } from "./helpers/test-app";

/** A fixed clock: the seed's history and every "today" of the API are relative to it, so values are reproducible. */
const NOW = Date.parse("2026-06-15T12:00:00.000Z");
const TODAY = dayOf(NOW);
const ADMIN_TOKEN = "affiliate-admin-token";
const PARTNER = { email: "partner@example.com", password: "Partner#2026" } as const;
const AFFILIATE_ID = "8012345678";
const PARTNER_ID = "8012345680";

async function withPg(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface AffiliateApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The full API (appPlugin, as buildApp builds it) plus the affiliate pieces the lead wires into app.ts: migration 0006
 * run directly, the seed at the fixed clock, the repository, the routes and the admin calls behind the same token
 * check as routes/v1/admin/index.ts. Each piece is added only when the app does not have it yet, so the suite keeps
 * passing once they are wired in. The demo accounts are inserted here (seed: false) so that the affiliate history is
 * generated at NOW even when seedIfEmpty later includes the affiliate seed.
 */
async function buildAffiliateApp(): Promise<AffiliateApp> {
  const schema = TEST_DATABASE_URL ? randomName("t_") : undefined;
  if (TEST_DATABASE_URL && schema) await withPg(TEST_DATABASE_URL, `CREATE SCHEMA ${schema}`);
  const options: AppOptions = {
    ...loadConfig({}),
    databaseUrl: TEST_DATABASE_URL ?? ":memory:",
    pgSchema: schema,
    logger: false,
    redisUrl: undefined,
    adminToken: ADMIN_TOKEN,
    appEnv: "test",
    seed: false,
    now: () => NOW,
  };
  const app = Fastify({
    logger: false,
    trustProxy: options.trustProxy,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (error: FastifyError, _request, reply) => {
      void sendError(reply, toApiError(error));
    },
  });
  await app.register(appPlugin, options);
  const db = app.db;
  try {
    await sql`select 1 from affiliates where 1 = 0`.execute(db);
  } catch {
    await up(db as unknown as Kysely<unknown>);
  }
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  for (const [i, a] of DEMO_ACCOUNTS.entries()) {
    await db
      .insertInto("users")
      .values({ user_id: a.userId, email: a.email, password_hash: hashes[i] ?? "", mobile: a.mobile, user_name: a.userName, role: a.role, created_at: "2026-01-05T09:00:00.000Z" })
      .execute();
    await db.insertInto("user_settings").values({ user_id: a.userId, ...a.settings }).execute();
  }
  await seedAffiliateIfEmpty(db, NOW);
  await seedIfEmpty(db);
  if (!app.hasDecorator("affiliate")) await app.register(affiliatePlugin, { now: options.now });
  if (!app.hasRoute({ method: "GET", url: "/v1/affiliate/programme" })) await app.register(affiliateRoutes, { prefix: "/v1/affiliate" });
  if (!app.hasRoute({ method: "GET", url: "/v1/admin/affiliate/applications" })) {
    await app.register(
      (admin, _options, done) => {
        admin.addHook("onRequest", adminTokenHook(ADMIN_TOKEN));
        registerAdminAffiliate(admin);
        done();
      },
      { prefix: "/v1/admin" },
    );
  }
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (TEST_DATABASE_URL && schema) await withPg(TEST_DATABASE_URL, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

// ------------------------------------------------------------------ expected values from the generator (pure JS)

const { rows: G } = generateAffiliateData(NOW);
const cents = (v: unknown) => Number(v ?? 0);
const usd = (c: number) => c / 100;
const inRange = (day: string | null | undefined, from: string, to: string) => !!day && day >= from && day <= to;
const dayPart = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : null);

function expectedSummary(userId: string, from: string, to: string) {
  const linkIds = new Set(G.affiliate_links.filter((l) => l.user_id === userId).map((l) => l.id));
  const invitees = G.affiliate_invitees.filter((i) => i.affiliate_user_id === userId);
  const commissions = G.affiliate_commissions.filter((c) => c.affiliate_user_id === userId && inRange(c.trade_day, from, to));
  return {
    clicks: G.affiliate_link_daily_stats.filter((s) => linkIds.has(s.link_id) && inRange(s.day, from, to)).reduce((n, s) => n + s.clicks, 0),
    signups: invitees.filter((i) => inRange(dayPart(i.registered_at), from, to)).length,
    kycVerified: invitees.filter((i) => inRange(dayPart(i.kyc_at), from, to)).length,
    firstDeposits: invitees.filter((i) => inRange(dayPart(i.first_deposit_at), from, to)).length,
    firstTrades: invitees.filter((i) => inRange(dayPart(i.first_trade_at), from, to)).length,
    activeTraders: new Set(commissions.map((c) => c.invitee_id)).size,
    volumeUsdt: usd(commissions.reduce((n, c) => n + cents(c.volume_cents), 0)),
    commissionPendingUsdt: usd(commissions.filter((c) => c.status === "pending").reduce((n, c) => n + cents(c.commission_cents), 0)),
    commissionSettledUsdt: usd(commissions.filter((c) => c.status === "settled").reduce((n, c) => n + cents(c.commission_cents), 0)),
  };
}

// ------------------------------------------------------------------ helpers

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows;
}

/** A CSV row back to a commission record (numbers from the two-decimal text, empty as null). */
function csvRecord(header: string[], values: string[]): AffiliateCommissionRecord {
  const o: Record<string, unknown> = {};
  header.forEach((key, i) => {
    const v = values[i] ?? "";
    if (key === "id" || key === "inviteeId") o[key] = Number(v);
    else if (key.endsWith("Usdt")) o[key] = Number(v);
    else o[key] = v === "" && (key === "settledAt" || key === "reasonNone") ? null : v;
  });
  return o as AffiliateCommissionRecord;
}

let t: AffiliateApp;
let affiliateCookie: string;
let partnerCookie: string;
let userCookie: string;
let dy: string;

type Method = "GET" | "POST" | "PATCH" | "DELETE";
function call(method: Method, url: string, opts: { cookie?: string | undefined; body?: unknown; dy?: boolean; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.dy) headers["dy-token"] = dy;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  return t.app.inject({
    method,
    url,
    headers,
    cookies: opts.cookie ? { refresh_token: opts.cookie } : {},
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });
}
const asAffiliate = (method: Method, url: string, opts: { body?: unknown; dy?: boolean; headers?: Record<string, string> } = {}) =>
  call(method, url, { ...opts, cookie: affiliateCookie });

async function registerUser(email: string): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/v1/user/register",
    headers: { "dy-token": dy, "content-type": "application/json" },
    payload: JSON.stringify({ email, password: "Newcomer#2026" }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}

beforeAll(async () => {
  t = await buildAffiliateApp();
  dy = await deviceToken(t.app);
  [affiliateCookie, partnerCookie, userCookie] = await Promise.all([
    login(t.app, AFFILIATE.email, AFFILIATE.password).then(sessionCookie),
    login(t.app, PARTNER.email, PARTNER.password).then(sessionCookie),
    login(t.app, PLAIN_USER.email, PLAIN_USER.password).then(sessionCookie),
  ]);
}, 120_000);
afterAll(async () => {
  await t.close();
});

// ------------------------------------------------------------------ seed

describe(`affiliate seed (${DIALECT})`, () => {
  it("is generated deterministically and fast, and only once", async () => {
    expect(generateAffiliateData(NOW)).toEqual({ rows: G });
    const mine = G.affiliate_invitees.filter((i) => i.affiliate_user_id === AFFILIATE_ID);
    expect(mine).toHaveLength(3000);
    const rows = G.affiliate_commissions.filter((c) => c.affiliate_user_id === AFFILIATE_ID).length;
    expect(rows).toBeGreaterThan(10_000);
    expect(rows).toBeLessThan(14_000);
    for (const i of mine) expect(i.registered_at >= `${addDays(TODAY, -365)}` && i.registered_at <= new Date(NOW).toISOString()).toBe(true);
    expect(await seedAffiliateIfEmpty(t.app.db, NOW)).toBe(false);
    const count = await t.app.db.withTables<{ affiliate_commissions: { id: number } }>()
      .selectFrom("affiliate_commissions")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(G.affiliate_commissions.length);
  });
});

// ------------------------------------------------------------------ programme

describe("GET /v1/affiliate/programme", () => {
  it("is public: the levels, the headline rate, benefits and the HTML FAQ", async () => {
    const response = await call("GET", "/v1/affiliate/programme");
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const programme = affiliateProgrammeSchema.parse(data(response));
    expect(programme.levels).toEqual([
      { level: 1, name: "Lv1", monthlyNewTraders: 5, monthlyVolumeUsdt: 100_000, spotRateBps: 4000, futuresRateBps: 4000 },
      { level: 2, name: "Lv2", monthlyNewTraders: 10, monthlyVolumeUsdt: 10_000_000, spotRateBps: 4500, futuresRateBps: 4500 },
      { level: 3, name: "Lv3", monthlyNewTraders: 15, monthlyVolumeUsdt: 20_000_000, spotRateBps: 5000, futuresRateBps: 5000 },
    ]);
    expect(programme.headlineMaxRateBps).toBe(5000);
    expect(programme.linkShareBps).toEqual([0, 500, 1000, 2000]);
    expect(programme.cardAmountsUsdt).toEqual([10, 20, 50, 100]);
    expect(programme.benefits.length).toBeGreaterThan(3);
    expect(programme.faq.length).toBeGreaterThanOrEqual(6);
    const html = programme.faq.map((f) => f.answerHtml).join("");
    for (const tag of ["<ul>", "<ol>", "<a href=", "<strong>", "<em>"]) expect(html).toContain(tag);
    expect(new Set(programme.faq.map((f) => f.id)).size).toBe(programme.faq.length);
  });
});

// ------------------------------------------------------------------ applications

describe("applications", () => {
  const form = {
    name: "Nina Newcomer",
    email: "nina@example.com",
    channels: [
      { type: "youtube", url: "https://youtube.com/@nina", audience: 12_000 },
      { type: "telegram", url: "http://t.me/nina", audience: 800 },
    ],
    region: "SG",
    message: "Crypto education channel.",
  };

  it("user applies → pending → admin approves → the user is an affiliate", async () => {
    const cookie = await registerUser("nina@example.com");
    expect(myAffiliateApplicationSchema.parse(data(await call("GET", "/v1/affiliate/applications/me", { cookie })))).toEqual({ application: null, isAffiliate: false });
    refused(await call("GET", "/v1/affiliate/summary", { cookie }), 403, "403", "affiliate: not an approved affiliate");

    refused(await call("POST", "/v1/affiliate/applications", { cookie, body: form }), 403, "22001");
    const created = data(await call("POST", "/v1/affiliate/applications", { cookie, body: form, dy: true })) as { id: number; status: string };
    expect(created.status).toBe("pending");
    refused(await call("POST", "/v1/affiliate/applications", { cookie, body: form, dy: true }), 409, "10003");

    const mine = myAffiliateApplicationSchema.parse(data(await call("GET", "/v1/affiliate/applications/me", { cookie })));
    expect(mine.isAffiliate).toBe(false);
    expect(mine.application).toMatchObject({ id: created.id, status: "pending", name: "Nina Newcomer", email: "nina@example.com", region: "SG", decidedAt: null });
    expect(mine.application?.channels).toEqual(form.channels);

    const admin = { "x-admin-token": ADMIN_TOKEN };
    refused(await call("GET", "/v1/admin/affiliate/applications"), 403, "403");
    const pending = adminAffiliateApplicationListSchema.parse(data(await call("GET", "/v1/admin/affiliate/applications?status=pending", { headers: admin })));
    expect(pending.applications.map((a) => a.id)).toContain(created.id);
    expect(pending.applications.every((a) => a.status === "pending")).toBe(true);

    const decided = affiliateApplicationSchema.parse(
      data(await call("POST", `/v1/admin/affiliate/applications/${created.id}/decision`, { headers: admin, body: { decision: "approve", note: "Good fit" } })),
    );
    expect(decided).toMatchObject({ status: "approved", decisionNote: "Good fit" });
    refused(await call("POST", `/v1/admin/affiliate/applications/${created.id}/decision`, { headers: admin, body: { decision: "reject" } }), 409, "10008");
    refused(await call("POST", "/v1/admin/affiliate/applications/999999/decision", { headers: admin, body: { decision: "reject" } }), 404, "404");
    refused(await call("POST", `/v1/admin/affiliate/applications/${created.id}/decision`, { headers: admin, body: { decision: "maybe" } }), 400, "400", /^decision: /);

    const after = myAffiliateApplicationSchema.parse(data(await call("GET", "/v1/affiliate/applications/me", { cookie })));
    expect(after).toMatchObject({ isAffiliate: true, application: { status: "approved" } });
    const summary = affiliateSummarySchema.parse(data(await call("GET", "/v1/affiliate/summary", { cookie })));
    expect(summary.totals).toMatchObject({ clicks: 0, signups: 0, volumeUsdt: 0 });
    const level = affiliateLevelStatusSchema.parse(data(await call("GET", "/v1/affiliate/level", { cookie })));
    expect(level).toMatchObject({ level: 1, rateBps: 4000, next: { level: 2 } });
    refused(await call("POST", "/v1/affiliate/applications", { cookie, body: form, dy: true }), 409, "10003");
  });

  it("a rejected applicant may apply again; an affiliate may not apply", async () => {
    const cookie = await registerUser("rory@example.com");
    const first = data(await call("POST", "/v1/affiliate/applications", { cookie, body: { ...form, email: "rory@example.com" }, dy: true })) as { id: number };
    const admin = { "x-admin-token": ADMIN_TOKEN };
    data(await call("POST", `/v1/admin/affiliate/applications/${first.id}/decision`, { headers: admin, body: { decision: "reject", note: "Audience too small" } }));
    const mine = myAffiliateApplicationSchema.parse(data(await call("GET", "/v1/affiliate/applications/me", { cookie })));
    expect(mine).toMatchObject({ isAffiliate: false, application: { status: "rejected", decisionNote: "Audience too small" } });
    const second = data(await call("POST", "/v1/affiliate/applications", { cookie, body: form, dy: true })) as { id: number };
    expect(second.id).toBeGreaterThan(first.id);
    const rejected = adminAffiliateApplicationListSchema.parse(data(await call("GET", "/v1/admin/affiliate/applications?status=rejected&limit=1", { headers: admin })));
    expect(rejected.applications.map((a) => a.id)).toEqual([first.id]);
    refused(await call("POST", "/v1/affiliate/applications", { cookie: affiliateCookie, body: form, dy: true }), 409, "10003");
    refused(await call("GET", "/v1/admin/affiliate/applications?status=bogus", { headers: admin }), 400, "400", /^status: /);
  });

  it("needs a session", async () => {
    refused(await call("GET", "/v1/affiliate/applications/me"), 401, "00004");
    refused(await call("POST", "/v1/affiliate/applications", { body: form, dy: true }), 401, "00004");
  });

  it.each([
    ["a short name", { name: "N" }, /^name: /],
    ["a bad email", { email: "nope" }, /^email: /],
    ["no channels", { channels: [] }, /^channels: /],
    ["six channels", { channels: Array.from({ length: 6 }, () => form.channels[0]) }, /^channels: /],
    ["an ftp url", { channels: [{ type: "website", url: "ftp://x.example", audience: 1 }] }, /^channels\.0\.url: must be an http\(s\) URL/],
    ["a javascript url", { channels: [{ type: "website", url: "javascript:alert(1)", audience: 1 }] }, /^channels\.0\.url: /],
    ["a 301-character url", { channels: [{ type: "website", url: `https://x.example/${"a".repeat(283)}`, audience: 1 }] }, /^channels\.0\.url: /],
    ["an unknown channel type", { channels: [{ type: "myspace", url: "https://x.example", audience: 1 }] }, /^channels\.0\.type: /],
    ["an audience over 1e9", { channels: [{ type: "x", url: "https://x.example", audience: 1_000_000_001 }] }, /^channels\.0\.audience: /],
    ["a fractional audience", { channels: [{ type: "x", url: "https://x.example", audience: 1.5 }] }, /^channels\.0\.audience: /],
    ["an unknown channel field", { channels: [{ type: "x", url: "https://x.example", audience: 1, extra: 1 }] }, /^extra: unknown field/],
    ["a short region", { region: "E" }, /^region: /],
    ["a 2001-character message", { message: "x".repeat(2001) }, /^message: /],
    ["an unknown field", { status: "approved" }, /^status: unknown field/],
  ])("refuses %s with a 400 naming the field", async (_name, patch, msg) => {
    const cookie = userCookie;
    refused(await call("POST", "/v1/affiliate/applications", { cookie, body: { ...form, ...patch }, dy: true }), 400, "400", msg);
  });
});

// ------------------------------------------------------------------ rights

describe("rights", () => {
  const affiliateOnly: [Method, string, unknown?][] = [
    ["GET", "/v1/affiliate/summary"],
    ["GET", "/v1/affiliate/links"],
    ["POST", "/v1/affiliate/links", { label: "x" }],
    ["PATCH", "/v1/affiliate/links/1", { label: "x" }],
    ["GET", "/v1/affiliate/invitees"],
    ["GET", "/v1/affiliate/commissions"],
    ["GET", "/v1/affiliate/commissions/export.csv"],
    ["GET", "/v1/affiliate/sub-affiliates"],
    ["POST", "/v1/affiliate/sub-affiliates", { email: "a@b.co", rateBps: 1 }],
    ["PATCH", `/v1/affiliate/sub-affiliates/${AFFILIATE_ID}`, { note: "x" }],
    ["GET", "/v1/affiliate/level"],
    ["GET", "/v1/affiliate/cards"],
    ["POST", "/v1/affiliate/cards", { amountUsdt: 10 }],
  ];

  it.each(affiliateOnly)("%s %s: a plain user gets 403, no session 401", async (method, url, body) => {
    refused(await call(method, url, { cookie: userCookie, body, dy: true }), 403, "403", "affiliate: not an approved affiliate");
    refused(await call(method, url, { body, dy: true }), 401, "00004");
  });

  const moneyActions: [Method, string, unknown][] = [
    ["POST", "/v1/affiliate/applications", {}],
    ["POST", "/v1/affiliate/links", { label: "x" }],
    ["PATCH", "/v1/affiliate/links/1", { label: "x" }],
    ["POST", "/v1/affiliate/sub-affiliates", { email: "a@b.co", rateBps: 1 }],
    ["PATCH", "/v1/affiliate/sub-affiliates/8012345681", { rateBps: 1 }],
    ["POST", "/v1/affiliate/cards", { amountUsdt: 10 }],
    ["POST", "/v1/affiliate/cards/claim/AAAAAAAAAAAA", {}],
  ];
  it.each(moneyActions)("%s %s needs the device token (403 22001)", async (method, url, body) => {
    refused(await asAffiliate(method, url, { body }), 403, "22001", "dy-token: missing");
    refused(await asAffiliate(method, url, { body, headers: { "dy-token": "x".repeat(40) } }), 403, "22001");
  });

  it("each affiliate sees only their own data", async () => {
    const partnerLinks = referralLinkListSchema.parse(data(await call("GET", "/v1/affiliate/links", { cookie: partnerCookie }))).links;
    expect(partnerLinks.map((l) => l.code)).toEqual(["PARTNER", "partner5"]);
    const partnerInvitees = inviteePageSchema.parse(data(await call("GET", "/v1/affiliate/invitees", { cookie: partnerCookie })));
    expect(partnerInvitees.total).toBe(G.affiliate_invitees.filter((i) => i.affiliate_user_id === PARTNER_ID).length);
    const partnerSubs = subAffiliateListSchema.parse(data(await call("GET", "/v1/affiliate/sub-affiliates", { cookie: partnerCookie })));
    expect(partnerSubs.subAffiliates).toEqual([]);
    const partnerLink = partnerLinks[0];
    if (!partnerLink) throw new Error("no partner link");
    refused(await asAffiliate("PATCH", `/v1/affiliate/links/${partnerLink.id}`, { body: { label: "mine now" }, dy: true }), 404, "404", "link: not found");
    refused(await asAffiliate("GET", `/v1/affiliate/invitees?linkId=${partnerLink.id}`), 404, "404");
    refused(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 10, linkId: partnerLink.id }, dy: true }), 404, "404", "link: not found");
    const partnerInvitee = partnerInvitees.items[0];
    if (!partnerInvitee) throw new Error("no partner invitee");
    refused(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 10, inviteeId: partnerInvitee.id }, dy: true }), 404, "404", "invitee: not found");
    refused(await asAffiliate("PATCH", `/v1/affiliate/sub-affiliates/${PARTNER_ID}`, { body: { note: "x" }, dy: true }), 404, "404", "sub-affiliate: not found");
    // …and the partner cannot touch the affiliate's sub-affiliate either.
    refused(await call("PATCH", "/v1/affiliate/sub-affiliates/8012345681", { cookie: partnerCookie, body: { note: "x" }, dy: true }), 404, "404");
    const label = referralLinkListSchema.parse(data(await call("GET", "/v1/affiliate/links", { cookie: partnerCookie }))).links[0]?.label;
    expect(label).toBe("Podcast");
  });
});

// ------------------------------------------------------------------ summary

describe("GET /v1/affiliate/summary", () => {
  it("defaults to the last 7 days, with a series per day and the funnel", async () => {
    const summary = affiliateSummarySchema.parse(data(await asAffiliate("GET", "/v1/affiliate/summary")));
    const from = addDays(TODAY, -6);
    expect(summary.from).toBe(from);
    expect(summary.to).toBe(TODAY);
    expect(summary.series.map((s) => s.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)));
    expect(summary.totals).toEqual(expectedSummary(AFFILIATE_ID, from, TODAY));
    expect(summary.totals.signups).toBeGreaterThan(0);
    expect(summary.funnel).toEqual([
      { step: "clicks", count: summary.totals.clicks },
      { step: "signups", count: summary.totals.signups },
      { step: "kyc", count: summary.totals.kycVerified },
      { step: "firstDeposit", count: summary.totals.firstDeposits },
      { step: "firstTrade", count: summary.totals.firstTrades },
    ]);
  });

  it.each([
    ["one day", TODAY, TODAY],
    ["30 days", addDays(TODAY, -29), TODAY],
    ["a past quarter", "2026-01-01", "2026-03-31"],
    ["366 days", addDays(TODAY, -365), TODAY],
  ])("answers %s with the seeded totals, and the series adds up", async (_name, from, to) => {
    const summary = affiliateSummarySchema.parse(data(await asAffiliate("GET", `/v1/affiliate/summary?from=${from}&to=${to}`)));
    const expected = expectedSummary(AFFILIATE_ID, from, to);
    expect(summary.totals).toEqual(expected);
    expect(summary.series).toHaveLength(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1);
    for (const key of ["clicks", "signups", "kycVerified", "firstDeposits", "firstTrades"] as const) {
      expect(summary.series.reduce((n, s) => n + s[key], 0)).toBe(expected[key]);
    }
    const seriesCents = summary.series.reduce((n, s) => n + Math.round(s.volumeUsdt * 100), 0);
    expect(seriesCents).toBe(Math.round(expected.volumeUsdt * 100));
    const one = summary.series.find((s) => s.day === to);
    expect(one).toMatchObject({ day: to, ...expectedSummary(AFFILIATE_ID, to, to) });
  });

  it.each([
    ["a span over 366 days", `from=${addDays(TODAY, -366)}&to=${TODAY}`, "from: the range must not exceed 366 days"],
    ["from after to", "from=2026-05-02&to=2026-05-01", "from: must be on or before to"],
    ["to in the future", `from=${TODAY}&to=${addDays(TODAY, 1)}`, "to: must not be in the future"],
    ["only a future to", `to=${addDays(TODAY, 3)}`, "to: must not be in the future"],
    ["an impossible date", "from=2026-02-30&to=2026-03-01", /^from: expected a date/],
    ["a bad format", "from=2026-5-1", /^from: expected a date/],
    ["a timestamp", "to=2026-05-01T00:00:00Z", /^to: expected a date/],
    ["a repeated parameter", "from=2026-05-01&from=2026-05-02", /^from: /],
    ["an unknown parameter", "days=30", /^days: unknown field/],
  ])("refuses %s with a 400 naming the field", async (_name, query, msg) => {
    refused(await asAffiliate("GET", `/v1/affiliate/summary?${query}`), 400, "400", msg);
  });
});

// ------------------------------------------------------------------ links

describe("links", () => {
  const headers = { host: "www.exchange.example", "x-forwarded-proto": "https" };

  it("lists the four seeded links with their totals and URLs", async () => {
    const { links } = referralLinkListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/links", { headers })));
    expect(links.map((l) => l.code)).toEqual(["AURORA", "aurora10", "AuroraX", "auroraVIP"]);
    const seeded = G.affiliate_links.filter((l) => l.user_id === AFFILIATE_ID);
    for (const link of links) {
      const seed = seeded.find((s) => s.code === link.code);
      const stats = G.affiliate_link_daily_stats.filter((s) => s.link_id === seed?.id);
      expect(link).toMatchObject({
        id: seed?.id,
        label: seed?.label,
        channel: seed?.channel,
        spotShareBps: seed?.spot_share_bps,
        futuresShareBps: seed?.futures_share_bps,
        archived: false,
        url: `https://www.exchange.example/register?ref=${link.code}`,
        clicks: stats.reduce((n, s) => n + s.clicks, 0),
        signups: G.affiliate_invitees.filter((i) => i.link_id === seed?.id).length,
      });
    }
    expect(links.reduce((n, l) => n + l.signups, 0)).toBe(3000);
  });

  it("creates a link with a vanity code and a 10% share, refuses a taken code, and patches it", async () => {
    const created = referralLinkSchema.parse(
      data(await asAffiliate("POST", "/v1/affiliate/links", { body: { label: "Spring campaign", channel: "x", code: "Spring26", spotShareBps: 1000, futuresShareBps: 500 }, dy: true, headers })),
    );
    expect(created).toMatchObject({ code: "Spring26", label: "Spring campaign", channel: "x", spotShareBps: 1000, futuresShareBps: 500, archived: false, clicks: 0, signups: 0 });
    expect(created.url).toBe("https://www.exchange.example/register?ref=Spring26");
    expect(created.createdAt).toBe(new Date(NOW).toISOString());
    const { links } = referralLinkListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/links")));
    expect(links.at(-1)).toMatchObject({ id: created.id, code: "Spring26" });

    refused(await asAffiliate("POST", "/v1/affiliate/links", { body: { label: "again", code: "spring26" }, dy: true }), 409, "10004", "code: this code is taken");
    refused(await call("POST", "/v1/affiliate/links", { cookie: partnerCookie, body: { label: "theirs", code: "AURORA" }, dy: true }), 409, "10004");

    const generated = referralLinkSchema.parse(data(await asAffiliate("POST", "/v1/affiliate/links", { body: { label: "No code" }, dy: true })));
    expect(generated.code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(generated).toMatchObject({ spotShareBps: 0, futuresShareBps: 0, channel: null });

    const patched = referralLinkSchema.parse(
      data(await asAffiliate("PATCH", `/v1/affiliate/links/${created.id}`, { body: { label: "Spring (ended)", spotShareBps: 2000, archived: true }, dy: true })),
    );
    expect(patched).toMatchObject({ id: created.id, label: "Spring (ended)", spotShareBps: 2000, futuresShareBps: 500, archived: true, code: "Spring26" });
    refused(await asAffiliate("PATCH", "/v1/affiliate/links/999999", { body: { label: "x" }, dy: true }), 404, "404");
  });

  it.each([
    ["a share of 300", { label: "x", spotShareBps: 300 }, /^spotShareBps: must be one of/],
    ["a share of 5000", { label: "x", futuresShareBps: 5000 }, /^futuresShareBps: /],
    ["a 3-character code", { label: "x", code: "abc" }, /^code: must be 4 to 16/],
    ["a code with a dash", { label: "x", code: "ab-cd" }, /^code: /],
    ["a 17-character code", { label: "x", code: "a".repeat(17) }, /^code: /],
    ["no label", {}, /^label: /],
    ["an unknown channel", { label: "x", channel: "fax" }, /^channel: /],
    ["an unknown field", { label: "x", userId: AFFILIATE_ID }, /^userId: unknown field/],
  ])("POST refuses %s", async (_name, body, msg) => {
    refused(await asAffiliate("POST", "/v1/affiliate/links", { body, dy: true }), 400, "400", msg);
  });

  it.each([
    ["an empty patch", "1", {}, /^body: nothing to change/],
    ["a bad share", "1", { spotShareBps: 1 }, /^spotShareBps: /],
    ["a code change", "1", { code: "NEWCODE" }, /^code: unknown field/],
    ["a non-numeric id", "abc", { label: "x" }, /^id: /],
    ["a zero id", "0", { label: "x" }, /^id: /],
  ])("PATCH refuses %s", async (_name, id, body, msg) => {
    refused(await asAffiliate("PATCH", `/v1/affiliate/links/${id}`, { body, dy: true }), 400, "400", msg);
  });
});

// ------------------------------------------------------------------ invitees

describe("GET /v1/affiliate/invitees", () => {
  const mine = G.affiliate_invitees.filter((i) => i.affiliate_user_id === AFFILIATE_ID);

  it("pages the seeded invitees newest first, masked", async () => {
    const page = inviteePageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/invitees")));
    expect(page).toMatchObject({ total: 3000, page: 1, pageSize: 20 });
    const expected = [...mine].sort((a, b) => (a.registered_at < b.registered_at ? 1 : a.registered_at > b.registered_at ? -1 : Number(b.id) - Number(a.id))).slice(0, 20);
    expect(page.items.map((i) => i.id)).toEqual(expected.map((i) => i.id));
    const first = page.items[0];
    const seed = expected[0];
    expect(first).toEqual({
      id: seed?.id,
      maskedUserId: seed?.masked_user_id,
      registeredAt: seed?.registered_at,
      kyc: seed?.kyc_at !== null,
      firstDepositAt: seed?.first_deposit_at,
      firstTradeAt: seed?.first_trade_at,
      volumeUsdt: usd(cents(seed?.volume_cents)),
      commissionUsdt: usd(cents(seed?.commission_cents)),
      linkId: seed?.link_id,
      linkCode: G.affiliate_links.find((l) => l.id === seed?.link_id)?.code,
    });
    for (const item of page.items) expect(item.maskedUserId).toMatch(/^\d{2}\*{4}\d{2}$/);
  });

  it("sorts by volume and commission both ways", async () => {
    const byVolume = inviteePageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/invitees?sort=volume&order=desc&pageSize=10")));
    const maxVolume = Math.max(...mine.map((i) => cents(i.volume_cents)));
    expect(byVolume.items[0]?.volumeUsdt).toBe(usd(maxVolume));
    const volumes = byVolume.items.map((i) => i.volumeUsdt);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const byCommission = inviteePageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/invitees?sort=commission&order=asc&pageSize=100")));
    const commissions = byCommission.items.map((i) => i.commissionUsdt);
    expect(commissions).toEqual([...commissions].sort((a, b) => a - b));
    expect(commissions[0]).toBe(0);
    const oldest = inviteePageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/invitees?sort=registeredAt&order=asc&pageSize=10")));
    expect(oldest.items[0]?.registeredAt).toBe(mine.map((i) => i.registered_at).sort()[0]);
  });

  it("pagination edges: the last page, a page beyond the end, page sizes 10 and 100", async () => {
    const last = inviteePageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/invitees?page=30&pageSize=100")));
    expect(last).toMatchObject({ total: 3000, page: 30, pageSize: 100 });
    expect(last.items).toHaveLength(100);
    const beyond = inviteePageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/invitees?page=31&pageSize=100")));
    expect(beyond).toEqual({ items: [], total: 3000, page: 31, pageSize: 100 });
    const far = inviteePageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/invitees?page=100000&pageSize=10")));
    expect(far).toEqual({ items: [], total: 3000, page: 100000, pageSize: 10 });
    // Pages do not overlap and cover everything.
    const ids = new Set<number>();
    for (let page = 1; page <= 30; page++) {
      const p = inviteePageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/invitees?page=${page}&pageSize=100&sort=volume`)));
      for (const item of p.items) ids.add(item.id);
    }
    expect(ids.size).toBe(3000);
  });

  it("filters by link and searches by masked or full user id", async () => {
    const link = G.affiliate_links.find((l) => l.code === "auroraVIP");
    const byLink = inviteePageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/invitees?linkId=${link?.id}&pageSize=100`)));
    expect(byLink.total).toBe(mine.filter((i) => i.link_id === link?.id).length);
    expect(byLink.items.every((i) => i.linkCode === "auroraVIP")).toBe(true);
    const target = mine[1234];
    const masked = target?.masked_user_id ?? "";
    const search = inviteePageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/invitees?search=${encodeURIComponent(masked)}&pageSize=100`)));
    expect(search.total).toBe(mine.filter((i) => i.masked_user_id.includes(masked)).length);
    expect(search.items.map((i) => i.id)).toContain(target?.id);
    const exact = inviteePageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/invitees?search=${target?.user_id}`)));
    expect(exact.items.map((i) => i.id)).toContain(target?.id);
    const none = inviteePageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/invitees?search=ZZZZ")));
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it.each([
    ["pageSize=9", /^pageSize: /],
    ["pageSize=101", /^pageSize: /],
    ["page=0", /^page: /],
    ["page=-1", /^page: /],
    ["page=1.5", /^page: /],
    ["sort=name", /^sort: /],
    ["order=up", /^order: /],
    ["linkId=abc", /^linkId: /],
    ["search=a%25b", /^search: /],
    [`search=${"1".repeat(33)}`, /^search: /],
    ["bogus=1", /^bogus: unknown field/],
  ])("refuses ?%s", async (query, msg) => {
    refused(await asAffiliate("GET", `/v1/affiliate/invitees?${query}`), 400, "400", msg);
  });
});

// ------------------------------------------------------------------ commissions

describe("commissions", () => {
  const mine = G.affiliate_commissions.filter((c) => c.affiliate_user_id === AFFILIATE_ID);
  const masked = new Map(G.affiliate_invitees.map((i) => [i.id, i.masked_user_id]));

  async function allJsonRows(from: string, to: string): Promise<AffiliateCommissionRecord[]> {
    const rows: AffiliateCommissionRecord[] = [];
    for (let page = 1; ; page++) {
      const p = affiliateCommissionPageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/commissions?from=${from}&to=${to}&page=${page}&pageSize=100`)));
      rows.push(...p.items);
      if (p.items.length < 100) return rows;
    }
  }

  it("pages the records of a range newest first, with the reason when a trade earned none", async () => {
    const from = addDays(TODAY, -29);
    const page = affiliateCommissionPageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/commissions?from=${from}&to=${TODAY}&pageSize=50`)));
    const expected = mine.filter((c) => inRange(c.trade_day, from, TODAY));
    expect(page.total).toBe(expected.length);
    expect(page.items).toHaveLength(50);
    const sorted = [...expected].sort((a, b) => (a.trade_day < b.trade_day ? 1 : a.trade_day > b.trade_day ? -1 : Number(b.id) - Number(a.id)));
    const first = sorted[0];
    expect(page.items[0]).toEqual({
      id: first?.id,
      tradeDay: first?.trade_day,
      inviteeId: first?.invitee_id,
      inviteeMaskedId: masked.get(Number(first?.invitee_id)),
      businessLine: first?.business_line,
      volumeUsdt: usd(cents(first?.volume_cents)),
      feeUsdt: usd(cents(first?.fee_cents)),
      commissionUsdt: usd(cents(first?.commission_cents)),
      status: first?.status,
      settledAt: first?.settled_at,
      reasonNone: first?.reason_none,
      source: "direct",
      fills: 1,
    });
    expect(page.items.map((i) => i.id)).toEqual(sorted.slice(0, 50).map((c) => c.id));

    const year = affiliateCommissionPageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/commissions?from=${addDays(TODAY, -365)}&to=${TODAY}&pageSize=100`)));
    expect(year.total).toBe(mine.length);
    const settled = affiliateCommissionPageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/commissions?from=${from}&to=${TODAY}&status=settled`)));
    expect(settled.total).toBe(expected.filter((c) => c.status === "settled").length);
    expect(settled.items.every((i) => i.status === "settled" && i.settledAt !== null)).toBe(true);
    const pending = affiliateCommissionPageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/commissions?from=${from}&to=${TODAY}&status=pending&pageSize=100`)));
    expect(pending.items.every((i) => i.status === "pending" && i.settledAt === null)).toBe(true);
    const reasons = new Set(mine.map((c) => c.reason_none).filter(Boolean));
    expect(reasons).toEqual(new Set(["self-trade", "invitee opted out", "below minimum"]));
    for (const c of mine.filter((x) => x.reason_none)) expect(cents(c.commission_cents)).toBe(0);
  });

  it("default range is the last 7 days; a page beyond the end is empty with the same total", async () => {
    const p = affiliateCommissionPageSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/commissions")));
    expect(p.total).toBe(mine.filter((c) => inRange(c.trade_day, addDays(TODAY, -6), TODAY)).length);
    const lastPage = Math.ceil(p.total / 20);
    const beyond = affiliateCommissionPageSchema.parse(data(await asAffiliate("GET", `/v1/affiliate/commissions?page=${lastPage + 1}`)));
    expect(beyond).toEqual({ items: [], total: p.total, page: lastPage + 1, pageSize: 20 });
  });

  it("the CSV of a range holds exactly the JSON rows", async () => {
    const from = addDays(TODAY, -44);
    const response = await asAffiliate("GET", `/v1/affiliate/commissions/export.csv?from=${from}&to=${TODAY}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="commissions-${from}-to-${TODAY}.csv"`);
    // UTF-8 with a byte-order mark, so spreadsheet programs read it as UTF-8.
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const [header, ...lines] = parseCsv(response.body.slice(1));
    expect(header).toEqual([...AFFILIATE_COMMISSION_CSV_COLUMNS]);
    const json = await allJsonRows(from, TODAY);
    expect(json.length).toBeGreaterThan(500);
    expect(lines).toHaveLength(json.length);
    // The CSV's columns: every field but the line's source and fill count.
    expect(lines.map((l) => csvRecord(header ?? [], l))).toEqual(json.map(({ source: _source, fills: _fills, ...columns }) => columns));
    // Money is written with exactly two decimals.
    expect(lines.every((l) => /^\d+\.\d{2}$/.test(l[5] ?? ""))).toBe(true);
  });

  it("streams a whole year (every seeded row, in order) and a single day", async () => {
    const from = addDays(TODAY, -365);
    const response = await asAffiliate("GET", `/v1/affiliate/commissions/export.csv?from=${from}&to=${TODAY}`);
    expect(response.statusCode).toBe(200);
    const [, ...lines] = parseCsv(response.body);
    expect(lines).toHaveLength(mine.length);
    const ids = lines.map((l) => Number(l[0]));
    expect(new Set(ids).size).toBe(mine.length);
    const days = lines.map((l) => l[1] ?? "");
    expect(days).toEqual([...days].sort().reverse());
    const totalCents = lines.reduce((n, l) => n + Math.round(Number(l[7]) * 100), 0);
    expect(totalCents).toBe(mine.reduce((n, c) => n + cents(c.commission_cents), 0));

    const day = addDays(TODAY, -3);
    const one = parseCsv((await asAffiliate("GET", `/v1/affiliate/commissions/export.csv?from=${day}&to=${day}`)).body);
    expect(one.length - 1).toBe(mine.filter((c) => c.trade_day === day).length);
  });

  it.each([
    ["a span over a year", `from=${addDays(TODAY, -366)}&to=${TODAY}`, "from: the range must not exceed 366 days"],
    ["from after to", `from=${TODAY}&to=${addDays(TODAY, -1)}`, "from: must be on or before to"],
    ["a future end", `from=${TODAY}&to=${addDays(TODAY, 1)}`, "to: must not be in the future"],
    ["a bad date", "from=yesterday", /^from: /],
    ["a page parameter", "page=2", /^page: unknown field/],
  ])("the CSV refuses %s with a 400 envelope", async (_name, query, msg) => {
    const response = await asAffiliate("GET", `/v1/affiliate/commissions/export.csv?${query}`);
    refused(response, 400, "400", msg);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each([
    ["status=paid", /^status: /],
    ["pageSize=500", /^pageSize: /],
    [`from=${addDays(TODAY, -400)}`, "from: the range must not exceed 366 days"],
  ])("the list refuses ?%s", async (query, msg) => {
    refused(await asAffiliate("GET", `/v1/affiliate/commissions?${query}`), 400, "400", msg);
  });
});

// ------------------------------------------------------------------ sub-affiliates

describe("sub-affiliates", () => {
  it("lists the three seeded subs with their last 30 days", async () => {
    const list = subAffiliateListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/sub-affiliates")));
    expect(list.ownRateBps).toBe(4500);
    const seeded = list.subAffiliates.filter((s) => s.userId.startsWith("80123456"));
    expect(seeded.map((s) => [s.email, s.rateBps])).toEqual([
      ["sub.nova@example.com", 3500],
      ["sub.kai@example.com", 3000],
      ["sub.lena@example.com", 2500],
    ]);
    const from = addDays(TODAY, -29);
    for (const sub of seeded) {
      const invitees = G.affiliate_invitees.filter((i) => i.affiliate_user_id === sub.userId);
      const trades = G.affiliate_commissions.filter((c) => c.affiliate_user_id === sub.userId && inRange(c.trade_day, from, TODAY));
      expect(sub.inviteesTotal).toBe(invitees.length);
      expect(sub.last30d).toEqual({
        newInvitees: invitees.filter((i) => inRange(dayPart(i.registered_at), from, TODAY)).length,
        volumeUsdt: usd(trades.reduce((n, c) => n + cents(c.volume_cents), 0)),
        commissionUsdt: usd(trades.reduce((n, c) => n + cents(c.commission_cents), 0)),
      });
    }
    expect(seeded[0]?.note).toMatch(/Telegram/);
  });

  it("invites by address at a rate strictly between 0 and one's own; only the invitee's acceptance makes a sub-affiliate", async () => {
    const samCookie = await registerUser("sam.sub@example.com");
    const newcomer = (await t.app.users.findByEmail("sam.sub@example.com"))?.user_id;
    const invite = (body: unknown) => asAffiliate("POST", "/v1/affiliate/sub-affiliates", { body, dy: true });
    refused(await invite({ email: "sam.sub@example.com", rateBps: 4500 }), 400, "400", "rateBps: must be below your own rate");
    refused(await invite({ email: "sam.sub@example.com", rateBps: 0 }), 400, "400", "rateBps: must be above 0");
    refused(await invite({ email: "sam.sub@example.com", rateBps: -5 }), 400, "400", /^rateBps: /);
    refused(await invite({ email: AFFILIATE.email, rateBps: 1000 }), 400, "400", /^email: /);
    refused(await invite({ email: "sam.sub@example.com", rateBps: 10_001 }), 400, "400", /^rateBps: /);
    refused(await invite({ email: "sam.sub@example.com", rateBps: "2000" }), 400, "400", /^rateBps: /);
    // The answer never tells whether the address has an account: an unknown address and an affiliate's get the same.
    const unknown = await invite({ email: "nobody@example.com", rateBps: 1000 });
    const existing = await invite({ email: PARTNER.email, rateBps: 1000 });
    expect([unknown.statusCode, existing.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(existing.body);
    expect(data(await invite({ email: "Sam.Sub@example.com", rateBps: 2000 }))).toEqual({ sent: true });

    // Nothing changes until the invitee answers: no sub-affiliate yet, the invitation is listed as pending.
    const before = subAffiliateListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/sub-affiliates")));
    expect(before.subAffiliates.some((s) => s.email === "sam.sub@example.com")).toBe(false);
    expect(before.pendingInvitations.map((i) => [i.email, i.rateBps])).toEqual(expect.arrayContaining([["sam.sub@example.com", 2000], ["nobody@example.com", 1000]]));
    refused(await call("GET", "/v1/affiliate/level", { cookie: samCookie }), 403, "403");
    const { offers } = subInvitationOfferListSchema.parse(data(await call("GET", "/v1/affiliate/sub-invitations", { cookie: samCookie })));
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ inviterName: "Au***", rateBps: 2000 });
    const offerId = offers[0]?.id ?? 0;
    // Another user cannot answer it; the invitee accepts once.
    refused(await call("POST", `/v1/affiliate/sub-invitations/${offerId}/accept`, { cookie: partnerCookie, dy: true }), 404, "404");
    expect(data(await call("POST", `/v1/affiliate/sub-invitations/${offerId}/accept`, { cookie: samCookie, dy: true }))).toEqual({ id: offerId, status: "accepted" });
    refused(await call("POST", `/v1/affiliate/sub-invitations/${offerId}/decline`, { cookie: samCookie, dy: true }), 409, "10013");

    const list = subAffiliateListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/sub-affiliates")));
    const sub = list.subAffiliates.find((s) => s.email === "sam.sub@example.com");
    expect(sub).toMatchObject({ userId: newcomer, rateBps: 2000, note: "", inviteesTotal: 0, last30d: { newInvitees: 0, volumeUsdt: 0, commissionUsdt: 0 } });
    expect(list.pendingInvitations.some((i) => i.email === "sam.sub@example.com")).toBe(false);

    const patched = subAffiliateSchema.parse(data(await asAffiliate("PATCH", `/v1/affiliate/sub-affiliates/${newcomer}`, { body: { rateBps: 2500, note: "Met at a meetup" }, dy: true })));
    expect(patched).toMatchObject({ userId: newcomer, rateBps: 2500, note: "Met at a meetup" });
    refused(await asAffiliate("PATCH", `/v1/affiliate/sub-affiliates/${newcomer}`, { body: { rateBps: 4600 }, dy: true }), 400, "400", "rateBps: must be below your own rate");
    refused(await asAffiliate("PATCH", `/v1/affiliate/sub-affiliates/${newcomer}`, { body: {}, dy: true }), 400, "400", /nothing to change/);
    refused(await asAffiliate("PATCH", "/v1/affiliate/sub-affiliates/abc", { body: { note: "x" }, dy: true }), 400, "400", /^userId: /);
    refused(await asAffiliate("PATCH", "/v1/affiliate/sub-affiliates/8012345679", { body: { note: "x" }, dy: true }), 404, "404");
    const level = affiliateLevelStatusSchema.parse(data(await call("GET", "/v1/affiliate/level", { cookie: samCookie })));
    expect(level.rateBps).toBe(2500);

    // The inviter ends it: the former sub stays an affiliate at their level's rate, with no inviter.
    expect(data(await asAffiliate("DELETE", `/v1/affiliate/sub-affiliates/${newcomer}`, { dy: true }))).toEqual({ userId: newcomer, ended: true });
    const after = subAffiliateListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/sub-affiliates")));
    expect(after.subAffiliates.some((s) => s.userId === newcomer)).toBe(false);
    expect(affiliateLevelStatusSchema.parse(data(await call("GET", "/v1/affiliate/level", { cookie: samCookie }))).rateBps).toBe(4000);
    refused(await asAffiliate("DELETE", `/v1/affiliate/sub-affiliates/${newcomer}`, { dy: true }), 404, "404");
  });

  it("a declined or withdrawn invitation closes; an unknown address's invitation can be withdrawn like any other", async () => {
    const danaCookie = await registerUser("dana.decline@example.com");
    data(await asAffiliate("POST", "/v1/affiliate/sub-affiliates", { body: { email: "dana.decline@example.com", rateBps: 1500 }, dy: true }));
    const [offer] = subInvitationOfferListSchema.parse(data(await call("GET", "/v1/affiliate/sub-invitations", { cookie: danaCookie }))).offers;
    expect(data(await call("POST", `/v1/affiliate/sub-invitations/${offer?.id}/decline`, { cookie: danaCookie, dy: true }))).toEqual({ id: offer?.id, status: "declined" });
    refused(await call("POST", `/v1/affiliate/sub-invitations/${offer?.id}/accept`, { cookie: danaCookie, dy: true }), 409, "10013");
    refused(await call("GET", "/v1/affiliate/level", { cookie: danaCookie }), 403, "403");

    data(await asAffiliate("POST", "/v1/affiliate/sub-affiliates", { body: { email: "ghost@example.com", rateBps: 1200 }, dy: true }));
    const ghost = subAffiliateListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/sub-affiliates"))).pendingInvitations.find((i) => i.email === "ghost@example.com");
    expect(ghost).toBeDefined();
    expect(data(await asAffiliate("DELETE", `/v1/affiliate/sub-invitations/${ghost?.id}`, { dy: true }))).toEqual({ id: ghost?.id, status: "withdrawn" });
    refused(await asAffiliate("DELETE", `/v1/affiliate/sub-invitations/${ghost?.id}`, { dy: true }), 409, "10013");
    refused(await call("DELETE", `/v1/affiliate/sub-invitations/${ghost?.id}`, { cookie: partnerCookie, dy: true }), 404, "404");
  });
});

// ------------------------------------------------------------------ level

describe("GET /v1/affiliate/level", () => {
  it("answers Lv2 at 45%, this month's progress, Lv3's thresholds and the review date", async () => {
    const level = affiliateLevelStatusSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/level")));
    const monthStart = `${TODAY.slice(0, 7)}-01`;
    const invitees = G.affiliate_invitees.filter((i) => i.affiliate_user_id === AFFILIATE_ID);
    const volume = G.affiliate_commissions
      .filter((c) => c.affiliate_user_id === AFFILIATE_ID && inRange(c.trade_day, monthStart, TODAY))
      .reduce((n, c) => n + cents(c.volume_cents), 0);
    expect(level).toEqual({
      level: 2,
      name: "Lv2",
      rateBps: 4500,
      spotRateBps: 4500,
      futuresRateBps: 4500,
      month: "2026-06",
      progress: { newTraders: invitees.filter((i) => inRange(dayPart(i.first_trade_at), monthStart, TODAY)).length, volumeUsdt: usd(volume) },
      next: { level: 3, name: "Lv3", monthlyNewTraders: 15, monthlyVolumeUsdt: 20_000_000, spotRateBps: 5000, futuresRateBps: 5000 },
      nextReviewDate: "2026-07-01",
    });
    expect(level.progress.newTraders).toBeGreaterThan(0);
  });
});

// ------------------------------------------------------------------ experience cards

describe("experience cards", () => {
  it("lists the 20 seeded cards in every state with the monthly quota", async () => {
    const list = experienceCardListSchema.parse(data(await call("GET", "/v1/affiliate/cards", { cookie: partnerCookie })));
    expect(list.cards).toHaveLength(5);
    const mine = experienceCardListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/cards")));
    const seeded = G.affiliate_cards.filter((c) => c.affiliate_user_id === AFFILIATE_ID);
    const issuedThisMonth = seeded.filter((c) => c.issued_at >= "2026-06-01").length;
    expect(mine).toMatchObject({ month: "2026-06", monthlyQuota: 10, usedThisMonth: issuedThisMonth, remaining: 10 - issuedThisMonth, amountsUsdt: [10, 20, 50, 100] });
    expect(mine.cards.length).toBeGreaterThanOrEqual(20);
    expect(new Set(mine.cards.map((c) => c.status))).toEqual(new Set(["issued", "claimed", "used", "expired"]));
    for (const card of mine.cards) expect(card.code).toMatch(/^[A-Z0-9]{12}$/);
  });

  it("issues cards to a link or an invitee until the quota is used up", async () => {
    const before = experienceCardListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/cards")));
    const link = G.affiliate_links.find((l) => l.code === "AURORA");
    const invitee = G.affiliate_invitees.find((i) => i.affiliate_user_id === AFFILIATE_ID);
    refused(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 30 }, dy: true }), 400, "400", /^amountUsdt: /);
    refused(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 10, linkId: link?.id, inviteeId: invitee?.id }, dy: true }), 400, "400", /^inviteeId: give a linkId or an inviteeId/);
    refused(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 10, linkId: 999999 }, dy: true }), 404, "404");
    const toLink = experienceCardSchema.parse(data(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 50, linkId: link?.id }, dy: true })));
    expect(toLink).toMatchObject({ amountUsdt: 50, status: "issued", linkId: link?.id, inviteeId: null, issuedAt: new Date(NOW).toISOString(), claimedAt: null });
    expect(Date.parse(toLink.expiresAt) - NOW).toBe(30 * 86_400_000);
    const toInvitee = experienceCardSchema.parse(data(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 100, inviteeId: invitee?.id }, dy: true })));
    expect(toInvitee).toMatchObject({ amountUsdt: 100, inviteeId: invitee?.id, linkId: null });
    for (let i = before.remaining - 2; i > 0; i--) data(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 10 }, dy: true }));
    refused(await asAffiliate("POST", "/v1/affiliate/cards", { body: { amountUsdt: 10 }, dy: true }), 409, "10005");
    const after = experienceCardListSchema.parse(data(await asAffiliate("GET", "/v1/affiliate/cards")));
    expect(after).toMatchObject({ usedThisMonth: 10, remaining: 0 });
    expect(after.cards[0]?.issuedAt).toBe(new Date(NOW).toISOString());
  });

  it("claim flow: public view, a user claims an issued card once; used, expired and own cards are refused", async () => {
    const issued = G.affiliate_cards.find((c) => c.affiliate_user_id === AFFILIATE_ID && c.status === "issued" && c.issued_to_invitee_id === null && c.expires_at > new Date(NOW).toISOString());
    const code = issued?.code ?? "";
    const view = affiliateCardClaimViewSchema.parse(data(await call("GET", `/v1/affiliate/cards/claim/${code}`)));
    expect(view).toEqual({ code, amountUsdt: usd(cents(issued?.amount_cents)), status: "issued", expiresAt: issued?.expires_at, claimedAt: null });
    refused(await call("POST", `/v1/affiliate/cards/claim/${code}`, { cookie: affiliateCookie, dy: true }), 403, "403", "card: you cannot claim a card you issued");
    refused(await call("POST", `/v1/affiliate/cards/claim/${code}`, { dy: true }), 401, "00004");
    const claimed = affiliateCardClaimViewSchema.parse(data(await call("POST", `/v1/affiliate/cards/claim/${code}`, { cookie: userCookie, dy: true })));
    expect(claimed).toMatchObject({ code, status: "claimed", claimedAt: new Date(NOW).toISOString() });
    refused(await call("POST", `/v1/affiliate/cards/claim/${code}`, { cookie: partnerCookie, dy: true }), 409, "10007", "card: already claimed");
    expect(affiliateCardClaimViewSchema.parse(data(await call("GET", `/v1/affiliate/cards/claim/${code}`))).status).toBe("claimed");

    const used = G.affiliate_cards.find((c) => c.affiliate_user_id === AFFILIATE_ID && c.status === "used");
    refused(await call("POST", `/v1/affiliate/cards/claim/${used?.code}`, { cookie: userCookie, dy: true }), 409, "10007", "card: already used");
    const expired = G.affiliate_cards.find((c) => c.affiliate_user_id === AFFILIATE_ID && c.status === "expired");
    refused(await call("POST", `/v1/affiliate/cards/claim/${expired?.code}`, { cookie: userCookie, dy: true }), 409, "10007", "card: expired");
    const toInvitee = G.affiliate_cards.find((c) => c.affiliate_user_id === AFFILIATE_ID && c.status === "issued" && c.issued_to_invitee_id !== null && c.expires_at > new Date(NOW).toISOString());
    if (toInvitee) refused(await call("POST", `/v1/affiliate/cards/claim/${toInvitee.code}`, { cookie: userCookie, dy: true }), 403, "403", "card: issued to another user");

    refused(await call("GET", "/v1/affiliate/cards/claim/ZZZZZZZZZZZZ"), 404, "404", "card: not found");
    refused(await call("GET", "/v1/affiliate/cards/claim/short"), 400, "400", /^code: /);
    refused(await call("GET", "/v1/affiliate/cards/claim/abcdefghijkl"), 400, "400", /^code: /);
  });
});
