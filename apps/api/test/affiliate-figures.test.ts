import { describe, expect, it } from "vitest";
import {
  affiliateSummarySchema,
  inviteePageSchema,
  referralLinkListSchema,
  referralLinkSchema,
} from "@affiliates/contracts";
import { addDays, DAY_MS } from "../src/platform/lib/days";
import { okData as data, refused } from "./helpers/envelope-assertions";
import { affiliateSuite, AFFILIATE_ID, G, NOW, TODAY, cents, expectedSummary, usd } from "./helpers/affiliate-suite";
import { apiUrl, routeTitle } from "./helpers/api-url";

/** The affiliate dashboard's figures through the real app: the period summary, referral links and the invitee list, checked against the generator's rows. */
const s = affiliateSuite();

// ------------------------------------------------------------------ summary

describe(routeTitle("affiliateSummary"), () => {
  it("defaults to the last 7 days, with a series per day and the funnel", async () => {
    const summary = affiliateSummarySchema.parse(data(await s.asAffiliate("GET", apiUrl("affiliateSummary"))));
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
    const summary = affiliateSummarySchema.parse(
      data(await s.asAffiliate("GET", apiUrl("affiliateSummary", { from, to }))),
    );
    const expected = expectedSummary(AFFILIATE_ID, from, to);
    expect(summary.totals).toEqual(expected);
    expect(summary.series).toHaveLength(Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1);
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
    refused(await s.asAffiliate("GET", apiUrl("affiliateSummary", query)), 400, "400", msg);
  });
});

// ------------------------------------------------------------------ links

describe("links", () => {
  const headers = { host: "www.exchange.example", "x-forwarded-proto": "https" };

  it("lists the four seeded links with their totals and URLs", async () => {
    const { links } = referralLinkListSchema.parse(data(await s.asAffiliate("GET", apiUrl("links"), { headers })));
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
      data(
        await s.asAffiliate("POST", apiUrl("linkCreate"), {
          body: { label: "Spring campaign", channel: "x", code: "Spring26", spotShareBps: 1000, futuresShareBps: 500 },
          dy: true,
          headers,
        }),
      ),
    );
    expect(created).toMatchObject({
      code: "Spring26",
      label: "Spring campaign",
      channel: "x",
      spotShareBps: 1000,
      futuresShareBps: 500,
      archived: false,
      clicks: 0,
      signups: 0,
    });
    expect(created.url).toBe("https://www.exchange.example/register?ref=Spring26");
    expect(created.createdAt).toBe(new Date(NOW).toISOString());
    const { links } = referralLinkListSchema.parse(data(await s.asAffiliate("GET", apiUrl("links"))));
    expect(links.at(-1)).toMatchObject({ id: created.id, code: "Spring26" });

    refused(
      await s.asAffiliate("POST", apiUrl("linkCreate"), { body: { label: "again", code: "spring26" }, dy: true }),
      409,
      "10004",
      "code: this code is taken",
    );
    refused(
      await s.call("POST", apiUrl("linkCreate"), {
        cookie: s.partnerCookie,
        body: { label: "theirs", code: "AURORA" },
        dy: true,
      }),
      409,
      "10004",
    );

    const generated = referralLinkSchema.parse(
      data(await s.asAffiliate("POST", apiUrl("linkCreate"), { body: { label: "No code" }, dy: true })),
    );
    expect(generated.code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(generated).toMatchObject({ spotShareBps: 0, futuresShareBps: 0, channel: null });

    const patched = referralLinkSchema.parse(
      data(
        await s.asAffiliate("PATCH", apiUrl("linkUpdate", { id: created.id }), {
          body: { label: "Spring (ended)", spotShareBps: 2000, archived: true },
          dy: true,
        }),
      ),
    );
    expect(patched).toMatchObject({
      id: created.id,
      label: "Spring (ended)",
      spotShareBps: 2000,
      futuresShareBps: 500,
      archived: true,
      code: "Spring26",
    });
    refused(
      await s.asAffiliate("PATCH", apiUrl("linkUpdate", { id: 999999 }), { body: { label: "x" }, dy: true }),
      404,
      "404",
    );
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
    refused(await s.asAffiliate("POST", apiUrl("linkCreate"), { body, dy: true }), 400, "400", msg);
  });

  it.each([
    ["an empty patch", "1", {}, /^body: nothing to change/],
    ["a bad share", "1", { spotShareBps: 1 }, /^spotShareBps: /],
    ["a code change", "1", { code: "NEWCODE" }, /^code: unknown field/],
    ["a non-numeric id", "abc", { label: "x" }, /^id: /],
    ["a zero id", "0", { label: "x" }, /^id: /],
  ])("PATCH refuses %s", async (_name, id, body, msg) => {
    refused(await s.asAffiliate("PATCH", apiUrl("linkUpdate", { id }), { body, dy: true }), 400, "400", msg);
  });
});

// ------------------------------------------------------------------ invitees

describe(routeTitle("invitees"), () => {
  const mine = G.affiliate_invitees.filter((i) => i.affiliate_user_id === AFFILIATE_ID);

  it("pages the seeded invitees newest first, each by its UID", async () => {
    const page = inviteePageSchema.parse(data(await s.asAffiliate("GET", apiUrl("invitees"))));
    expect(page).toMatchObject({ total: 3000, page: 1, pageSize: 20 });
    const expected = [...mine]
      .sort((a, b) =>
        a.registered_at < b.registered_at ? 1 : a.registered_at > b.registered_at ? -1 : Number(b.id) - Number(a.id),
      )
      .slice(0, 20);
    expect(page.items.map((i) => i.id)).toEqual(expected.map((i) => i.id));
    const first = page.items[0];
    const seed = expected[0];
    expect(first).toEqual({
      id: seed?.id,
      uid: seed?.user_id,
      registeredAt: seed?.registered_at,
      kyc: seed?.kyc_at !== null,
      firstDepositAt: seed?.first_deposit_at,
      firstTradeAt: seed?.first_trade_at,
      volumeUsdt: usd(cents(seed?.volume_cents)),
      commissionUsdt: usd(cents(seed?.commission_cents)),
      linkId: seed?.link_id,
      linkCode: G.affiliate_links.find((l) => l.id === seed?.link_id)?.code,
      hold: null,
    });
    for (const item of page.items) expect(item.uid).toMatch(/^\d{10}$/);
  });

  it("sorts by volume and commission both ways", async () => {
    const byVolume = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { sort: "volume", order: "desc", pageSize: 10 }))),
    );
    const maxVolume = Math.max(...mine.map((i) => cents(i.volume_cents)));
    expect(byVolume.items[0]?.volumeUsdt).toBe(usd(maxVolume));
    const volumes = byVolume.items.map((i) => i.volumeUsdt);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const byCommission = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { sort: "commission", order: "asc", pageSize: 100 }))),
    );
    const commissions = byCommission.items.map((i) => i.commissionUsdt);
    expect(commissions).toEqual([...commissions].sort((a, b) => a - b));
    expect(commissions[0]).toBe(0);
    const oldest = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { sort: "registeredAt", order: "asc", pageSize: 10 }))),
    );
    expect(oldest.items[0]?.registeredAt).toBe(mine.map((i) => i.registered_at).sort()[0]);
  });

  it("pagination edges: the last page, a page beyond the end, page sizes 10 and 100", async () => {
    const last = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { page: 30, pageSize: 100 }))),
    );
    expect(last).toMatchObject({ total: 3000, page: 30, pageSize: 100 });
    expect(last.items).toHaveLength(100);
    const beyond = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { page: 31, pageSize: 100 }))),
    );
    expect(beyond).toEqual({ items: [], total: 3000, page: 31, pageSize: 100 });
    const far = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { page: 100000, pageSize: 10 }))),
    );
    expect(far).toEqual({ items: [], total: 3000, page: 100000, pageSize: 10 });
    // Pages do not overlap and cover everything.
    const ids = new Set<number>();
    for (let page = 1; page <= 30; page++) {
      const p = inviteePageSchema.parse(
        data(await s.asAffiliate("GET", apiUrl("invitees", { page, pageSize: 100, sort: "volume" }))),
      );
      for (const item of p.items) ids.add(item.id);
    }
    expect(ids.size).toBe(3000);
  });

  it("names every invitee of a 3,000-invitee book by a different UID (issue 34)", async () => {
    const uids = new Set<string>();
    for (let page = 1; page <= 30; page++) {
      const p = inviteePageSchema.parse(data(await s.asAffiliate("GET", apiUrl("invitees", { page, pageSize: 100 }))));
      for (const item of p.items) uids.add(item.uid);
    }
    expect(uids.size).toBe(3000);
  });

  it("filters by traded, KYC and sign-up days, alone and together", async () => {
    const days = [...mine.map((i) => i.registered_at.slice(0, 10))].sort();
    const from = days[Math.floor(days.length / 3)] ?? "";
    const to = days[Math.floor((days.length * 2) / 3)] ?? "";
    const cases: [Record<string, string>, (i: (typeof mine)[number]) => boolean][] = [
      [{ traded: "yes" }, (i) => i.first_trade_at !== null],
      [{ traded: "no" }, (i) => i.first_trade_at === null],
      [{ kyc: "yes" }, (i) => i.kyc_at !== null],
      [{ kyc: "no" }, (i) => i.kyc_at === null],
      [
        { registeredFrom: from, registeredTo: to },
        (i) => i.registered_at.slice(0, 10) >= from && i.registered_at.slice(0, 10) <= to,
      ],
      [
        { traded: "no", kyc: "yes", registeredFrom: from },
        (i) => i.first_trade_at === null && i.kyc_at !== null && i.registered_at.slice(0, 10) >= from,
      ],
    ];
    for (const [query, keep] of cases) {
      const page = inviteePageSchema.parse(
        data(await s.asAffiliate("GET", apiUrl("invitees", { ...query, pageSize: 100 }))),
      );
      const expected = mine.filter(keep);
      expect(expected.length).toBeGreaterThan(0);
      expect(page.total).toBe(expected.length);
      const ids = new Set(expected.map((i) => i.id));
      expect(page.items.every((i) => ids.has(i.id))).toBe(true);
    }
    refused(
      await s.asAffiliate("GET", apiUrl("invitees", { registeredFrom: to, registeredTo: from })),
      400,
      "400",
      /^registeredTo: /,
    );
  });

  it("filters by link and searches by a whole or partial UID", async () => {
    const link = G.affiliate_links.find((l) => l.code === "auroraVIP");
    const byLink = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { linkId: link?.id, pageSize: 100 }))),
    );
    expect(byLink.total).toBe(mine.filter((i) => i.link_id === link?.id).length);
    expect(byLink.items.every((i) => i.linkCode === "auroraVIP")).toBe(true);
    const target = mine[1234];
    const part = (target?.user_id ?? "").slice(3, 8);
    const search = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { search: part, pageSize: 100 }))),
    );
    expect(search.total).toBe(mine.filter((i) => i.user_id.includes(part)).length);
    expect(search.items.map((i) => i.id)).toContain(target?.id);
    const exact = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { search: target?.user_id }))),
    );
    expect(exact.items.map((i) => [i.id, i.uid])).toEqual([[target?.id, target?.user_id]]);
    const none = inviteePageSchema.parse(
      data(await s.asAffiliate("GET", apiUrl("invitees", { search: "1999999999" }))),
    );
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
    [`search=${"1".repeat(21)}`, /^search: /],
    ["search=70****12", /^search: /],
    ["traded=maybe", /^traded: /],
    ["kyc=1", /^kyc: /],
    ["registeredFrom=2026-02-30", /^registeredFrom: /],
    ["bogus=1", /^bogus: unknown field/],
  ])("refuses ?%s", async (query, msg) => {
    refused(await s.asAffiliate("GET", apiUrl("invitees", query)), 400, "400", msg);
  });
});
