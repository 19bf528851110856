import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import {
  affiliateCommissionPageSchema,
  referralLinkListSchema,
  type AffiliateCommissionRecord,
  type TradeFill,
} from "@affiliates/contracts";
import { dayOf } from "../../src/platform/lib/days";
import { okData as data } from "./envelope-assertions";
import {
  AFFILIATE,
  DIALECT,
  createTestApp,
  deviceToken,
  login,
  sessionCookie,
  type TestApp,
  callerFor,
} from "./test-app";
import { apiUrl } from "./api-url";

export const ADMIN_TOKEN = "referral-admin-token";

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

/**
 * One referral-loop suite: the whole API (createTestApp, on SQLite or PostgreSQL) with the admin token and a clock the
 * tests may move, the demo affiliate logged in, and helpers that register invitees through the register page, feed
 * fills and read the commission lines. Registers its own beforeAll/afterAll.
 */
export function referralLoopSuite() {
  const suite = {
    t: undefined as TestApp | undefined,
    clock: Date.parse("2026-06-15T12:00:00.000Z"),
    dy: "",
    affiliateCookie: "",
    get app(): FastifyInstance {
      if (!suite.t) throw new Error("the suite's app is built in beforeAll");
      return suite.t.app;
    },
  };
  const today = () => dayOf(suite.clock);
  const call = callerFor(() => suite.app, { dy: () => suite.dy, admin: ADMIN_TOKEN });

  let registered = 0;
  /**
   * Registers through the stand-in register page, as a visitor who followed a link would (code typed or prefilled):
   * another person, on their own device and network unless `as` says otherwise (the risk checks compare them).
   */
  async function registerWith(
    ref: string,
    cookies: Record<string, string> = {},
    as: { dy?: string; ip?: string; email?: string } = {},
  ) {
    const n = ++registered;
    const email = as.email ?? `loop-${n}-${DIALECT}@example.com`;
    const dy = as.dy ?? (await deviceToken(suite.app, `invitee-device-${DIALECT}-${String(n).padStart(8, "0")}`));
    const response = await suite.app.inject({
      method: "POST",
      url: "/register",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: as.ip ?? `10.${Math.floor(n / 250) % 250}.${n % 250}.7`,
      cookies,
      payload: new URLSearchParams({ dyToken: dy, email, password: "Invitee#2026x", ref }).toString(),
    });
    const user = await suite.app.users.findByEmail(email);
    return { response, email, userId: user?.user_id, cookie: cookieOf(response, "refresh_token")?.value };
  }

  /** Makes a logged-in account an approved affiliate (applied, approved by the operators) with one link of `code`. */
  async function approvedAffiliate(cookie: string, email: string, code: string): Promise<{ code: string }> {
    const applied = data(
      await call("POST", apiUrl("affiliateApply"), {
        cookie,
        dy: true,
        body: {
          name: "Fresh Affiliate",
          email,
          channels: [{ type: "x", url: "https://x.com/fresh", audience: 100 }],
          region: "DE",
        },
      }),
    ) as { id: number };
    data(
      await call("POST", apiUrl("adminAffiliateDecision", { id: applied.id }), {
        admin: true,
        body: { decision: "approve" },
      }),
    );
    return data(await call("POST", apiUrl("linkCreate"), { cookie, dy: true, body: { label: "Main", code } })) as {
      code: string;
    };
  }

  const feed = (trades: TradeFill[]) => call("POST", apiUrl("adminTrades"), { admin: true, body: { trades } });
  let tradeSeq = 0;
  const fill = (
    userId: string,
    market: TradeFill["market"],
    fee: number,
    extra: Partial<TradeFill> = {},
  ): TradeFill => ({
    tradeId: `t-${DIALECT}-${String(++tradeSeq).padStart(6, "0")}`,
    userId,
    market,
    notional: 1000,
    fee,
    feeCurrency: "USDT",
    time: new Date(suite.clock).toISOString(),
    ...extra,
  });

  async function linesOf(cookie: string, uid: string | undefined, day = today()): Promise<AffiliateCommissionRecord[]> {
    const page = affiliateCommissionPageSchema.parse(
      data(await call("GET", apiUrl("commissions", { from: day, to: day, pageSize: 100 }), { cookie })),
    );
    return page.items.filter((i) => i.inviteeUid === uid);
  }
  const linkOf = async (cookie: string, code: string) => {
    const { links } = referralLinkListSchema.parse(
      data(await call("GET", apiUrl("links", { from: today(), to: today() }), { cookie })),
    );
    const link = links.find((l) => l.code === code);
    if (!link) throw new Error(`no link ${code}`);
    return link;
  };
  /** The stored fills of one user, with what each earned. */
  const tradesOf = (userId: string) =>
    suite.app.db
      .selectFrom("affiliate_trades")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("traded_at")
      .orderBy("trade_id")
      .execute();

  beforeAll(async () => {
    suite.t = await createTestApp({
      adminToken: ADMIN_TOKEN,
      now: () => suite.clock,
      loginThrottle: { perAccount: 50, perIp: 10_000, windowMs: 900_000, slowdownAfter: 10_000 },
      // Every invitee registers from the suite's one address.
      registerRateLimit: { max: 10_000, timeWindowMs: 3_600_000 },
      referralSignupRateLimit: { max: 10_000, timeWindowMs: 3_600_000 },
    });
    suite.dy = await deviceToken(suite.app);
    suite.affiliateCookie = sessionCookie(await login(suite.app, AFFILIATE.email, AFFILIATE.password));
  }, 120_000);
  afterAll(async () => {
    await suite.t?.close();
  });

  return Object.assign(suite, { today, call, registerWith, approvedAffiliate, feed, fill, linesOf, linkOf, tradesOf });
}
