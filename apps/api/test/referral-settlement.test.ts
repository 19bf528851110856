import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  affiliatePayoutResultSchema,
  affiliatePayoutsSchema,
  levelReviewResultSchema,
  settleResultSchema,
} from "@affiliates/contracts";
import { addDays } from "../src/platform/lib/days";
import { okData as data, refused } from "./helpers/envelope-assertions";
import { referralLoopSuite } from "./helpers/referral-loop";
import { DIALECT } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/** The end of the referral loop through the real app: settlement of the commission lines, the ledger, payouts and the monthly level review. */
const s = referralLoopSuite();
const { call, registerWith, feed, fill, linesOf, today } = s;

describe(`settlement and payouts (${DIALECT})`, () => {
  const ledgerSum = async (userId: string) => {
    const row = await s.app.db
      .selectFrom("affiliate_ledger")
      .select((eb) => eb.fn.sum<number>("amount_cents").as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0) / 100;
  };

  it("settles yesterday's pending lines exactly once, credits the balance, and pays out from the minimum up", async () => {
    // A fresh affiliate: an application approved by the operators, one link, one invitee.
    const owner = await registerWith("");
    const ownerCookie = owner.cookie ?? "";
    const link = await s.approvedAffiliate(ownerCookie, owner.email, `fresh${DIALECT.slice(0, 3)}`);
    const trader = await registerWith(link.code);
    const yesterday = addDays(today(), -1);
    const at = `${yesterday}T10:00:00.000Z`;

    // 20 × 1.00 fee at 40 % = 8.00 USDT: below the 10 USDT minimum once settled.
    data(await feed(Array.from({ length: 20 }, () => fill(trader.userId ?? "", "spot", 1, { time: at }))));
    let payouts = affiliatePayoutsSchema.parse(data(await call("GET", apiUrl("payouts"), { cookie: ownerCookie })));
    expect(payouts).toMatchObject({
      balanceUsdt: 0,
      lifetimeEarnedUsdt: 0,
      pendingUsdt: 8,
      minimumPayoutUsdt: 10,
      nextSettlementAt: `${addDays(today(), 1)}T00:00:00.000Z`,
    });
    const settled = settleResultSchema.parse(
      data(await call("POST", apiUrl("adminSettle", { day: yesterday }), { admin: true })),
    );
    expect(settled.lines).toBeGreaterThanOrEqual(1);
    const twice = await Promise.all([
      call("POST", apiUrl("adminSettle", { day: yesterday }), { admin: true }),
      call("POST", apiUrl("adminSettle", { day: yesterday }), { admin: true }),
    ]);
    for (const r of twice) expect(settleResultSchema.parse(data(r))).toMatchObject({ lines: 0, creditedUsdt: 0 });
    expect((await linesOf(ownerCookie, trader.userId, yesterday))[0]).toMatchObject({
      status: "settled",
      commissionUsdt: 8,
    });
    payouts = affiliatePayoutsSchema.parse(data(await call("GET", apiUrl("payouts"), { cookie: ownerCookie })));
    expect(payouts).toMatchObject({ balanceUsdt: 8, lifetimeEarnedUsdt: 8, pendingUsdt: 0 });
    refused(
      await call("POST", apiUrl("payoutWithdraw"), { cookie: ownerCookie, dy: true }),
      409,
      "10009",
      "payout: the balance of 8.00 USDT is below the minimum payout of 10.00 USDT",
    );
    refused(await call("POST", apiUrl("payoutWithdraw"), { cookie: ownerCookie }), 403, "22001");

    // 5 more fills, settled: 10.00; two withdrawals at once pay out once.
    data(await feed(Array.from({ length: 5 }, () => fill(trader.userId ?? "", "spot", 1, { time: at }))));
    data(await call("POST", apiUrl("adminSettle", { day: yesterday }), { admin: true }));
    const [w1, w2] = await Promise.all([
      call("POST", apiUrl("payoutWithdraw"), { cookie: ownerCookie, dy: true }),
      call("POST", apiUrl("payoutWithdraw"), { cookie: ownerCookie, dy: true }),
    ]);
    const paid = [w1, w2].filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(1);
    const payout = affiliatePayoutResultSchema.parse(data(paid[0] as LightMyRequestResponse));
    expect(payout).toMatchObject({ balanceUsdt: 0, payout: { kind: "payout", amountUsdt: -10, destination: "spot" } });
    payouts = affiliatePayoutsSchema.parse(data(await call("GET", apiUrl("payouts"), { cookie: ownerCookie })));
    expect(payouts).toMatchObject({ balanceUsdt: 0, lifetimeEarnedUsdt: 10 });
    expect(payouts.payouts.map((p) => p.amountUsdt)).toEqual([-10]);
    expect(await ledgerSum(owner.userId ?? "")).toBe(payouts.balanceUsdt);
  });

  it("the balance is the sum of the ledger, whose entries cannot be changed or removed", async () => {
    const payouts = affiliatePayoutsSchema.parse(
      data(await call("GET", apiUrl("payouts"), { cookie: s.affiliateCookie })),
    );
    expect(payouts.lifetimeEarnedUsdt).toBeGreaterThan(100);
    expect(await ledgerSum("8012345678")).toBeCloseTo(payouts.balanceUsdt, 2);
    // Lifetime earned is the settled commission of every line: the seeded history agrees with its ledger.
    const settledRow = await s.app.db
      .selectFrom("affiliate_commissions")
      .select((eb) => eb.fn.sum<number>("commission_cents").as("n"))
      .where("affiliate_user_id", "=", "8012345678")
      .where("status", "=", "settled")
      .executeTakeFirst();
    expect(Number(settledRow?.n ?? 0) / 100).toBeCloseTo(payouts.lifetimeEarnedUsdt, 2);
    const db = s.app.db;
    await expect(
      db.updateTable("affiliate_ledger").set({ amount_cents: 1 }).where("user_id", "=", "8012345678").execute(),
    ).rejects.toThrow(/immutable/);
    await expect(db.deleteFrom("affiliate_ledger").where("user_id", "=", "8012345678").execute()).rejects.toThrow(
      /immutable/,
    );
    await expect(sql`select 1`.execute(db)).resolves.toBeDefined();
  });
});

describe(`level review (${DIALECT})`, () => {
  it("on the 1st each affiliate gets the highest level last month's new traders and volume met, once", async () => {
    // The partner (Lv1) brings 10 new traders with 10,000,000 USDT of volume in July: Lv2 (10 traders, 10 M).
    const month = "2026-07";
    const invitees = [];
    for (let i = 0; i < 10; i++) invitees.push(await registerWith("PARTNER"));
    // The feed takes fills of the last 35 days only: it runs on the day of the fills.
    const clock = s.clock;
    s.clock = Date.parse(`${month}-10T12:00:00.000Z`);
    data(
      await feed(
        invitees.map((inv) =>
          fill(inv.userId ?? "", "futures", 600, { notional: 1_000_000, time: `${month}-10T08:00:00.000Z` }),
        ),
      ),
    );
    s.clock = clock;
    const review = levelReviewResultSchema.parse(
      data(await call("POST", apiUrl("adminReviewLevels", { month }), { admin: true })),
    );
    expect(review.alreadyDone).toBe(false);
    const partner = await s.app.affiliate.affiliateOf("8012345680");
    expect(partner).toMatchObject({ level: 2, rate_bps: 4500 });
    // Nova (a sub-affiliate with nothing in July) stays at the first level and keeps her agreed rate.
    expect(await s.app.affiliate.affiliateOf("8012345681")).toMatchObject({ level: 1, rate_bps: 3500 });
    expect(
      levelReviewResultSchema.parse(data(await call("POST", apiUrl("adminReviewLevels", { month }), { admin: true }))),
    ).toMatchObject({ alreadyDone: true, changed: 0 });
    refused(
      await call("POST", apiUrl("adminReviewLevels", { month: "2026-13" }), { admin: true }),
      400,
      "400",
      /^month: /,
    );
    await s.app.db
      .updateTable("affiliates")
      .set({ level: 1, rate_bps: 4000 })
      .where("user_id", "=", "8012345680")
      .execute();
  });
});
