import { describe, expect, it } from "vitest";
import {
  adminLedgerAdjustmentResultSchema,
  affiliateCommissionPageSchema,
  affiliatePayoutsSchema,
  affiliateStatementSchema,
  type AffiliateStatement,
} from "@affiliates/contracts";
import { addDays } from "../src/platform/lib/days";
import { okData as data, refused } from "./helpers/envelope-assertions";
import { referralLoopSuite } from "./helpers/referral-loop";
import { DIALECT } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/** The statement (issue 34): every ledger entry with its running balance, settlements split by market and link. */
const s = referralLoopSuite();
const { call, registerWith, feed, fill, today } = s;

const cents = (usdt: number) => Math.round(usdt * 100);
const sumCents = (values: number[]) => values.reduce((n, v) => n + cents(v), 0);

/** What a statement must always satisfy: the balance is the sum of its entries, each entry's balance follows. */
function expectReconciles(st: AffiliateStatement) {
  expect(cents(st.balanceUsdt)).toBe(
    sumCents([st.totals.settlementUsdt, st.totals.voidUsdt, st.totals.payoutUsdt, st.totals.adjustmentUsdt]),
  );
  if (st.total <= st.pageSize) expect(cents(st.balanceUsdt)).toBe(sumCents(st.entries.map((e) => e.amountUsdt)));
  if (st.page === 1) expect(cents(st.entries[0]?.balanceUsdt ?? 0)).toBe(cents(st.balanceUsdt));
  st.entries.forEach((e, i) => {
    const older = st.entries[i + 1];
    if (older) expect(cents(e.balanceUsdt)).toBe(cents(older.balanceUsdt) + cents(e.amountUsdt));
    if (e.kind === "settlement") expect(sumCents(e.parts.map((p) => p.amountUsdt))).toBe(cents(e.amountUsdt));
    else expect(e.parts).toEqual([]);
    if (e.kind === "adjustment") expect(e.note).toEqual(expect.any(String));
    else expect(e.note).toBeNull();
  });
}

describe(`statement (${DIALECT})`, () => {
  it("feed → settle → withdraw: the statement's entries sum to the balance, credits split by market and link", async () => {
    const owner = await registerWith("");
    const cookie = owner.cookie ?? "";
    const plain = await s.approvedAffiliate(cookie, owner.email, `stA${DIALECT.slice(0, 3)}`);
    const shared = data(
      await call("POST", apiUrl("linkCreate"), {
        cookie,
        dy: true,
        body: { label: "Shared", code: `stB${DIALECT.slice(0, 3)}`, spotShareBps: 1000 },
      }),
    ) as { code: string };
    const a = await registerWith(plain.code);
    const b = await registerWith(shared.code);
    const yesterday = addDays(today(), -1);
    const at = `${yesterday}T10:00:00.000Z`;
    data(
      await feed([
        fill(a.userId ?? "", "spot", 10, { time: at, notional: 10_000 }),
        fill(a.userId ?? "", "spot", 10, { time: at, notional: 10_000 }),
        fill(a.userId ?? "", "futures", 5, { time: at, notional: 10_000 }),
        fill(b.userId ?? "", "spot", 20, { time: at, notional: 10_000 }),
      ]),
    );
    const statement = async () =>
      affiliateStatementSchema.parse(data(await call("GET", apiUrl("statement"), { cookie })));

    // Before settlement: nothing in the balance, everything pending, in the same answer.
    let st = await statement();
    expect(st).toMatchObject({ balanceUsdt: 0, entries: [], total: 0, heldUsdt: 0 });
    expect(st.pendingUsdt).toBeGreaterThan(0);
    const pendingBefore = st.pendingUsdt;

    data(await call("POST", apiUrl("adminSettle", { day: yesterday }), { admin: true }));
    st = await statement();
    expectReconciles(st);
    expect(st.total).toBe(1);
    const credit = st.entries[0];
    expect(credit).toMatchObject({ kind: "settlement", tradeDay: yesterday, amountUsdt: pendingBefore });
    expect(credit?.parts.map((p) => [p.market, p.linkCode]).sort()).toEqual(
      [
        ["futures", plain.code],
        ["spot", plain.code],
        ["spot", shared.code],
      ].sort(),
    );
    expect(st.pendingUsdt).toBe(0);
    const payouts = affiliatePayoutsSchema.parse(data(await call("GET", apiUrl("payouts"), { cookie })));
    expect(payouts.balanceUsdt).toBe(st.balanceUsdt);

    // Each record shows its fee, rate, invitee share and link: commission = fee × (rate − share).
    const records = affiliateCommissionPageSchema.parse(
      data(await call("GET", apiUrl("commissions", { from: yesterday, to: yesterday, pageSize: 100 }), { cookie })),
    ).items;
    const bLine = records.find((r) => r.inviteeUid === b.userId);
    expect(bLine).toMatchObject({ linkCode: shared.code, shareBps: 1000, feeUsdt: 20, status: "settled" });
    expect(cents(bLine?.commissionUsdt ?? -1)).toBe(Math.floor((2000 * ((bLine?.rateBps ?? 0) - 1000)) / 10_000));
    expect(records.find((r) => r.inviteeUid === a.userId && r.businessLine === "futures")).toMatchObject({
      linkCode: plain.code,
      shareBps: 0,
    });

    // A fill of today stays pending: in the statement's pending, not its balance.
    data(await feed([fill(a.userId ?? "", "spot", 1)]));
    st = await statement();
    expect(st.balanceUsdt).toBe(credit?.amountUsdt);
    expect(st.pendingUsdt).toBeGreaterThan(0);

    data(await call("POST", apiUrl("payoutWithdraw"), { cookie, dy: true }));
    st = await statement();
    expectReconciles(st);
    expect(st.balanceUsdt).toBe(0);
    expect(st.entries.map((e) => [e.kind, e.amountUsdt, e.balanceUsdt])).toEqual([
      ["payout", -(credit?.amountUsdt ?? 0), 0],
      ["settlement", credit?.amountUsdt, credit?.amountUsdt],
    ]);
    expect(st.entries[0]?.destination).toBe("spot");
    expect(st.totals).toEqual({
      settlementUsdt: credit?.amountUsdt,
      voidUsdt: 0,
      payoutUsdt: -(credit?.amountUsdt ?? 0),
      adjustmentUsdt: 0,
    });
  });

  it("an operator's adjustment: booked once per reference, shown with its reason, never below 0", async () => {
    const owner = await registerWith("");
    const cookie = owner.cookie ?? "";
    await s.approvedAffiliate(cookie, owner.email, `adj${DIALECT.slice(0, 3)}`);
    const userId = owner.userId ?? "";
    const adjust = (body: Record<string, unknown>) =>
      call("POST", apiUrl("adminLedgerAdjustment"), { admin: true, body: { userId, ...body } });
    const statement = async () =>
      affiliateStatementSchema.parse(data(await call("GET", apiUrl("statement"), { cookie })));

    // A debit with nothing to take: refused, nothing booked.
    refused(
      await adjust({ amountUsdt: -5, reason: "clawback", reference: "T-1" }),
      400,
      "400",
      /^amountUsdt: would take the balance of 0\.00 USDT below 0$/,
    );
    const credited = adminLedgerAdjustmentResultSchema.parse(
      data(
        await adjust({ amountUsdt: 12.34, reason: "  Goodwill credit for the outage of 3 May  ", reference: "T-2" }),
      ),
    );
    expect(credited).toMatchObject({ balanceUsdt: 12.34, alreadyBooked: false });
    expect(credited.entry).toMatchObject({ kind: "adjustment", amountUsdt: 12.34, balanceUsdt: 12.34 });
    expect(credited.entry.note).toBe("Goodwill credit for the outage of 3 May");

    // The same ticket again (a retried call): the same entry, nothing new.
    const again = adminLedgerAdjustmentResultSchema.parse(
      data(await adjust({ amountUsdt: 12.34, reason: "Goodwill credit for the outage of 3 May", reference: "T-2" })),
    );
    expect(again).toMatchObject({ alreadyBooked: true, balanceUsdt: 12.34, entry: { ref: credited.entry.ref } });
    refused(
      await adjust({ amountUsdt: 99, reason: "Goodwill credit for the outage of 3 May", reference: "T-2" }),
      400,
      "400",
      /^reference: already booked with another amount or reason$/,
    );

    // A debit within the balance; the statement sums to the balance with both, each with its reason.
    data(await adjust({ amountUsdt: -2.34, reason: "Correction of a duplicated credit", reference: "T-3" }));
    const st = await statement();
    expectReconciles(st);
    expect(st.balanceUsdt).toBe(10);
    expect(st.totals.adjustmentUsdt).toBe(10);
    expect(st.entries.map((e) => [e.kind, e.amountUsdt, e.balanceUsdt, e.note])).toEqual([
      ["adjustment", -2.34, 10, "Correction of a duplicated credit"],
      ["adjustment", 12.34, 12.34, "Goodwill credit for the outage of 3 May"],
    ]);

    // Only an affiliate's ledger, only for operators.
    refused(
      await call("POST", apiUrl("adminLedgerAdjustment"), {
        admin: true,
        body: { userId: "999999999", amountUsdt: 1, reason: "nobody", reference: "T-4" },
      }),
      404,
      "404",
    );
    const stranger = await call("POST", apiUrl("adminLedgerAdjustment"), {
      body: { userId, amountUsdt: 1, reason: "free money", reference: "T-5" },
    });
    expect(stranger.statusCode).toBe(403);
    expect((await statement()).balanceUsdt).toBe(10);
  });

  it("pages the demo affiliate's year of entries with balances that follow across pages", async () => {
    const first = affiliateStatementSchema.parse(
      data(await call("GET", apiUrl("statement", { pageSize: 10 }), { cookie: s.affiliateCookie })),
    );
    const second = affiliateStatementSchema.parse(
      data(await call("GET", apiUrl("statement", { page: 2, pageSize: 10 }), { cookie: s.affiliateCookie })),
    );
    expect(first.total).toBeGreaterThan(20);
    expectReconciles(first);
    expectReconciles(second);
    const last = first.entries[9];
    expect(cents(second.entries[0]?.balanceUsdt ?? 0)).toBe(
      cents(last?.balanceUsdt ?? 0) - cents(last?.amountUsdt ?? 0),
    );
    const credits = [...first.entries, ...second.entries].filter((e) => e.kind === "settlement");
    expect(credits.length).toBeGreaterThan(0);
    for (const c of credits) expect(c.parts.length).toBeGreaterThan(0);
  });

  it("refuses a page size outside 10..100 and a caller who is not an affiliate", async () => {
    refused(
      await call("GET", apiUrl("statement", { pageSize: 5 }), { cookie: s.affiliateCookie }),
      400,
      "400",
      /^pageSize: /,
    );
    refused(await call("GET", apiUrl("statement")), 401, "00004");
  });
});
