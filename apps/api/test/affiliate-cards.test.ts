import { describe, expect, it } from "vitest";
import { affiliateCardClaimViewSchema, experienceCardListSchema, experienceCardSchema } from "@affiliates/contracts";
import { DAY_MS } from "../src/platform/lib/days";
import { okData as data, refused } from "./helpers/envelope-assertions";
import { affiliateSuite, AFFILIATE_ID, G, NOW, cents, usd } from "./helpers/affiliate-suite";
import { apiUrl } from "./helpers/api-url";

/** The affiliate's experience cards through the real app: the monthly quota, issuing, and the claim flow. */
const s = affiliateSuite();

describe("experience cards", () => {
  it("lists the 20 seeded cards in every state with the monthly quota", async () => {
    const list = experienceCardListSchema.parse(
      data(await s.call("GET", apiUrl("cards"), { cookie: s.partnerCookie })),
    );
    expect(list.cards).toHaveLength(5);
    const mine = experienceCardListSchema.parse(data(await s.asAffiliate("GET", apiUrl("cards"))));
    const seeded = G.affiliate_cards.filter((c) => c.affiliate_user_id === AFFILIATE_ID);
    const issuedThisMonth = seeded.filter((c) => c.issued_at >= "2026-06-01").length;
    expect(mine).toMatchObject({
      month: "2026-06",
      monthlyQuota: 10,
      usedThisMonth: issuedThisMonth,
      remaining: 10 - issuedThisMonth,
      amountsUsdt: [10, 20, 50, 100],
    });
    expect(mine.cards.length).toBeGreaterThanOrEqual(20);
    expect(new Set(mine.cards.map((c) => c.status))).toEqual(new Set(["issued", "claimed", "used", "expired"]));
    for (const card of mine.cards) expect(card.code).toMatch(/^[A-Z0-9]{12}$/);
  });

  it("issues cards to a link or an invitee until the quota is used up", async () => {
    const before = experienceCardListSchema.parse(data(await s.asAffiliate("GET", apiUrl("cards"))));
    const link = G.affiliate_links.find((l) => l.code === "AURORA");
    const invitee = G.affiliate_invitees.find((i) => i.affiliate_user_id === AFFILIATE_ID);
    refused(
      await s.asAffiliate("POST", apiUrl("cardIssue"), { body: { amountUsdt: 30 }, dy: true }),
      400,
      "400",
      /^amountUsdt: /,
    );
    refused(
      await s.asAffiliate("POST", apiUrl("cardIssue"), {
        body: { amountUsdt: 10, linkId: link?.id, inviteeId: invitee?.id },
        dy: true,
      }),
      400,
      "400",
      /^inviteeId: give a linkId or an inviteeId/,
    );
    refused(
      await s.asAffiliate("POST", apiUrl("cardIssue"), { body: { amountUsdt: 10, linkId: 999999 }, dy: true }),
      404,
      "404",
    );
    const toLink = experienceCardSchema.parse(
      data(await s.asAffiliate("POST", apiUrl("cardIssue"), { body: { amountUsdt: 50, linkId: link?.id }, dy: true })),
    );
    expect(toLink).toMatchObject({
      amountUsdt: 50,
      status: "issued",
      linkId: link?.id,
      inviteeId: null,
      issuedAt: new Date(NOW).toISOString(),
      claimedAt: null,
    });
    expect(Date.parse(toLink.expiresAt) - NOW).toBe(30 * DAY_MS);
    const toInvitee = experienceCardSchema.parse(
      data(
        await s.asAffiliate("POST", apiUrl("cardIssue"), {
          body: { amountUsdt: 100, inviteeId: invitee?.id },
          dy: true,
        }),
      ),
    );
    expect(toInvitee).toMatchObject({ amountUsdt: 100, inviteeId: invitee?.id, linkId: null });
    for (let i = before.remaining - 2; i > 0; i--)
      data(await s.asAffiliate("POST", apiUrl("cardIssue"), { body: { amountUsdt: 10 }, dy: true }));
    refused(await s.asAffiliate("POST", apiUrl("cardIssue"), { body: { amountUsdt: 10 }, dy: true }), 409, "10005");
    const after = experienceCardListSchema.parse(data(await s.asAffiliate("GET", apiUrl("cards"))));
    expect(after).toMatchObject({ usedThisMonth: 10, remaining: 0 });
    expect(after.cards[0]?.issuedAt).toBe(new Date(NOW).toISOString());
  });

  it("claim flow: public view, the link's invitee claims its card once; strangers, used, expired and own cards are refused", async () => {
    const issued = G.affiliate_cards.find(
      (c) =>
        c.affiliate_user_id === AFFILIATE_ID &&
        c.status === "issued" &&
        c.issued_to_invitee_id === null &&
        c.expires_at > new Date(NOW).toISOString(),
    );
    const code = issued?.code ?? "";
    const view = affiliateCardClaimViewSchema.parse(data(await s.call("GET", apiUrl("cardClaimView", { code }))));
    expect(view).toEqual({
      code,
      amountUsdt: usd(cents(issued?.amount_cents)),
      status: "issued",
      expiresAt: issued?.expires_at,
      claimedAt: null,
    });
    refused(
      await s.call("POST", apiUrl("cardClaim", { code }), { cookie: s.affiliateCookie, dy: true }),
      403,
      "403",
      "card: you cannot claim a card you issued",
    );
    refused(await s.call("POST", apiUrl("cardClaim", { code }), { dy: true }), 401, "00004");
    // The card is issued to a link: only people invited through that link may claim it (issue 32).
    expect(issued?.issued_to_link_id).not.toBeNull();
    refused(
      await s.call("POST", apiUrl("cardClaim", { code }), { cookie: s.userCookie, dy: true }),
      403,
      "403",
      "card: only for users invited through its link",
    );
    const user = await s.app.users.findByEmail("user@example.com");
    await s.app.db
      .insertInto("affiliate_invitees")
      .values({
        affiliate_user_id: AFFILIATE_ID,
        link_id: Number(issued?.issued_to_link_id),
        user_id: user?.user_id ?? "",
        masked_user_id: "us****er",
        registered_at: new Date(NOW).toISOString(),
        kyc_at: null,
        first_deposit_at: null,
        first_trade_at: null,
        volume_cents: 0,
        commission_cents: 0,
      })
      .execute();
    const claimed = affiliateCardClaimViewSchema.parse(
      data(await s.call("POST", apiUrl("cardClaim", { code }), { cookie: s.userCookie, dy: true })),
    );
    expect(claimed).toMatchObject({ code, status: "claimed", claimedAt: new Date(NOW).toISOString() });
    refused(
      await s.call("POST", apiUrl("cardClaim", { code }), { cookie: s.partnerCookie, dy: true }),
      409,
      "10007",
      "card: already claimed",
    );
    expect(
      affiliateCardClaimViewSchema.parse(data(await s.call("GET", apiUrl("cardClaimView", { code })))).status,
    ).toBe("claimed");

    const used = G.affiliate_cards.find((c) => c.affiliate_user_id === AFFILIATE_ID && c.status === "used");
    refused(
      await s.call("POST", apiUrl("cardClaim", { code: used?.code }), { cookie: s.userCookie, dy: true }),
      409,
      "10007",
      "card: already used",
    );
    const expired = G.affiliate_cards.find((c) => c.affiliate_user_id === AFFILIATE_ID && c.status === "expired");
    refused(
      await s.call("POST", apiUrl("cardClaim", { code: expired?.code }), { cookie: s.userCookie, dy: true }),
      409,
      "10007",
      "card: expired",
    );
    const toInvitee = G.affiliate_cards.find(
      (c) =>
        c.affiliate_user_id === AFFILIATE_ID &&
        c.status === "issued" &&
        c.issued_to_invitee_id !== null &&
        c.expires_at > new Date(NOW).toISOString(),
    );
    if (toInvitee)
      refused(
        await s.call("POST", apiUrl("cardClaim", { code: toInvitee.code }), { cookie: s.userCookie, dy: true }),
        403,
        "403",
        "card: issued to another user",
      );

    refused(await s.call("GET", apiUrl("cardClaimView", { code: "ZZZZZZZZZZZZ" })), 404, "404", "card: not found");
    refused(await s.call("GET", apiUrl("cardClaimView", { code: "short" })), 400, "400", /^code: /);
    refused(await s.call("GET", apiUrl("cardClaimView", { code: "abcdefghijkl" })), 400, "400", /^code: /);
  });
});
