import { describe, expect, it } from "vitest";
import {
  AffiliateResponseCode,
  SUB_INVITATION_EXPIRED_MSG,
  SUB_INVITATION_VALID_DAYS,
  SUB_TERMS_MISMATCH_MSG,
  affiliateLevelStatusSchema,
  subAffiliateLeftSchema,
  subAffiliateNetworkSchema,
  subAffiliateWithOfferSchema,
  subInvitationOfferListSchema,
  subRateOfferDecisionSchema,
} from "@affiliates/contracts";
import { DAY_MS } from "../src/platform/lib/days";
import { okData as data, refused } from "./helpers/envelope-assertions";
import { referralLoopSuite } from "./helpers/referral-loop";
import { AFFILIATE, DIALECT, deviceToken, login, sessionCookie } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/**
 * Consent that means something (issue 32, finding 3): an invitation's terms never change once sent and it expires; an
 * acceptance names the terms it accepts; after acceptance a rate change is an offer the sub answers while the agreed
 * rate stays in force (fills fed through the admin trade feed show which rate earned); a sub can leave.
 */
const s = referralLoopSuite();
const { call, registerWith, feed, fill, linesOf, tradesOf } = s;
const PASSWORD = "Consent#2026x";
const AFFILIATE_ID = "8012345678";

let registered = 0;
/** A new account through the API (logged in), not anybody's invitee. */
async function newUser(): Promise<{ email: string; cookie: string; userId: string }> {
  const email = `consent-${++registered}-${DIALECT}@example.com`;
  const response = await call("POST", apiUrl("register"), { dy: true, body: { email, password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  const user = await s.app.users.findByEmail(email);
  return { email, cookie: sessionCookie(response), userId: user?.user_id ?? "" };
}

const invite = (email: string, rateBps: number) =>
  call("POST", apiUrl("subAffiliateInvite"), { cookie: s.affiliateCookie, dy: true, body: { email, rateBps } });
const offersOf = async (cookie: string) =>
  subInvitationOfferListSchema.parse(data(await call("GET", apiUrl("subInvitationOffers"), { cookie }))).offers;
const accept = (cookie: string, id: number, body: unknown) =>
  call("POST", apiUrl("subInvitationAccept", { id }), { cookie, dy: true, body });
const networkOf = async (cookie: string) =>
  subAffiliateNetworkSchema.parse(data(await call("GET", apiUrl("subAffiliates"), { cookie })));
const patchSub = (userId: string, body: unknown) =>
  call("PATCH", apiUrl("subAffiliateUpdate", { userId }), { cookie: s.affiliateCookie, dy: true, body });

/** A new sub-affiliate of the demo affiliate (45 %) at `rateBps`, with a referral link and one invitee of it. */
async function subWithInvitee(rateBps: number) {
  const sub = await newUser();
  data(await invite(sub.email, rateBps));
  const [offer] = await offersOf(sub.cookie);
  data(await accept(sub.cookie, offer?.id ?? 0, { rateBps }));
  const code = `cons${registered}${DIALECT.slice(0, 2)}`;
  data(await call("POST", apiUrl("linkCreate"), { cookie: sub.cookie, dy: true, body: { label: "consent", code } }));
  const invitee = await registerWith(code);
  expect(invitee.response.statusCode, invitee.response.body).toBe(303);
  return { ...sub, inviteeId: invitee.userId ?? "" };
}

/** The last stored fill of a user: the rate it earned at, and the override it gave (and to whom). */
async function lastFill(userId: string) {
  const trades = await tradesOf(userId);
  const last = trades[trades.length - 1];
  if (!last) throw new Error(`no fills of ${userId}`);
  return {
    rateBps: Number(last.rate_bps),
    commissionMicros: Number(last.commission_micros),
    overrideUserId: last.override_user_id,
    overrideMicros: Number(last.override_micros),
  };
}

describe(`sub-affiliate invitations: immutable terms, named on acceptance, expiring (${DIALECT})`, () => {
  it("re-sending an invitation with a new rate makes a new invitation; the old id can no longer be accepted", async () => {
    const invitee = await newUser();
    data(await invite(invitee.email, 4000));
    const [first] = await offersOf(invitee.cookie);
    expect(first).toMatchObject({ rateBps: 4000, expired: false });
    // The same terms again change nothing: the same invitation, the same id.
    data(await invite(invitee.email, 4000));
    expect((await offersOf(invitee.cookie)).map((o) => o.id)).toEqual([first?.id]);

    data(await invite(invitee.email, 1));
    const offers = await offersOf(invitee.cookie);
    expect(offers).toHaveLength(1);
    const [second] = offers;
    expect(second?.rateBps).toBe(1);
    expect(second?.id).not.toBe(first?.id);
    // What the invitee saw (40 % under the first id) is withdrawn: accepting it is refused, whatever rate is named.
    refused(
      await accept(invitee.cookie, first?.id ?? 0, { rateBps: 4000 }),
      409,
      AffiliateResponseCode.invitationClosed,
    );
    refused(await accept(invitee.cookie, first?.id ?? 0, { rateBps: 1 }), 409, AffiliateResponseCode.invitationClosed);
    refused(await call("GET", apiUrl("affiliateLevel"), { cookie: invitee.cookie }), 403, "403");
    // The inviter lists only the new one.
    const sent = (await networkOf(s.affiliateCookie)).pendingInvitations.filter((i) => i.email === invitee.email);
    expect(sent.map((i) => [i.id, i.rateBps])).toEqual([[second?.id, 1]]);
  });

  it("an acceptance names the rate it accepts; other terms are refused and nothing is accepted", async () => {
    const invitee = await newUser();
    data(await invite(invitee.email, 3000));
    const [offer] = await offersOf(invitee.cookie);
    const id = offer?.id ?? 0;
    refused(
      await accept(invitee.cookie, id, { rateBps: 4000 }),
      409,
      AffiliateResponseCode.termsMismatch,
      `${SUB_TERMS_MISMATCH_MSG} (offered 3000 bps, accepted 4000 bps)`,
    );
    refused(await accept(invitee.cookie, id, {}), 400, "400", /^rateBps: /);
    refused(await accept(invitee.cookie, id, undefined), 400, "400");
    refused(await call("GET", apiUrl("affiliateLevel"), { cookie: invitee.cookie }), 403, "403");
    expect((await offersOf(invitee.cookie)).map((o) => o.id)).toEqual([id]);
    expect(data(await accept(invitee.cookie, id, { rateBps: 3000 }))).toEqual({ id, status: "accepted" });
    const level = affiliateLevelStatusSchema.parse(
      data(await call("GET", apiUrl("affiliateLevel"), { cookie: invitee.cookie })),
    );
    expect(level.rateBps).toBe(3000);
  });
});

describe(`after acceptance: rate offers and leaving (${DIALECT})`, () => {
  it("a rate change is an offer: fills earn the agreed rate until the sub accepts, then the new one", async () => {
    const sub = await subWithInvitee(3500);
    data(await feed([fill(sub.inviteeId, "spot", 1)]));
    expect(await lastFill(sub.inviteeId)).toMatchObject({ rateBps: 3500, commissionMicros: 350_000 });

    // The inviter lowers the rate to 5 %: the answer shows 35 % in force and the offer awaiting the sub.
    const patched = subAffiliateWithOfferSchema.parse(data(await patchSub(sub.userId, { rateBps: 500 })));
    expect(patched).toMatchObject({ rateBps: 3500, pendingOffer: { rateBps: 500 } });
    const listed = (await networkOf(s.affiliateCookie)).subAffiliates.find((x) => x.userId === sub.userId);
    expect(listed).toMatchObject({ rateBps: 3500, pendingOffer: { rateBps: 500 } });
    data(await feed([fill(sub.inviteeId, "spot", 1)]));
    expect(await lastFill(sub.inviteeId)).toMatchObject({
      rateBps: 3500,
      commissionMicros: 350_000,
      overrideUserId: AFFILIATE_ID,
      overrideMicros: 100_000,
    });

    // The sub sees the offer next to the rate in force, and accepts it by naming it.
    const { inviter } = await networkOf(sub.cookie);
    expect(inviter).toMatchObject({ inviterName: "Au***", rateBps: 3500, pendingOffer: { rateBps: 500 } });
    const offerId = inviter?.pendingOffer?.id ?? 0;
    refused(
      await call("POST", apiUrl("subRateOfferAccept", { id: offerId }), {
        cookie: sub.cookie,
        dy: true,
        body: { rateBps: 3500 },
      }),
      409,
      AffiliateResponseCode.termsMismatch,
    );
    // Nobody else answers it.
    refused(
      await call("POST", apiUrl("subRateOfferAccept", { id: offerId }), {
        cookie: s.affiliateCookie,
        dy: true,
        body: { rateBps: 500 },
      }),
      404,
      "404",
    );
    expect(
      subRateOfferDecisionSchema.parse(
        data(
          await call("POST", apiUrl("subRateOfferAccept", { id: offerId }), {
            cookie: sub.cookie,
            dy: true,
            body: { rateBps: 500 },
          }),
        ),
      ),
    ).toEqual({ id: offerId, status: "accepted", rateBps: 500 });
    data(await feed([fill(sub.inviteeId, "spot", 1)]));
    expect(await lastFill(sub.inviteeId)).toMatchObject({
      rateBps: 500,
      commissionMicros: 50_000,
      overrideMicros: 400_000,
    });
    expect((await networkOf(sub.cookie)).inviter).toMatchObject({ rateBps: 500, pendingOffer: null });
    expect((await networkOf(s.affiliateCookie)).subAffiliates.find((x) => x.userId === sub.userId)).toMatchObject({
      rateBps: 500,
      pendingOffer: null,
    });
  });

  it("a declined offer leaves the agreed rate in force; a note changes without consent; the agreed rate withdraws an offer", async () => {
    const sub = await subWithInvitee(3000);
    const noted = subAffiliateWithOfferSchema.parse(data(await patchSub(sub.userId, { note: "Newsletter" })));
    expect(noted).toMatchObject({ note: "Newsletter", rateBps: 3000, pendingOffer: null });

    data(await patchSub(sub.userId, { rateBps: 1000 }));
    const first = (await networkOf(sub.cookie)).inviter?.pendingOffer;
    // A second change replaces the first offer (one offer at a time); the agreed rate itself withdraws it.
    data(await patchSub(sub.userId, { rateBps: 2000 }));
    const second = (await networkOf(sub.cookie)).inviter?.pendingOffer;
    expect(second?.rateBps).toBe(2000);
    expect(second?.id).not.toBe(first?.id);
    refused(
      await call("POST", apiUrl("subRateOfferAccept", { id: first?.id ?? 0 }), {
        cookie: sub.cookie,
        dy: true,
        body: { rateBps: 1000 },
      }),
      409,
      AffiliateResponseCode.invitationClosed,
    );
    expect(subAffiliateWithOfferSchema.parse(data(await patchSub(sub.userId, { rateBps: 3000 })))).toMatchObject({
      rateBps: 3000,
      pendingOffer: null,
    });

    data(await patchSub(sub.userId, { rateBps: 100 }));
    const offer = (await networkOf(sub.cookie)).inviter?.pendingOffer;
    expect(
      data(await call("POST", apiUrl("subRateOfferDecline", { id: offer?.id ?? 0 }), { cookie: sub.cookie, dy: true })),
    ).toEqual({ id: offer?.id, status: "declined", rateBps: 3000 });
    refused(
      await call("POST", apiUrl("subRateOfferAccept", { id: offer?.id ?? 0 }), {
        cookie: sub.cookie,
        dy: true,
        body: { rateBps: 100 },
      }),
      409,
      AffiliateResponseCode.invitationClosed,
    );
    data(await feed([fill(sub.inviteeId, "futures", 2)]));
    expect(await lastFill(sub.inviteeId)).toMatchObject({
      rateBps: 3000,
      commissionMicros: 600_000,
      overrideMicros: 300_000,
    });
    expect((await networkOf(sub.cookie)).inviter).toMatchObject({ rateBps: 3000, pendingOffer: null });
  });

  it("a sub leaves on their own: their level's rate, no override for the former inviter on later fills, past lines kept", async () => {
    const sub = await subWithInvitee(2500);
    data(await feed([fill(sub.inviteeId, "spot", 1)]));
    const parentBefore = await linesOf(s.affiliateCookie, sub.inviteeId);
    expect(parentBefore).toHaveLength(1);
    expect(parentBefore[0]).toMatchObject({ source: "override", commissionUsdt: 0.2 });
    data(await patchSub(sub.userId, { rateBps: 100 }));
    const offer = (await networkOf(sub.cookie)).inviter?.pendingOffer;

    // Only a sub can leave: a top-level affiliate has no inviter.
    refused(await call("DELETE", apiUrl("subAffiliateLeave"), { cookie: s.affiliateCookie, dy: true }), 404, "404");
    const left = subAffiliateLeftSchema.parse(
      data(await call("DELETE", apiUrl("subAffiliateLeave"), { cookie: sub.cookie, dy: true })),
    );
    const ownLevel = affiliateLevelStatusSchema.parse(
      data(await call("GET", apiUrl("affiliateLevel"), { cookie: sub.cookie })),
    );
    expect(left).toEqual({ left: true, rateBps: ownLevel.spotRateBps });
    expect(ownLevel.rateBps).toBe(ownLevel.spotRateBps);
    expect((await networkOf(sub.cookie)).inviter).toBeNull();
    expect((await networkOf(s.affiliateCookie)).subAffiliates.some((x) => x.userId === sub.userId)).toBe(false);
    // The former inviter's pending offer died with the relationship.
    refused(
      await call("POST", apiUrl("subRateOfferAccept", { id: offer?.id ?? 0 }), {
        cookie: sub.cookie,
        dy: true,
        body: { rateBps: 100 },
      }),
      409,
      AffiliateResponseCode.invitationClosed,
    );
    refused(await call("DELETE", apiUrl("subAffiliateLeave"), { cookie: sub.cookie, dy: true }), 404, "404");

    data(await feed([fill(sub.inviteeId, "spot", 1)]));
    expect(await lastFill(sub.inviteeId)).toMatchObject({
      rateBps: ownLevel.spotRateBps,
      overrideUserId: null,
      overrideMicros: 0,
    });
    // The former inviter's line of the earlier fill is unchanged; the later fill added nothing to it.
    expect(await linesOf(s.affiliateCookie, sub.inviteeId)).toEqual(parentBefore);
  });
});

describe(`expiry (${DIALECT})`, () => {
  it(`an invitation expires ${SUB_INVITATION_VALID_DAYS} days after it is sent: listed as expired, not acceptable`, async () => {
    const invitee = await newUser();
    data(await invite(invitee.email, 2000));
    const [offer] = await offersOf(invitee.cookie);
    expect(offer?.expiresAt).toBe(new Date(s.clock + SUB_INVITATION_VALID_DAYS * DAY_MS).toISOString());
    const start = s.clock;
    s.clock += SUB_INVITATION_VALID_DAYS * DAY_MS;
    try {
      // Sessions last 7 days: both log in again at the later time.
      s.dy = await deviceToken(s.app);
      const inviteeCookie = sessionCookie(await login(s.app, invitee.email, PASSWORD));
      s.affiliateCookie = sessionCookie(await login(s.app, AFFILIATE.email, AFFILIATE.password));
      expect(await offersOf(inviteeCookie)).toEqual([{ ...offer, expired: true }]);
      const sent = (await networkOf(s.affiliateCookie)).pendingInvitations.find((i) => i.id === offer?.id);
      expect(sent).toMatchObject({ rateBps: 2000, expired: true });
      refused(
        await accept(inviteeCookie, offer?.id ?? 0, { rateBps: 2000 }),
        409,
        AffiliateResponseCode.invitationExpired,
        SUB_INVITATION_EXPIRED_MSG,
      );
      refused(await call("GET", apiUrl("affiliateLevel"), { cookie: inviteeCookie }), 403, "403");
      // Sent again, it is a new invitation with a new validity, which can be accepted.
      data(await invite(invitee.email, 2000));
      const [renewed] = await offersOf(inviteeCookie);
      expect(renewed?.id).not.toBe(offer?.id);
      expect(renewed?.expired).toBe(false);
      expect(data(await accept(inviteeCookie, renewed?.id ?? 0, { rateBps: 2000 }))).toEqual({
        id: renewed?.id,
        status: "accepted",
      });
    } finally {
      s.clock = start;
      s.dy = await deviceToken(s.app);
      s.affiliateCookie = sessionCookie(await login(s.app, AFFILIATE.email, AFFILIATE.password));
    }
  });
});
