import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AFFILIATE_CARD_CLAIM_MSGS,
  AFFILIATE_CARD_VALIDITY_DAYS,
  SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
  adminAffiliateCardQuotaSchema,
  affiliateCardClaimViewSchema,
  experienceCardListSchema,
  experienceCardSchema,
  referralLinkListSchema,
  subAffiliateListSchema,
  subInvitationOfferListSchema,
  subAffiliateSchema,
  subAffiliateWithOfferSchema,
} from "@affiliates/contracts";
import { DAY_MS } from "../src/platform/lib/days";
import { okData as data, refused } from "./helpers/envelope-assertions";
import {
  AFFILIATE,
  DIALECT,
  PLAIN_USER,
  createTestApp,
  deviceToken,
  login,
  sessionCookie,
  type TestApp,
  callerFor,
} from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/**
 * The affiliate network: sub-affiliates (rate below one's own, notes, performance), experience cards
 * (validity chosen at issue, per-affiliate quota set by operators) and the claim refusals clients translate.
 * Runs on the full app (createTestApp: migrations 0001..0009 and the seed at the real clock).
 */
const ADMIN_TOKEN = "network-admin-token";
const PARTNER = { email: "partner@example.com", password: "Partner#2026" } as const;
const AFFILIATE_ID = "8012345678";
const PLAIN_USER_ID = "8012345679";

let t: TestApp;
let dy: string;
let affiliateCookie: string;
let partnerCookie: string;
let userCookie: string;

const call = callerFor(() => t.app, { dy: () => dy, admin: ADMIN_TOKEN });

let registered = 0;
async function registerUser(): Promise<{ email: string; cookie: string }> {
  const email = `network-${++registered}-${Date.now()}@example.com`;
  const response = await t.app.inject({
    method: "POST",
    url: apiUrl("register"),
    headers: { "dy-token": dy, "content-type": "application/json" },
    payload: JSON.stringify({ email, password: "Newcomer#2026" }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, cookie: sessionCookie(response) };
}

/** An invitation the newcomer accepts: only then are they the inviter's sub-affiliate (returned as listed). */
async function inviteAndAccept(inviterCookie: string, newcomer: { email: string; cookie: string }, rateBps: number) {
  expect(
    data(
      await call("POST", apiUrl("subAffiliateInvite"), {
        cookie: inviterCookie,
        body: { email: newcomer.email, rateBps },
        dy: true,
      }),
    ),
  ).toEqual({ sent: true });
  const { offers } = subInvitationOfferListSchema.parse(
    data(await call("GET", apiUrl("subInvitationOffers"), { cookie: newcomer.cookie })),
  );
  const offer = offers.find((o) => o.rateBps === rateBps);
  if (!offer) throw new Error(`no offer at ${rateBps} in ${JSON.stringify(offers)}`);
  expect(
    data(
      await call("POST", apiUrl("subInvitationAccept", { id: offer.id }), {
        cookie: newcomer.cookie,
        body: { rateBps },
        dy: true,
      }),
    ),
  ).toEqual({ id: offer.id, status: "accepted" });
  const list = subAffiliateListSchema.parse(
    data(await call("GET", apiUrl("subAffiliates"), { cookie: inviterCookie })),
  );
  const sub = list.subAffiliates.find((s) => s.email === newcomer.email);
  if (!sub) throw new Error(`${newcomer.email} is not listed`);
  return subAffiliateSchema.parse(sub);
}

const cardsOf = async (cookie: string) =>
  experienceCardListSchema.parse(data(await call("GET", apiUrl("cards"), { cookie })));

beforeAll(async () => {
  t = await createTestApp({ adminToken: ADMIN_TOKEN });
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

describe(`sub-affiliates (${DIALECT})`, () => {
  it("invites at a rate below one's own only; equal and above are refused with the rate message", async () => {
    const own = subAffiliateListSchema.parse(
      data(await call("GET", apiUrl("subAffiliates"), { cookie: affiliateCookie })),
    ).ownRateBps;
    expect(own).toBe(4500);
    const newcomer = await registerUser();
    for (const rateBps of [own, own + 1, 10_000]) {
      refused(
        await call("POST", apiUrl("subAffiliateInvite"), {
          cookie: affiliateCookie,
          body: { email: newcomer.email, rateBps },
          dy: true,
        }),
        400,
        "400",
        SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
      );
    }
    const sub = await inviteAndAccept(affiliateCookie, newcomer, own - 500);
    expect(sub).toMatchObject({
      email: newcomer.email,
      rateBps: own - 500,
      note: "",
      inviteesTotal: 0,
      last30d: { newInvitees: 0, volumeUsdt: 0, commissionUsdt: 0 },
    });

    // rate changes: below one's own becomes an offer awaiting the sub (the agreed rate stays in force); at or above
    // one's own is refused and nothing changes
    const lowered = subAffiliateWithOfferSchema.parse(
      data(
        await call("PATCH", apiUrl("subAffiliateUpdate", { userId: sub.userId }), {
          cookie: affiliateCookie,
          body: { rateBps: 1500 },
          dy: true,
        }),
      ),
    );
    expect(lowered).toMatchObject({ rateBps: own - 500, pendingOffer: { rateBps: 1500 } });
    refused(
      await call("PATCH", apiUrl("subAffiliateUpdate", { userId: sub.userId }), {
        cookie: affiliateCookie,
        body: { rateBps: own },
        dy: true,
      }),
      400,
      "400",
      SUB_AFFILIATE_RATE_TOO_HIGH_MSG,
    );
    const list = subAffiliateListSchema.parse(
      data(await call("GET", apiUrl("subAffiliates"), { cookie: affiliateCookie })),
    );
    expect(list.subAffiliates.find((s) => s.userId === sub.userId)?.rateBps).toBe(own - 500);
  });

  it("notes are saved, trimmed, listed, and limited to 500 characters", async () => {
    const newcomer = await registerUser();
    const sub = await inviteAndAccept(affiliateCookie, newcomer, 2000);
    const noted = subAffiliateSchema.parse(
      data(
        await call("PATCH", apiUrl("subAffiliateUpdate", { userId: sub.userId }), {
          cookie: affiliateCookie,
          body: { note: "  Runs a Telegram group, 12k members  " },
          dy: true,
        }),
      ),
    );
    expect(noted).toMatchObject({ note: "Runs a Telegram group, 12k members", rateBps: 2000 });
    const listed = subAffiliateListSchema.parse(
      data(await call("GET", apiUrl("subAffiliates"), { cookie: affiliateCookie })),
    ).subAffiliates;
    expect(listed.find((s) => s.userId === sub.userId)?.note).toBe("Runs a Telegram group, 12k members");
    refused(
      await call("PATCH", apiUrl("subAffiliateUpdate", { userId: sub.userId }), {
        cookie: affiliateCookie,
        body: { note: "x".repeat(501) },
        dy: true,
      }),
      400,
      "400",
      /^note: /,
    );
  });

  it("another affiliate's sub-affiliates are invisible and untouchable (404); a plain user gets 403", async () => {
    const mine = subAffiliateListSchema.parse(
      data(await call("GET", apiUrl("subAffiliates"), { cookie: affiliateCookie })),
    ).subAffiliates;
    const target = mine[0];
    if (!target) throw new Error("the affiliate has no sub-affiliate");
    const partners = subAffiliateListSchema.parse(
      data(await call("GET", apiUrl("subAffiliates"), { cookie: partnerCookie })),
    ).subAffiliates;
    expect(partners.map((s) => s.userId)).not.toContain(target.userId);
    refused(
      await call("PATCH", apiUrl("subAffiliateUpdate", { userId: target.userId }), {
        cookie: partnerCookie,
        body: { note: "taken over" },
        dy: true,
      }),
      404,
      "404",
      "sub-affiliate: not found",
    );
    refused(
      await call("PATCH", apiUrl("subAffiliateUpdate", { userId: target.userId }), {
        cookie: partnerCookie,
        body: { rateBps: 100 },
        dy: true,
      }),
      404,
      "404",
    );
    refused(await call("GET", apiUrl("subAffiliates"), { cookie: userCookie }), 403, "403");
    const after = subAffiliateListSchema.parse(
      data(await call("GET", apiUrl("subAffiliates"), { cookie: affiliateCookie })),
    ).subAffiliates;
    expect(after.find((s) => s.userId === target.userId)).toEqual(target);
  });
});

describe("experience cards: validity, quota, claim refusals", () => {
  it("a card is issued with the validity chosen (7, 14 or 30 days; default 30); other values are refused", async () => {
    await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), {
      admin: true,
      body: { monthlyQuota: 1000 },
    });
    const list = await cardsOf(affiliateCookie);
    expect(list.validDaysOptions).toEqual([...AFFILIATE_CARD_VALIDITY_DAYS]);
    for (const validDays of AFFILIATE_CARD_VALIDITY_DAYS) {
      const card = experienceCardSchema.parse(
        data(
          await call("POST", apiUrl("cardIssue"), {
            cookie: affiliateCookie,
            body: { amountUsdt: 20, validDays },
            dy: true,
          }),
        ),
      );
      expect(Date.parse(card.expiresAt) - Date.parse(card.issuedAt)).toBe(validDays * DAY_MS);
    }
    const plain = experienceCardSchema.parse(
      data(await call("POST", apiUrl("cardIssue"), { cookie: affiliateCookie, body: { amountUsdt: 10 }, dy: true })),
    );
    expect(Date.parse(plain.expiresAt) - Date.parse(plain.issuedAt)).toBe(30 * DAY_MS);
    refused(
      await call("POST", apiUrl("cardIssue"), {
        cookie: affiliateCookie,
        body: { amountUsdt: 10, validDays: 10 },
        dy: true,
      }),
      400,
      "400",
      /^validDays: /,
    );
    refused(
      await call("POST", apiUrl("cardIssue"), {
        cookie: affiliateCookie,
        body: { amountUsdt: 10, validDays: "7" },
        dy: true,
      }),
      400,
      "400",
      /^validDays: /,
    );
  });

  it("operators set an affiliate's own monthly quota; it is counted down and refused when used up; null restores the default", async () => {
    refused(
      await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), { body: { monthlyQuota: 5 } }),
      403,
      "403",
    );
    refused(
      await call("PUT", apiUrl("adminCardQuota", { userId: PLAIN_USER_ID }), {
        admin: true,
        body: { monthlyQuota: 5 },
      }),
      404,
      "404",
      "affiliate: not found",
    );
    refused(
      await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), {
        admin: true,
        body: { monthlyQuota: -1 },
      }),
      400,
      "400",
      /^monthlyQuota: /,
    );
    refused(
      await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), { admin: true, body: {} }),
      400,
      "400",
      /^monthlyQuota: /,
    );

    const before = await cardsOf(affiliateCookie);
    const quota = adminAffiliateCardQuotaSchema.parse(
      data(
        await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), {
          admin: true,
          body: { monthlyQuota: before.usedThisMonth + 2 },
        }),
      ),
    );
    expect(quota).toEqual({
      userId: AFFILIATE_ID,
      monthlyQuota: before.usedThisMonth + 2,
      override: before.usedThisMonth + 2,
    });
    expect(await cardsOf(affiliateCookie)).toMatchObject({ monthlyQuota: before.usedThisMonth + 2, remaining: 2 });
    data(await call("POST", apiUrl("cardIssue"), { cookie: affiliateCookie, body: { amountUsdt: 50 }, dy: true }));
    expect(await cardsOf(affiliateCookie)).toMatchObject({ usedThisMonth: before.usedThisMonth + 1, remaining: 1 });
    data(await call("POST", apiUrl("cardIssue"), { cookie: affiliateCookie, body: { amountUsdt: 50 }, dy: true }));
    refused(
      await call("POST", apiUrl("cardIssue"), { cookie: affiliateCookie, body: { amountUsdt: 50 }, dy: true }),
      409,
      "10005",
    );
    expect(await cardsOf(affiliateCookie)).toMatchObject({ remaining: 0 });

    // the partner's quota is their own: untouched by the affiliate's override
    expect((await cardsOf(partnerCookie)).monthlyQuota).toBe(10);
    const reset = adminAffiliateCardQuotaSchema.parse(
      data(
        await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), {
          admin: true,
          body: { monthlyQuota: null },
        }),
      ),
    );
    expect(reset).toEqual({ userId: AFFILIATE_ID, monthlyQuota: 10, override: null });
    await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), {
      admin: true,
      body: { monthlyQuota: 1000 },
    });
  });

  it("claim refusals carry the messages clients translate; one affiliate never sees another's cards", async () => {
    await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), {
      admin: true,
      body: { monthlyQuota: 1000 },
    });
    const card = experienceCardSchema.parse(
      data(
        await call("POST", apiUrl("cardIssue"), {
          cookie: affiliateCookie,
          body: { amountUsdt: 100, validDays: 14 },
          dy: true,
        }),
      ),
    );
    expect((await cardsOf(partnerCookie)).cards.map((c) => c.code)).not.toContain(card.code);

    refused(
      await call("POST", apiUrl("cardClaim", { code: card.code }), { cookie: affiliateCookie, dy: true }),
      403,
      "403",
      AFFILIATE_CARD_CLAIM_MSGS.ownCard,
    );
    const claimer = await registerUser();
    const claimed = affiliateCardClaimViewSchema.parse(
      data(await call("POST", apiUrl("cardClaim", { code: card.code }), { cookie: claimer.cookie, dy: true })),
    );
    expect(claimed).toMatchObject({ code: card.code, amountUsdt: 100, status: "claimed" });
    refused(
      await call("POST", apiUrl("cardClaim", { code: card.code }), { cookie: userCookie, dy: true }),
      409,
      "10007",
      AFFILIATE_CARD_CLAIM_MSGS.alreadyClaimed,
    );
    const mine = (await cardsOf(affiliateCookie)).cards.find((c) => c.code === card.code);
    expect(mine?.status).toBe("claimed");

    const links = referralLinkListSchema.parse(
      data(await call("GET", apiUrl("links"), { cookie: affiliateCookie })),
    ).links;
    const invitees = data(await call("GET", apiUrl("invitees", { pageSize: 10 }), { cookie: affiliateCookie })) as {
      items: { id: number }[];
    };
    const toInvitee = experienceCardSchema.parse(
      data(
        await call("POST", apiUrl("cardIssue"), {
          cookie: affiliateCookie,
          body: { amountUsdt: 10, inviteeId: invitees.items[0]?.id },
          dy: true,
        }),
      ),
    );
    refused(
      await call("POST", apiUrl("cardClaim", { code: toInvitee.code }), { cookie: userCookie, dy: true }),
      403,
      "403",
      AFFILIATE_CARD_CLAIM_MSGS.notYours,
    );
    const toLink = experienceCardSchema.parse(
      data(
        await call("POST", apiUrl("cardIssue"), {
          cookie: affiliateCookie,
          body: { amountUsdt: 10, linkId: links[0]?.id },
          dy: true,
        }),
      ),
    );
    expect(toLink.linkId).toBe(links[0]?.id);

    const seeded = (await cardsOf(affiliateCookie)).cards;
    const used = seeded.find((c) => c.status === "used");
    const expired = seeded.find((c) => c.status === "expired");
    refused(
      await call("POST", apiUrl("cardClaim", { code: used?.code }), { cookie: userCookie, dy: true }),
      409,
      "10007",
      AFFILIATE_CARD_CLAIM_MSGS.alreadyUsed,
    );
    refused(
      await call("POST", apiUrl("cardClaim", { code: expired?.code }), { cookie: userCookie, dy: true }),
      409,
      "10007",
      AFFILIATE_CARD_CLAIM_MSGS.expired,
    );
    refused(
      await call("GET", apiUrl("cardClaimView", { code: "ZZZZZZZZZZZZ" })),
      404,
      "404",
      AFFILIATE_CARD_CLAIM_MSGS.notFound,
    );
  });
});
