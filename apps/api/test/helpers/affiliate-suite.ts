import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { DEMO_ACCOUNTS, seedIfEmpty } from "../../src/seed";
import { generateAffiliateData, seedAffiliateIfEmpty } from "../../src/seed/affiliate";
import { dayOf } from "../../src/platform/lib/days";
import { hashPassword } from "../../src/domains/auth/password";
import { AFFILIATE, PLAIN_USER, createTestApp, deviceToken, login, sessionCookie, type TestApp } from "./test-app";
import { apiUrl } from "./api-url";

/** A fixed clock: the seed's history and every "today" of the API are relative to it, so values are reproducible. */
export const NOW = Date.parse("2026-06-15T12:00:00.000Z");
export const TODAY = dayOf(NOW);
export const ADMIN_TOKEN = "affiliate-admin-token";
export const PARTNER = { email: "partner@example.com", password: "Partner#2026" } as const;
export const AFFILIATE_ID = "8012345678";
export const PARTNER_ID = "8012345680";

// ------------------------------------------------------------------ expected values from the generator (pure JS)

export const { rows: G } = generateAffiliateData(NOW);
export const cents = (v: unknown) => Number(v ?? 0);
export const usd = (c: number) => c / 100;
export const inRange = (day: string | null | undefined, from: string, to: string) => !!day && day >= from && day <= to;
export const dayPart = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : null);

export function expectedSummary(userId: string, from: string, to: string) {
  const linkIds = new Set(G.affiliate_links.filter((l) => l.user_id === userId).map((l) => l.id));
  const invitees = G.affiliate_invitees.filter((i) => i.affiliate_user_id === userId);
  const commissions = G.affiliate_commissions.filter(
    (c) => c.affiliate_user_id === userId && inRange(c.trade_day, from, to),
  );
  return {
    clicks: G.affiliate_link_daily_stats
      .filter((s) => linkIds.has(s.link_id) && inRange(s.day, from, to))
      .reduce((n, s) => n + s.clicks, 0),
    signups: invitees.filter((i) => inRange(dayPart(i.registered_at), from, to)).length,
    kycVerified: invitees.filter((i) => inRange(dayPart(i.kyc_at), from, to)).length,
    firstDeposits: invitees.filter((i) => inRange(dayPart(i.first_deposit_at), from, to)).length,
    firstTrades: invitees.filter((i) => inRange(dayPart(i.first_trade_at), from, to)).length,
    activeTraders: new Set(commissions.map((c) => c.invitee_id)).size,
    volumeUsdt: usd(commissions.reduce((n, c) => n + cents(c.volume_cents), 0)),
    commissionPendingUsdt: usd(
      commissions.filter((c) => c.status === "pending").reduce((n, c) => n + cents(c.commission_cents), 0),
    ),
    commissionSettledUsdt: usd(
      commissions.filter((c) => c.status === "settled").reduce((n, c) => n + cents(c.commission_cents), 0),
    ),
  };
}

/**
 * The demo data at the fixed clock: the accounts (with a fixed creation time), the affiliate history generated at
 * NOW, then the rest of the demo data. The app is made with `seed: false`, so nothing was seeded at the real clock.
 */
async function seedAtNow(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  for (const [i, a] of DEMO_ACCOUNTS.entries()) {
    await db
      .insertInto("users")
      .values({
        user_id: a.userId,
        email: a.email,
        password_hash: hashes[i] ?? "",
        mobile: a.mobile,
        user_name: a.userName,
        role: a.role,
        created_at: "2026-01-05T09:00:00.000Z",
      })
      .execute();
    await db
      .insertInto("user_settings")
      .values({ user_id: a.userId, ...a.settings })
      .execute();
  }
  await seedAffiliateIfEmpty(db, NOW);
  await seedIfEmpty(db);
}

export type Method = "GET" | "POST" | "PATCH" | "DELETE";
export interface CallOptions {
  cookie?: string | undefined;
  body?: unknown;
  dy?: boolean;
  headers?: Record<string, string>;
}

/**
 * One affiliate suite: the whole API (createTestApp, on SQLite or PostgreSQL) with the admin token, its clock at NOW and
 * the demo data seeded at NOW; the affiliate, partner and plain user logged in. Registers its own beforeAll/afterAll.
 */
export function affiliateSuite() {
  const suite = {
    t: undefined as TestApp | undefined,
    dy: "",
    affiliateCookie: "",
    partnerCookie: "",
    userCookie: "",
    get app(): FastifyInstance {
      if (!suite.t) throw new Error("the suite's app is built in beforeAll");
      return suite.t.app;
    },
    call(method: Method, url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.dy) headers["dy-token"] = suite.dy;
      if (opts.body !== undefined) headers["content-type"] = "application/json";
      return suite.app.inject({
        method,
        url,
        headers,
        cookies: opts.cookie ? { refresh_token: opts.cookie } : {},
        ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
      });
    },
    asAffiliate: (method: Method, url: string, opts: Omit<CallOptions, "cookie"> = {}) =>
      suite.call(method, url, { ...opts, cookie: suite.affiliateCookie }),
    async registerUser(email: string): Promise<string> {
      const response = await suite.app.inject({
        method: "POST",
        url: apiUrl("register"),
        headers: { "dy-token": suite.dy, "content-type": "application/json" },
        payload: JSON.stringify({ email, password: "Newcomer#2026" }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return sessionCookie(response);
    },
  };

  beforeAll(async () => {
    suite.t = await createTestApp({ adminToken: ADMIN_TOKEN, seed: false, now: () => NOW });
    await seedAtNow(suite.t.app);
    suite.dy = await deviceToken(suite.app);
    [suite.affiliateCookie, suite.partnerCookie, suite.userCookie] = await Promise.all([
      login(suite.app, AFFILIATE.email, AFFILIATE.password).then(sessionCookie),
      login(suite.app, PARTNER.email, PARTNER.password).then(sessionCookie),
      login(suite.app, PLAIN_USER.email, PLAIN_USER.password).then(sessionCookie),
    ]);
  }, 120_000);
  afterAll(async () => {
    await suite.t?.close();
  });
  return suite;
}
