import { describe, expect, it } from "vitest";
import { affiliateSummarySchema, inviteePageSchema, tradeFeedResultSchema } from "@affiliates/contracts";
import { DAY_MS } from "../src/platform/lib/days";
import { earningsOf } from "../src/domains/commission/engine";
import { okData as data, refused } from "./helpers/envelope-assertions";
import { cookieOf, referralLoopSuite } from "./helpers/referral-loop";
import { DIALECT, login, sessionCookie } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/** The referral loop end to end through the real app: link → click → sign-up → fills → commission (settlement, payouts and the level review: referral-settlement.test.ts). */
const PARTNER = { email: "partner@example.com", password: "Partner#2026" } as const;
const NOVA = { email: "sub.nova@example.com", password: "SubAffiliate#2026" } as const;

const s = referralLoopSuite();
const { call, registerWith, feed, fill, linesOf, linkOf, tradesOf, today } = s;

describe(`clicks and sign-ups (${DIALECT})`, () => {
  it("a link's page counts one click per visitor, link and day, remembers the code 30 days and shows the inviter's offer", async () => {
    const before = await linkOf(s.affiliateCookie, "aurora10");
    const first = await s.app.inject({ method: "GET", url: "/register?ref=aurora10" });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Invited by Au***: 10% of your fees back");
    // A link whose spot and futures shares differ promises the range, never the larger share alone (issue 34).
    const uneven = await s.app.inject({ method: "GET", url: "/register?ref=AuroraX" });
    expect(uneven.body).toMatch(/Invited by Au\*\*\*: 0%\s?[–-]\s?5% of your fees back/);
    expect(first.body).toContain('name="ref"');
    expect(first.body).toContain('value="aurora10"');
    const visitor = cookieOf(first, "ref_visitor");
    const remembered = cookieOf(first, "ref_code");
    expect(remembered).toMatchObject({ value: "aurora10", maxAge: 30 * 86_400, httpOnly: true, sameSite: "Lax" });
    expect(visitor?.value).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    // The same visitor again, and again: still one click today.
    for (let i = 0; i < 3; i++)
      await s.app.inject({
        method: "GET",
        url: "/register?ref=aurora10",
        cookies: { ref_visitor: visitor?.value ?? "" },
      });
    expect((await linkOf(s.affiliateCookie, "aurora10")).period.clicks).toBe(before.period.clicks + 1);
    // Another visitor (another address) counts; the first one counts again the next day.
    await s.app.inject({ method: "GET", url: "/register?ref=aurora10", remoteAddress: "198.51.100.77" });
    expect((await linkOf(s.affiliateCookie, "aurora10")).period.clicks).toBe(before.period.clicks + 2);
    s.clock += DAY_MS;
    try {
      const nextDay = await linkOf(s.affiliateCookie, "aurora10");
      await s.app.inject({
        method: "GET",
        url: "/register?ref=aurora10",
        cookies: { ref_visitor: visitor?.value ?? "" },
      });
      expect((await linkOf(s.affiliateCookie, "aurora10")).period.clicks).toBe(nextDay.period.clicks + 1);
    } finally {
      s.clock -= DAY_MS;
    }
    // The short form redirects to the register page; the remembered code fills the field on a later visit.
    // The short link /r/{code} and the /register page are pages a browser opens, not /v1 calls: not in the table.
    const short = await s.app.inject({ method: "GET", url: "/r/aurora10" });
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toBe("/register?ref=aurora10");
    const later = await s.app.inject({ method: "GET", url: "/register", cookies: { ref_code: "aurora10" } });
    expect(later.body).toContain('value="aurora10"');
    // An unknown code counts nothing and says so.
    const unknown = await s.app.inject({ method: "GET", url: "/register?ref=nosuchcode" });
    expect(unknown.body).toContain("This referral code does not exist.");
    expect(cookieOf(unknown, "ref_code")).toBeUndefined();
  });

  it("registering with a code attributes the user once: link sign-ups, funnel and invitee table update", async () => {
    const link = await linkOf(s.affiliateCookie, "aurora10");
    const summary = affiliateSummarySchema.parse(
      data(
        await call("GET", apiUrl("affiliateSummary", { from: today(), to: today() }), { cookie: s.affiliateCookie }),
      ),
    );
    const invitee = await registerWith("aurora10");
    expect(invitee.response.statusCode, invitee.response.body).toBe(303);
    expect(cookieOf(invitee.response, "ref_code")?.value).toBe("");
    expect((await linkOf(s.affiliateCookie, "aurora10")).period.signups).toBe(link.period.signups + 1);
    const after = affiliateSummarySchema.parse(
      data(
        await call("GET", apiUrl("affiliateSummary", { from: today(), to: today() }), { cookie: s.affiliateCookie }),
      ),
    );
    expect(after.totals.signups).toBe(summary.totals.signups + 1);
    expect(after.funnel.find((f) => f.step === "signups")?.count).toBe(summary.totals.signups + 1);
    // The table shows the UID, and searching for exactly that finds the invitee (and only them).
    const found = inviteePageSchema.parse(
      data(await call("GET", apiUrl("invitees", { search: invitee.userId }), { cookie: s.affiliateCookie })),
    );
    expect(found.items.map((i) => [i.uid, i.linkCode])).toEqual([[invitee.userId, "aurora10"]]);
    // A user never changes inviter, and cannot be their own.
    refused(
      await call("POST", apiUrl("referrerBind"), { cookie: invitee.cookie ?? "", dy: true, body: { code: "PARTNER" } }),
      409,
      "10012",
    );
    refused(
      await call("POST", apiUrl("referrerBind"), { cookie: s.affiliateCookie, dy: true, body: { code: "AURORA" } }),
      409,
      "10010",
    );
  });

  it("an unknown or archived code refuses the sign-up with a message and creates nothing", async () => {
    const unknown = await registerWith("zzzz9999");
    expect(unknown.response.statusCode).toBe(409);
    expect(unknown.response.body).toContain("This referral code does not exist.");
    expect(unknown.userId).toBeUndefined();

    const created = data(
      await call("POST", apiUrl("linkCreate"), {
        cookie: s.affiliateCookie,
        dy: true,
        body: { label: "old", code: `arch${DIALECT.slice(0, 3)}` },
      }),
    ) as { id: number; code: string };
    data(
      await call("PATCH", apiUrl("linkUpdate", { id: created.id }), {
        cookie: s.affiliateCookie,
        dy: true,
        body: { archived: true },
      }),
    );
    const archived = await registerWith(created.code);
    expect(archived.response.statusCode).toBe(409);
    expect(archived.response.body).toContain("This referral link is no longer active.");
    expect(archived.userId).toBeUndefined();
    // The form keeps what was typed.
    expect(archived.response.body).toContain(`value="${archived.email}"`);
  });
});

describe(`commission (${DIALECT})`, () => {
  it("each fill earns fee × (level rate − invitee share) for its market; the invitee gets the share back", async () => {
    // Demo affiliate: Lv2, 45 % on both markets; link aurora10 gives 10 % back on both.
    const a = await registerWith("aurora10");
    const uid = a.userId ?? "";
    const result = tradeFeedResultSchema.parse(
      data(await feed([fill(uid, "spot", 1), fill(uid, "spot", 0.5), fill(uid, "futures", 2.4)])),
    );
    expect(result).toEqual({ received: 3, accepted: 3, duplicates: 0, attributed: 3 });
    const lines = await linesOf(s.affiliateCookie, uid);
    const spot = lines.find((l) => l.businessLine === "spot");
    const futures = lines.find((l) => l.businessLine === "futures");
    // 1.5 × 0.35 = 0.525 → 0.52 (cents round down); 2.4 × 0.35 = 0.84.
    expect(spot).toMatchObject({
      fills: 2,
      feeUsdt: 1.5,
      volumeUsdt: 2000,
      commissionUsdt: 0.52,
      status: "pending",
      source: "direct",
      reasonNone: null,
    });
    expect(futures).toMatchObject({ fills: 1, feeUsdt: 2.4, commissionUsdt: 0.84, status: "pending" });
    const trades = await tradesOf(uid);
    expect(trades.map((r) => [Number(r.commission_micros), Number(r.rebate_micros), r.rate_bps, r.share_bps])).toEqual([
      [350_000, 100_000, 4500, 1000],
      [175_000, 50_000, 4500, 1000],
      [840_000, 240_000, 4500, 1000],
    ]);
    // The UID names exactly one invitee of the book.
    const matches = inviteePageSchema.parse(
      data(await call("GET", apiUrl("invitees", { search: uid, pageSize: 100 }), { cookie: s.affiliateCookie })),
    ).items;
    expect(matches).toHaveLength(1);
    const invitee = matches[0];
    expect(invitee).toMatchObject({ volumeUsdt: 3000, commissionUsdt: 1.36 });
    expect(invitee?.firstTradeAt).toBe(new Date(s.clock).toISOString());
  });

  it("Lv1 and Lv3 rates, a 5 % share, a 0 % share, and a fill too small to earn a cent", async () => {
    const partnerCookie = sessionCookie(await login(s.app, PARTNER.email, PARTNER.password));
    const p = await registerWith("partner5"); // Lv1 (40 %), 5 % back
    data(await feed([fill(p.userId ?? "", "futures", 2)]));
    expect((await linesOf(partnerCookie, p.userId))[0]).toMatchObject({ commissionUsdt: 0.7, feeUsdt: 2 });

    const tiny = await registerWith("AURORA"); // Lv2, no share
    data(await feed([fill(tiny.userId ?? "", "spot", 0.01)]));
    // 0.01 × 0.45 = 0.0045: below a cent, so the line pays nothing and says why — until more fills add up.
    expect((await linesOf(s.affiliateCookie, tiny.userId))[0]).toMatchObject({
      commissionUsdt: 0,
      reasonNone: "below minimum",
    });
    data(await feed([fill(tiny.userId ?? "", "spot", 0.02)]));
    expect((await linesOf(s.affiliateCookie, tiny.userId))[0]).toMatchObject({
      fills: 2,
      commissionUsdt: 0.01,
      reasonNone: null,
    });

    await s.app.db.updateTable("affiliates").set({ level: 3 }).where("user_id", "=", "8012345680").execute();
    try {
      const q = await registerWith("PARTNER"); // Lv3 (50 %), no share
      data(await feed([fill(q.userId ?? "", "spot", 3)]));
      expect((await linesOf(partnerCookie, q.userId))[0]).toMatchObject({ commissionUsdt: 1.5 });
    } finally {
      await s.app.db.updateTable("affiliates").set({ level: 1 }).where("user_id", "=", "8012345680").execute();
    }
  });

  it("a sub-affiliate's invitee earns the sub their agreed rate and the inviter the override it leaves", async () => {
    // Nova: sub-affiliate of the demo affiliate (45 %) at 35 %; link NOVA gives nothing back.
    const novaCookie = sessionCookie(await login(s.app, NOVA.email, NOVA.password));
    const n = await registerWith("NOVA");
    const range = `from=${today()}&to=${today()}`;
    const parentBefore = affiliateSummarySchema.parse(
      data(await call("GET", apiUrl("affiliateSummary", range), { cookie: s.affiliateCookie })),
    ).totals;
    data(await feed([fill(n.userId ?? "", "spot", 1)]));
    // The inviter earns the override, but the sub's invitee is not the inviter's trader: no volume, no active trader.
    const parentAfter = affiliateSummarySchema.parse(
      data(await call("GET", apiUrl("affiliateSummary", range), { cookie: s.affiliateCookie })),
    ).totals;
    expect(parentAfter.volumeUsdt).toBe(parentBefore.volumeUsdt);
    expect(parentAfter.activeTraders).toBe(parentBefore.activeTraders);
    expect(Math.round((parentAfter.commissionPendingUsdt - parentBefore.commissionPendingUsdt) * 100)).toBe(10);
    expect((await linesOf(novaCookie, n.userId))[0]).toMatchObject({ commissionUsdt: 0.35, source: "direct" });
    expect((await linesOf(s.affiliateCookie, n.userId))[0]).toMatchObject({
      commissionUsdt: 0.1,
      source: "override",
      feeUsdt: 1,
    });
    expect(earningsOf(1_000_000, { rateBps: 3500, shareBps: 0, parent: { userId: "p", rateBps: 4500 } })).toEqual({
      commission: 350_000,
      rebate: 0,
      override: 100_000,
    });
  });

  it("a fill is counted once however often and however concurrently it is fed", async () => {
    const d = await registerWith("AuroraX");
    const batch = Array.from({ length: 40 }, (_, i) => fill(d.userId ?? "", i % 2 ? "spot" : "futures", 0.25));
    const first = tradeFeedResultSchema.parse(data(await feed(batch)));
    expect(first.accepted).toBe(40);
    const again = tradeFeedResultSchema.parse(data(await feed(batch)));
    expect(again).toEqual({ received: 40, accepted: 0, duplicates: 40, attributed: 0 });
    const more = Array.from({ length: 30 }, () => fill(d.userId ?? "", "spot", 0.25));
    const results = await Promise.all([
      feed([...more, ...batch.slice(0, 5)]),
      feed([...more].reverse()),
      feed(more.slice(10)),
    ]);
    const accepted = results.map((r) => tradeFeedResultSchema.parse(data(r)).accepted);
    expect(accepted.reduce((a, b) => a + b, 0)).toBe(30);
    const lines = await linesOf(s.affiliateCookie, d.userId);
    expect(lines.reduce((n, l) => n + l.fills, 0)).toBe(70);
    // AuroraX: 5 % back on spot, 0 % on futures. 50 spot fills × 0.25 × 0.40 = 5.00; 20 futures × 0.25 × 0.45 = 2.25.
    expect(lines.find((l) => l.businessLine === "spot")?.commissionUsdt).toBe(5);
    expect(lines.find((l) => l.businessLine === "futures")?.commissionUsdt).toBe(2.25);
  });

  it("the feed refuses malformed fills with a message and stores nothing of the batch", async () => {
    const ok = fill("7000000001", "spot", 1);
    const cases: [unknown, RegExp][] = [
      [{ trades: [] }, /^trades: /],
      [{ trades: [{ ...ok, fee: -1 }] }, /^trades\.0\.fee: /],
      [{ trades: [{ ...ok, feeCurrency: "BTC" }] }, /^trades\.0\.feeCurrency: /],
      [{ trades: [{ ...ok, time: "yesterday" }] }, /^trades\.0\.time: /],
      [{ trades: [{ ...ok, market: "options" }] }, /^trades\.0\.market: /],
      [{ trades: [{ ...ok, extra: 1 }] }, /extra: unknown field/],
      [{ trades: Array.from({ length: 1001 }, () => ok) }, /^trades: /],
    ];
    for (const [body, msg] of cases)
      refused(await call("POST", apiUrl("adminTrades"), { admin: true, body }), 400, "400", msg);
    refused(await call("POST", apiUrl("adminTrades"), { body: { trades: [ok] } }), 403, "403");
    expect(await tradesOf("7000000001")).toEqual([]);
  });
});

describe(`exports (${DIALECT})`, () => {
  it("the invitee CSV is UTF-8 with a byte-order mark and holds exactly the table's invitees", async () => {
    const response = await call("GET", apiUrl("inviteesCsv", { search: 70 }), { cookie: s.affiliateCookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(
      response.body.startsWith(
        "\uFEFFuid,registeredAt,kyc,firstDepositAt,firstTradeAt,volumeUsdt,commissionUsdt,linkCode\r\n",
      ),
    ).toBe(true);
    const rows = response.body.trim().split("\r\n").slice(1);
    const table = inviteePageSchema.parse(
      data(await call("GET", apiUrl("invitees", { search: 70, pageSize: 10 }), { cookie: s.affiliateCookie })),
    );
    expect(rows).toHaveLength(table.total);
    expect(
      rows.every(
        (r) =>
          /^\d{6,20},/.test(r) && (r.split(",")[0] ?? "").includes("70") && /,\d+\.\d{2},\d+\.\d{2},[^,]*$/.test(r),
      ),
    ).toBe(true);
  });
});
