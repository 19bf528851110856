import { describe, expect, it } from "vitest";
import {
  adminAffiliateApplicationListSchema,
  affiliateApplicationSchema,
  affiliateLevelStatusSchema,
  affiliateProgrammeSchema,
  affiliateSummarySchema,
  inviteePageSchema,
  myAffiliateApplicationSchema,
  referralLinkListSchema,
  subAffiliateListSchema,
} from "@affiliates/contracts";
import { generateAffiliateData, seedAffiliateIfEmpty } from "../src/seed/affiliate";
import { addDays } from "../src/platform/lib/days";
import { okData as data, refused } from "./helpers/envelope-assertions";
import {
  affiliateSuite,
  ADMIN_TOKEN,
  AFFILIATE_ID,
  G,
  NOW,
  PARTNER_ID,
  TODAY,
  type Method,
} from "./helpers/affiliate-suite";
import { DIALECT } from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

/** The affiliate programme through the real app: the seed, the public programme, applications and their decisions, and who may call what. */
const s = affiliateSuite();

// ------------------------------------------------------------------ seed

describe(`affiliate seed (${DIALECT})`, () => {
  it("is generated deterministically, and only once", async () => {
    expect(generateAffiliateData(NOW)).toEqual({ rows: G });
    const mine = G.affiliate_invitees.filter((i) => i.affiliate_user_id === AFFILIATE_ID);
    expect(mine).toHaveLength(3000);
    const rows = G.affiliate_commissions.filter((c) => c.affiliate_user_id === AFFILIATE_ID).length;
    expect(rows).toBeGreaterThan(10_000);
    expect(rows).toBeLessThan(14_000);
    for (const i of mine)
      expect(i.registered_at >= `${addDays(TODAY, -365)}` && i.registered_at <= new Date(NOW).toISOString()).toBe(true);
    expect(await seedAffiliateIfEmpty(s.app.db, NOW)).toBe(false);
    const count = await s.app.db
      .selectFrom("affiliate_commissions")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(G.affiliate_commissions.length);
  });
});

// ------------------------------------------------------------------ programme

describe(routeTitle("affiliateProgramme"), () => {
  it("is public: the levels, the headline rate, benefits and the HTML FAQ", async () => {
    const response = await s.call("GET", apiUrl("affiliateProgramme"));
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    const programme = affiliateProgrammeSchema.parse(data(response));
    expect(programme.levels).toEqual([
      {
        level: 1,
        name: "Lv1",
        monthlyNewTraders: 5,
        monthlyVolumeUsdt: 100_000,
        spotRateBps: 4000,
        futuresRateBps: 4000,
      },
      {
        level: 2,
        name: "Lv2",
        monthlyNewTraders: 10,
        monthlyVolumeUsdt: 10_000_000,
        spotRateBps: 4500,
        futuresRateBps: 4500,
      },
      {
        level: 3,
        name: "Lv3",
        monthlyNewTraders: 15,
        monthlyVolumeUsdt: 20_000_000,
        spotRateBps: 5000,
        futuresRateBps: 5000,
      },
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
    const cookie = await s.registerUser("nina@example.com");
    expect(
      myAffiliateApplicationSchema.parse(data(await s.call("GET", apiUrl("myAffiliateApplication"), { cookie }))),
    ).toEqual({ application: null, isAffiliate: false });
    refused(
      await s.call("GET", apiUrl("affiliateSummary"), { cookie }),
      403,
      "403",
      "affiliate: not an approved affiliate",
    );

    refused(await s.call("POST", apiUrl("affiliateApply"), { cookie, body: form }), 403, "22001");
    const created = data(await s.call("POST", apiUrl("affiliateApply"), { cookie, body: form, dy: true })) as {
      id: number;
      status: string;
    };
    expect(created.status).toBe("pending");
    refused(await s.call("POST", apiUrl("affiliateApply"), { cookie, body: form, dy: true }), 409, "10003");

    const mine = myAffiliateApplicationSchema.parse(
      data(await s.call("GET", apiUrl("myAffiliateApplication"), { cookie })),
    );
    expect(mine.isAffiliate).toBe(false);
    expect(mine.application).toMatchObject({
      id: created.id,
      status: "pending",
      name: "Nina Newcomer",
      email: "nina@example.com",
      region: "SG",
      decidedAt: null,
    });
    expect(mine.application?.channels).toEqual(form.channels);

    const admin = { "x-admin-token": ADMIN_TOKEN };
    refused(await s.call("GET", apiUrl("adminAffiliateApplications")), 403, "403");
    const pending = adminAffiliateApplicationListSchema.parse(
      data(await s.call("GET", apiUrl("adminAffiliateApplications", { status: "pending" }), { headers: admin })),
    );
    expect(pending.applications.map((a) => a.id)).toContain(created.id);
    expect(pending.applications.every((a) => a.status === "pending")).toBe(true);

    const decided = affiliateApplicationSchema.parse(
      data(
        await s.call("POST", apiUrl("adminAffiliateDecision", { id: created.id }), {
          headers: admin,
          body: { decision: "approve", note: "Good fit" },
        }),
      ),
    );
    expect(decided).toMatchObject({ status: "approved", decisionNote: "Good fit" });
    refused(
      await s.call("POST", apiUrl("adminAffiliateDecision", { id: created.id }), {
        headers: admin,
        body: { decision: "reject" },
      }),
      409,
      "10008",
    );
    refused(
      await s.call("POST", apiUrl("adminAffiliateDecision", { id: 999999 }), {
        headers: admin,
        body: { decision: "reject" },
      }),
      404,
      "404",
    );
    refused(
      await s.call("POST", apiUrl("adminAffiliateDecision", { id: created.id }), {
        headers: admin,
        body: { decision: "maybe" },
      }),
      400,
      "400",
      /^decision: /,
    );

    const after = myAffiliateApplicationSchema.parse(
      data(await s.call("GET", apiUrl("myAffiliateApplication"), { cookie })),
    );
    expect(after).toMatchObject({ isAffiliate: true, application: { status: "approved" } });
    const summary = affiliateSummarySchema.parse(data(await s.call("GET", apiUrl("affiliateSummary"), { cookie })));
    expect(summary.totals).toMatchObject({ clicks: 0, signups: 0, volumeUsdt: 0 });
    const level = affiliateLevelStatusSchema.parse(data(await s.call("GET", apiUrl("affiliateLevel"), { cookie })));
    expect(level).toMatchObject({ level: 1, rateBps: 4000, next: { level: 2 } });
    refused(await s.call("POST", apiUrl("affiliateApply"), { cookie, body: form, dy: true }), 409, "10003");
  });

  it("a rejected applicant may apply again; an affiliate may not apply", async () => {
    const cookie = await s.registerUser("rory@example.com");
    const first = data(
      await s.call("POST", apiUrl("affiliateApply"), {
        cookie,
        body: { ...form, email: "rory@example.com" },
        dy: true,
      }),
    ) as { id: number };
    const admin = { "x-admin-token": ADMIN_TOKEN };
    data(
      await s.call("POST", apiUrl("adminAffiliateDecision", { id: first.id }), {
        headers: admin,
        body: { decision: "reject", note: "Audience too small" },
      }),
    );
    const mine = myAffiliateApplicationSchema.parse(
      data(await s.call("GET", apiUrl("myAffiliateApplication"), { cookie })),
    );
    expect(mine).toMatchObject({
      isAffiliate: false,
      application: { status: "rejected", decisionNote: "Audience too small" },
    });
    const second = data(await s.call("POST", apiUrl("affiliateApply"), { cookie, body: form, dy: true })) as {
      id: number;
    };
    expect(second.id).toBeGreaterThan(first.id);
    const rejected = adminAffiliateApplicationListSchema.parse(
      data(
        await s.call("GET", apiUrl("adminAffiliateApplications", { status: "rejected", limit: 1 }), { headers: admin }),
      ),
    );
    expect(rejected.applications.map((a) => a.id)).toEqual([first.id]);
    refused(
      await s.call("POST", apiUrl("affiliateApply"), { cookie: s.affiliateCookie, body: form, dy: true }),
      409,
      "10003",
    );
    refused(
      await s.call("GET", apiUrl("adminAffiliateApplications", { status: "bogus" }), { headers: admin }),
      400,
      "400",
      /^status: /,
    );
  });

  it("needs a session", async () => {
    refused(await s.call("GET", apiUrl("myAffiliateApplication")), 401, "00004");
    refused(await s.call("POST", apiUrl("affiliateApply"), { body: form, dy: true }), 401, "00004");
  });

  it.each([
    ["a short name", { name: "N" }, /^name: /],
    ["a bad email", { email: "nope" }, /^email: /],
    ["no channels", { channels: [] }, /^channels: /],
    ["six channels", { channels: Array.from({ length: 6 }, () => form.channels[0]) }, /^channels: /],
    [
      "an ftp url",
      { channels: [{ type: "website", url: "ftp://x.example", audience: 1 }] },
      /^channels\.0\.url: must be an http\(s\) URL/,
    ],
    [
      "a javascript url",
      { channels: [{ type: "website", url: "javascript:alert(1)", audience: 1 }] },
      /^channels\.0\.url: /,
    ],
    [
      "a 301-character url",
      { channels: [{ type: "website", url: `https://x.example/${"a".repeat(283)}`, audience: 1 }] },
      /^channels\.0\.url: /,
    ],
    [
      "an unknown channel type",
      { channels: [{ type: "myspace", url: "https://x.example", audience: 1 }] },
      /^channels\.0\.type: /,
    ],
    [
      "an audience over 1e9",
      { channels: [{ type: "x", url: "https://x.example", audience: 1_000_000_001 }] },
      /^channels\.0\.audience: /,
    ],
    [
      "a fractional audience",
      { channels: [{ type: "x", url: "https://x.example", audience: 1.5 }] },
      /^channels\.0\.audience: /,
    ],
    [
      "an unknown channel field",
      { channels: [{ type: "x", url: "https://x.example", audience: 1, extra: 1 }] },
      /^extra: unknown field/,
    ],
    ["a short region", { region: "E" }, /^region: /],
    ["a 2001-character message", { message: "x".repeat(2001) }, /^message: /],
    ["an unknown field", { status: "approved" }, /^status: unknown field/],
  ])("refuses %s with a 400 naming the field", async (_name, patch, msg) => {
    const cookie = s.userCookie;
    refused(
      await s.call("POST", apiUrl("affiliateApply"), { cookie, body: { ...form, ...patch }, dy: true }),
      400,
      "400",
      msg,
    );
  });
});

// ------------------------------------------------------------------ rights

describe("rights", () => {
  const affiliateOnly: [Method, string, unknown?][] = [
    ["GET", apiUrl("affiliateSummary")],
    ["GET", apiUrl("links")],
    ["POST", apiUrl("linkCreate"), { label: "x" }],
    ["PATCH", apiUrl("linkUpdate", { id: 1 }), { label: "x" }],
    ["GET", apiUrl("invitees")],
    ["GET", apiUrl("commissions")],
    ["GET", apiUrl("commissionsCsv")],
    ["GET", apiUrl("subAffiliates")],
    ["POST", apiUrl("subAffiliateInvite"), { email: "a@b.co", rateBps: 1 }],
    ["PATCH", apiUrl("subAffiliateUpdate", { userId: AFFILIATE_ID }), { note: "x" }],
    ["GET", apiUrl("affiliateLevel")],
    ["GET", apiUrl("cards")],
    ["POST", apiUrl("cardIssue"), { amountUsdt: 10 }],
  ];

  it.each(affiliateOnly)("%s %s: a plain user gets 403, no session 401", async (method, url, body) => {
    refused(
      await s.call(method, url, { cookie: s.userCookie, body, dy: true }),
      403,
      "403",
      "affiliate: not an approved affiliate",
    );
    refused(await s.call(method, url, { body, dy: true }), 401, "00004");
  });

  const moneyActions: [Method, string, unknown][] = [
    ["POST", apiUrl("affiliateApply"), {}],
    ["POST", apiUrl("linkCreate"), { label: "x" }],
    ["PATCH", apiUrl("linkUpdate", { id: 1 }), { label: "x" }],
    ["POST", apiUrl("subAffiliateInvite"), { email: "a@b.co", rateBps: 1 }],
    ["PATCH", apiUrl("subAffiliateUpdate", { userId: 8012345681 }), { rateBps: 1 }],
    ["POST", apiUrl("cardIssue"), { amountUsdt: 10 }],
    ["POST", apiUrl("cardClaim", { code: "AAAAAAAAAAAA" }), {}],
  ];
  it.each(moneyActions)("%s %s needs the device token (403 22001)", async (method, url, body) => {
    refused(await s.asAffiliate(method, url, { body }), 403, "22001", "dy-token: missing");
    refused(await s.asAffiliate(method, url, { body, headers: { "dy-token": "x".repeat(40) } }), 403, "22001");
  });

  it("each affiliate sees only their own data", async () => {
    const partnerLinks = referralLinkListSchema.parse(
      data(await s.call("GET", apiUrl("links"), { cookie: s.partnerCookie })),
    ).links;
    expect(partnerLinks.map((l) => l.code)).toEqual(["PARTNER", "partner5"]);
    const partnerInvitees = inviteePageSchema.parse(
      data(await s.call("GET", apiUrl("invitees"), { cookie: s.partnerCookie })),
    );
    expect(partnerInvitees.total).toBe(G.affiliate_invitees.filter((i) => i.affiliate_user_id === PARTNER_ID).length);
    const partnerSubs = subAffiliateListSchema.parse(
      data(await s.call("GET", apiUrl("subAffiliates"), { cookie: s.partnerCookie })),
    );
    expect(partnerSubs.subAffiliates).toEqual([]);
    const partnerLink = partnerLinks[0];
    if (!partnerLink) throw new Error("no partner link");
    refused(
      await s.asAffiliate("PATCH", apiUrl("linkUpdate", { id: partnerLink.id }), {
        body: { label: "mine now" },
        dy: true,
      }),
      404,
      "404",
      "link: not found",
    );
    refused(await s.asAffiliate("GET", apiUrl("invitees", { linkId: partnerLink.id })), 404, "404");
    refused(
      await s.asAffiliate("POST", apiUrl("cardIssue"), { body: { amountUsdt: 10, linkId: partnerLink.id }, dy: true }),
      404,
      "404",
      "link: not found",
    );
    const partnerInvitee = partnerInvitees.items[0];
    if (!partnerInvitee) throw new Error("no partner invitee");
    refused(
      await s.asAffiliate("POST", apiUrl("cardIssue"), {
        body: { amountUsdt: 10, inviteeId: partnerInvitee.id },
        dy: true,
      }),
      404,
      "404",
      "invitee: not found",
    );
    refused(
      await s.asAffiliate("PATCH", apiUrl("subAffiliateUpdate", { userId: PARTNER_ID }), {
        body: { note: "x" },
        dy: true,
      }),
      404,
      "404",
      "sub-affiliate: not found",
    );
    // …and the partner cannot touch the affiliate's sub-affiliate either.
    refused(
      await s.call("PATCH", apiUrl("subAffiliateUpdate", { userId: 8012345681 }), {
        cookie: s.partnerCookie,
        body: { note: "x" },
        dy: true,
      }),
      404,
      "404",
    );
    const label = referralLinkListSchema.parse(data(await s.call("GET", apiUrl("links"), { cookie: s.partnerCookie })))
      .links[0]?.label;
    expect(label).toBe("Podcast");
  });
});
