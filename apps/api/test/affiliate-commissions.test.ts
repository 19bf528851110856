import { describe, expect, it } from "vitest";
import {
  AFFILIATE_COMMISSION_CSV_COLUMNS,
  affiliateCommissionPageSchema,
  affiliateLevelStatusSchema,
  subAffiliateListSchema,
  subAffiliateWithOfferSchema,
  subInvitationOfferListSchema,
  type AffiliateCommissionRecord,
} from "@affiliates/contracts";
import { addDays } from "../src/platform/lib/days";
import { okData as data, refused } from "./helpers/envelope-assertions";
import {
  affiliateSuite,
  AFFILIATE_ID,
  G,
  PARTNER,
  TODAY,
  cents,
  dayPart,
  inRange,
  usd,
} from "./helpers/affiliate-suite";
import { AFFILIATE } from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

/** The affiliate's money and network through the real app: commission records and their CSV, sub-affiliates and the level (experience cards: affiliate-cards.test.ts). */
const s = affiliateSuite();

// ------------------------------------------------------------------ CSV helpers

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
    if (key.endsWith("Usdt") || key.endsWith("Bps")) o[key] = Number(v);
    else o[key] = v === "" && (key === "settledAt" || key === "reasonNone" || key === "linkCode") ? null : v;
  });
  return o as AffiliateCommissionRecord;
}

// ------------------------------------------------------------------ commissions

describe("commissions", () => {
  const mine = G.affiliate_commissions.filter((c) => c.affiliate_user_id === AFFILIATE_ID);
  const uids = new Map(G.affiliate_invitees.map((i) => [i.id, i.user_id]));
  const linkCodes = new Map(G.affiliate_links.map((l) => [l.id, l.code]));

  async function allJsonRows(from: string, to: string): Promise<AffiliateCommissionRecord[]> {
    const rows: AffiliateCommissionRecord[] = [];
    for (let page = 1; ; page++) {
      const p = affiliateCommissionPageSchema.parse(
        data(await s.asAffiliate("GET", apiUrl("commissions", { from, to, page, pageSize: 100 }))),
      );
      rows.push(...p.items);
      if (p.items.length < 100) return rows;
    }
  }

  it("pages the records of a range newest first, with the reason when a trade earned none", async () => {
    const from = addDays(TODAY, -29);
    const page = affiliateCommissionPageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("commissions", { from, to: TODAY, pageSize: 50 }))),
    );
    const expected = mine.filter((c) => inRange(c.trade_day, from, TODAY));
    expect(page.total).toBe(expected.length);
    expect(page.items).toHaveLength(50);
    const sorted = [...expected].sort((a, b) =>
      a.trade_day < b.trade_day ? 1 : a.trade_day > b.trade_day ? -1 : Number(b.id) - Number(a.id),
    );
    const first = sorted[0];
    expect(page.items[0]).toEqual({
      id: first?.id,
      tradeDay: first?.trade_day,
      inviteeId: first?.invitee_id,
      inviteeUid: uids.get(Number(first?.invitee_id)),
      businessLine: first?.business_line,
      linkCode: linkCodes.get(Number(first?.link_id)),
      volumeUsdt: usd(cents(first?.volume_cents)),
      feeUsdt: usd(cents(first?.fee_cents)),
      // The line's rate and share from its exact amounts: commission + rebate = fee × rate, rebate = fee × share.
      rateBps: Math.round(
        ((Number(first?.commission_micros) + Number(first?.rebate_micros)) * 10_000) / Number(first?.fee_micros),
      ),
      shareBps: Math.round((Number(first?.rebate_micros) * 10_000) / Number(first?.fee_micros)),
      commissionUsdt: usd(cents(first?.commission_cents)),
      status: first?.status,
      settledAt: first?.settled_at,
      reasonNone: first?.reason_none,
      source: "direct",
      fills: 1,
      // No seeded invitee is held (README "Risk checks").
      hold: null,
    });
    expect(page.items.map((i) => i.id)).toEqual(sorted.slice(0, 50).map((c) => c.id));

    const year = affiliateCommissionPageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("commissions", { from: addDays(TODAY, -365), to: TODAY, pageSize: 100 }))),
    );
    expect(year.total).toBe(mine.length);
    const settled = affiliateCommissionPageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("commissions", { from, to: TODAY, status: "settled" }))),
    );
    expect(settled.total).toBe(expected.filter((c) => c.status === "settled").length);
    expect(settled.items.every((i) => i.status === "settled" && i.settledAt !== null)).toBe(true);
    const pending = affiliateCommissionPageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("commissions", { from, to: TODAY, status: "pending", pageSize: 100 }))),
    );
    expect(pending.items.every((i) => i.status === "pending" && i.settledAt === null)).toBe(true);
    const reasons = new Set(mine.map((c) => c.reason_none).filter(Boolean));
    expect(reasons).toEqual(new Set(["self-trade", "invitee opted out", "below minimum"]));
    for (const c of mine.filter((x) => x.reason_none)) expect(cents(c.commission_cents)).toBe(0);
  });

  it("default range is the last 7 days; a page beyond the end is empty with the same total", async () => {
    const p = affiliateCommissionPageSchema.parse(data(await s.asAffiliate("GET", apiUrl("commissions"))));
    expect(p.total).toBe(mine.filter((c) => inRange(c.trade_day, addDays(TODAY, -6), TODAY)).length);
    const lastPage = Math.ceil(p.total / 20);
    const beyond = affiliateCommissionPageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("commissions", { page: lastPage + 1 }))),
    );
    expect(beyond).toEqual({ items: [], total: p.total, page: lastPage + 1, pageSize: 20 });
  });

  it("the CSV of a range holds exactly the JSON rows", async () => {
    const from = addDays(TODAY, -44);
    const response = await s.asAffiliate("GET", apiUrl("commissionsCsv", { from, to: TODAY }));
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
    // The CSV's columns: every field but the internal ids, the line's source, fill count and risk hold.
    expect(lines.map((l) => csvRecord(header ?? [], l))).toEqual(
      json.map(({ id: _id, inviteeId: _invitee, source: _source, fills: _fills, hold: _hold, ...columns }) => columns),
    );
    // Money is written with exactly two decimals.
    expect(lines.every((l) => /^\d+\.\d{2}$/.test(l[4] ?? ""))).toBe(true);
  });

  it("streams a whole year (every seeded row, in order) and a single day", async () => {
    const from = addDays(TODAY, -365);
    const response = await s.asAffiliate("GET", apiUrl("commissionsCsv", { from, to: TODAY }));
    expect(response.statusCode).toBe(200);
    const [, ...lines] = parseCsv(response.body);
    expect(lines).toHaveLength(mine.length);
    const days = lines.map((l) => l[0] ?? "");
    expect(days).toEqual([...days].sort().reverse());
    const commission = AFFILIATE_COMMISSION_CSV_COLUMNS.indexOf("commissionUsdt");
    const totalCents = lines.reduce((n, l) => n + Math.round(Number(l[commission]) * 100), 0);
    expect(totalCents).toBe(mine.reduce((n, c) => n + cents(c.commission_cents), 0));

    const day = addDays(TODAY, -3);
    const one = parseCsv((await s.asAffiliate("GET", apiUrl("commissionsCsv", { from: day, to: day }))).body);
    expect(one.length - 1).toBe(mine.filter((c) => c.trade_day === day).length);
  });

  it.each([
    ["a span over a year", `from=${addDays(TODAY, -366)}&to=${TODAY}`, "from: the range must not exceed 366 days"],
    ["from after to", `from=${TODAY}&to=${addDays(TODAY, -1)}`, "from: must be on or before to"],
    ["a future end", `from=${TODAY}&to=${addDays(TODAY, 1)}`, "to: must not be in the future"],
    ["a bad date", "from=yesterday", /^from: /],
    ["a page parameter", "page=2", /^page: unknown field/],
  ])("the CSV refuses %s with a 400 envelope", async (_name, query, msg) => {
    const response = await s.asAffiliate("GET", apiUrl("commissionsCsv", query));
    refused(response, 400, "400", msg);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each([
    ["status=paid", /^status: /],
    ["pageSize=500", /^pageSize: /],
    [`from=${addDays(TODAY, -400)}`, "from: the range must not exceed 366 days"],
  ])("the list refuses ?%s", async (query, msg) => {
    refused(await s.asAffiliate("GET", apiUrl("commissions", query)), 400, "400", msg);
  });
});

// ------------------------------------------------------------------ sub-affiliates

describe("sub-affiliates", () => {
  it("lists the three seeded subs with their last 30 days", async () => {
    const list = subAffiliateListSchema.parse(data(await s.asAffiliate("GET", apiUrl("subAffiliates"))));
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
      const trades = G.affiliate_commissions.filter(
        (c) => c.affiliate_user_id === sub.userId && inRange(c.trade_day, from, TODAY),
      );
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
    const samCookie = await s.registerUser("sam.sub@example.com");
    const newcomer = (await s.app.users.findByEmail("sam.sub@example.com"))?.user_id;
    const invite = (body: unknown) => s.asAffiliate("POST", apiUrl("subAffiliateInvite"), { body, dy: true });
    refused(
      await invite({ email: "sam.sub@example.com", rateBps: 4500 }),
      400,
      "400",
      "rateBps: must be below your own rate",
    );
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
    const before = subAffiliateListSchema.parse(data(await s.asAffiliate("GET", apiUrl("subAffiliates"))));
    expect(before.subAffiliates.some((s) => s.email === "sam.sub@example.com")).toBe(false);
    expect(before.pendingInvitations.map((i) => [i.email, i.rateBps])).toEqual(
      expect.arrayContaining([
        ["sam.sub@example.com", 2000],
        ["nobody@example.com", 1000],
      ]),
    );
    refused(await s.call("GET", apiUrl("affiliateLevel"), { cookie: samCookie }), 403, "403");
    const { offers } = subInvitationOfferListSchema.parse(
      data(await s.call("GET", apiUrl("subInvitationOffers"), { cookie: samCookie })),
    );
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ inviterName: "Au***", rateBps: 2000 });
    const offerId = offers[0]?.id ?? 0;
    // Another user cannot answer it; the invitee accepts once.
    refused(
      await s.call("POST", apiUrl("subInvitationAccept", { id: offerId }), {
        cookie: s.partnerCookie,
        body: { rateBps: 2000 },
        dy: true,
      }),
      404,
      "404",
    );
    expect(
      data(
        await s.call("POST", apiUrl("subInvitationAccept", { id: offerId }), {
          cookie: samCookie,
          body: { rateBps: 2000 },
          dy: true,
        }),
      ),
    ).toEqual({ id: offerId, status: "accepted" });
    refused(
      await s.call("POST", apiUrl("subInvitationDecline", { id: offerId }), { cookie: samCookie, dy: true }),
      409,
      "10013",
    );

    const list = subAffiliateListSchema.parse(data(await s.asAffiliate("GET", apiUrl("subAffiliates"))));
    const sub = list.subAffiliates.find((s) => s.email === "sam.sub@example.com");
    expect(sub).toMatchObject({
      userId: newcomer,
      rateBps: 2000,
      note: "",
      inviteesTotal: 0,
      last30d: { newInvitees: 0, volumeUsdt: 0, commissionUsdt: 0 },
    });
    expect(list.pendingInvitations.some((i) => i.email === "sam.sub@example.com")).toBe(false);

    // The rate change is an offer to the sub: the agreed 20 % stays in force until they accept it.
    const patched = subAffiliateWithOfferSchema.parse(
      data(
        await s.asAffiliate("PATCH", apiUrl("subAffiliateUpdate", { userId: newcomer }), {
          body: { rateBps: 2500, note: "Met at a meetup" },
          dy: true,
        }),
      ),
    );
    expect(patched).toMatchObject({
      userId: newcomer,
      rateBps: 2000,
      note: "Met at a meetup",
      pendingOffer: { rateBps: 2500 },
    });
    refused(
      await s.asAffiliate("PATCH", apiUrl("subAffiliateUpdate", { userId: newcomer }), {
        body: { rateBps: 4600 },
        dy: true,
      }),
      400,
      "400",
      "rateBps: must be below your own rate",
    );
    refused(
      await s.asAffiliate("PATCH", apiUrl("subAffiliateUpdate", { userId: newcomer }), { body: {}, dy: true }),
      400,
      "400",
      /nothing to change/,
    );
    refused(
      await s.asAffiliate("PATCH", apiUrl("subAffiliateUpdate", { userId: "abc" }), { body: { note: "x" }, dy: true }),
      400,
      "400",
      /^userId: /,
    );
    refused(
      await s.asAffiliate("PATCH", apiUrl("subAffiliateUpdate", { userId: 8012345679 }), {
        body: { note: "x" },
        dy: true,
      }),
      404,
      "404",
    );
    const level = affiliateLevelStatusSchema.parse(
      data(await s.call("GET", apiUrl("affiliateLevel"), { cookie: samCookie })),
    );
    expect(level.rateBps).toBe(2000);

    // The inviter ends it: the former sub stays an affiliate at their level's rate, with no inviter.
    expect(data(await s.asAffiliate("DELETE", apiUrl("subAffiliateEnd", { userId: newcomer }), { dy: true }))).toEqual({
      userId: newcomer,
      ended: true,
    });
    const after = subAffiliateListSchema.parse(data(await s.asAffiliate("GET", apiUrl("subAffiliates"))));
    expect(after.subAffiliates.some((s) => s.userId === newcomer)).toBe(false);
    expect(
      affiliateLevelStatusSchema.parse(data(await s.call("GET", apiUrl("affiliateLevel"), { cookie: samCookie })))
        .rateBps,
    ).toBe(4000);
    refused(await s.asAffiliate("DELETE", apiUrl("subAffiliateEnd", { userId: newcomer }), { dy: true }), 404, "404");
  });

  it("a declined or withdrawn invitation closes; an unknown address's invitation can be withdrawn like any other", async () => {
    const danaCookie = await s.registerUser("dana.decline@example.com");
    data(
      await s.asAffiliate("POST", apiUrl("subAffiliateInvite"), {
        body: { email: "dana.decline@example.com", rateBps: 1500 },
        dy: true,
      }),
    );
    const [offer] = subInvitationOfferListSchema.parse(
      data(await s.call("GET", apiUrl("subInvitationOffers"), { cookie: danaCookie })),
    ).offers;
    expect(
      data(await s.call("POST", apiUrl("subInvitationDecline", { id: offer?.id }), { cookie: danaCookie, dy: true })),
    ).toEqual({ id: offer?.id, status: "declined" });
    refused(
      await s.call("POST", apiUrl("subInvitationAccept", { id: offer?.id }), {
        cookie: danaCookie,
        body: { rateBps: 1500 },
        dy: true,
      }),
      409,
      "10013",
    );
    refused(await s.call("GET", apiUrl("affiliateLevel"), { cookie: danaCookie }), 403, "403");

    data(
      await s.asAffiliate("POST", apiUrl("subAffiliateInvite"), {
        body: { email: "ghost@example.com", rateBps: 1200 },
        dy: true,
      }),
    );
    const ghost = subAffiliateListSchema
      .parse(data(await s.asAffiliate("GET", apiUrl("subAffiliates"))))
      .pendingInvitations.find((i) => i.email === "ghost@example.com");
    expect(ghost).toBeDefined();
    expect(
      data(await s.asAffiliate("DELETE", apiUrl("subInvitationWithdraw", { id: ghost?.id }), { dy: true })),
    ).toEqual({ id: ghost?.id, status: "withdrawn" });
    refused(
      await s.asAffiliate("DELETE", apiUrl("subInvitationWithdraw", { id: ghost?.id }), { dy: true }),
      409,
      "10013",
    );
    refused(
      await s.call("DELETE", apiUrl("subInvitationWithdraw", { id: ghost?.id }), { cookie: s.partnerCookie, dy: true }),
      404,
      "404",
    );
  });
});

// ------------------------------------------------------------------ level

describe(routeTitle("affiliateLevel"), () => {
  it("answers Lv2 at 45%, this month's progress, Lv3's thresholds and the review date", async () => {
    const level = affiliateLevelStatusSchema.parse(data(await s.asAffiliate("GET", apiUrl("affiliateLevel"))));
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
      progress: {
        newTraders: invitees.filter((i) => inRange(dayPart(i.first_trade_at), monthStart, TODAY)).length,
        volumeUsdt: usd(volume),
      },
      next: {
        level: 3,
        name: "Lv3",
        monthlyNewTraders: 15,
        monthlyVolumeUsdt: 20_000_000,
        spotRateBps: 5000,
        futuresRateBps: 5000,
      },
      nextReviewDate: "2026-07-01",
    });
    expect(level.progress.newTraders).toBeGreaterThan(0);
  });
});
