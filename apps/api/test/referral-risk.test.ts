import { describe, expect, it } from "vitest";
import {
  DEVICE_TOKEN_APP_IDS,
  affiliateCommissionPageSchema,
  adminRiskFlagListSchema,
  adminRiskResolveResultSchema,
  affiliatePayoutsSchema,
  experienceCardSchema,
  inviteePageSchema,
  subInvitationOfferListSchema,
  type AdminRiskFlag,
} from "@affiliates/contracts";
import { addDays } from "../src/platform/lib/days";
import { isDisposableEmail, networkOf, normalisedEmail } from "../src/domains/risk/signals";
import { okData as data, refused } from "./helpers/envelope-assertions";
import { referralLoopSuite } from "./helpers/referral-loop";
import { AFFILIATE, DIALECT, deviceToken, fingerprintOf, login, sessionCookie } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/**
 * Self-referral risk checks (issue 32 finding 2, README "Risk checks"): an invitee is compared with the inviter at
 * sign-up and at binding. The inviter's session or device refuses; the inviter's IP or network, the inviter's
 * normalised email or a disposable domain attributes but holds the commission until an operator releases or voids it.
 * The demo affiliate (8012345678, link aurora10) logs in from 127.0.0.1 on its own device (fingerprintOf).
 */
const AFFILIATE_ID = "8012345678";
const SAME_HOLDER = "10030";

const s = referralLoopSuite();
const { call, registerWith, feed, fill, today } = s;

/** The invitee row of one user (searched by the exact user id: seeded invitees may share a masked id). */
const inviteeOf = async (cookie: string, userId: string | undefined) => {
  const page = inviteePageSchema.parse(data(await call("GET", apiUrl("invitees", { search: userId }), { cookie })));
  expect(page.items).toHaveLength(1);
  return page.items[0];
};
/** The affiliate's commission lines of one invitee on `day`. */
const linesOf = async (userId: string | undefined, day: string) => {
  const invitee = await inviteeOf(s.affiliateCookie, userId);
  const page = affiliateCommissionPageSchema.parse(
    data(
      await call("GET", apiUrl("commissions", { from: day, to: day, pageSize: 100 }), { cookie: s.affiliateCookie }),
    ),
  );
  return page.items.filter((i) => i.inviteeId === invitee?.id);
};
const openFlags = async (): Promise<AdminRiskFlag[]> =>
  adminRiskFlagListSchema.parse(data(await call("GET", apiUrl("adminRiskFlags"), { admin: true }))).flags;
const flagOf = async (userId: string | undefined): Promise<AdminRiskFlag> => {
  const flag = (await openFlags()).find((f) => f.userId === userId);
  if (!flag) throw new Error(`no open flag for ${userId}`);
  return flag;
};
const balanceOf = async (cookie: string) =>
  affiliatePayoutsSchema.parse(data(await call("GET", apiUrl("payouts"), { cookie }))).balanceUsdt;
const ledgerRows = async (userId: string) =>
  s.app.db.selectFrom("affiliate_ledger").selectAll().where("user_id", "=", userId).orderBy("id").execute();
const settle = async (day: string) => data(await call("POST", apiUrl("adminSettle", { day }), { admin: true }));
/** The affiliate logs in again with a new device token: the one their browser now holds (its dy_token cookie). */
const affiliateBrowserToken = async (): Promise<string> => {
  const token = await deviceToken(s.app, fingerprintOf(AFFILIATE.email));
  s.affiliateCookie = sessionCookie(await login(s.app, AFFILIATE.email, AFFILIATE.password, { "dy-token": token }));
  return token;
};
/** A user with no inviter yet, registered on `dy`'s device from `ip` (the register page without a code). */
const plainAccount = (as: { dy?: string; ip?: string; email?: string } = {}) => registerWith("", {}, as);

describe("the signals, normalised (unit)", () => {
  it("emails: lower case, +tags dropped everywhere, dots dropped where Gmail ignores them; disposable domains listed", () => {
    expect(normalisedEmail(" Jane.Doe+promo@GoogleMail.com ")).toBe("janedoe@gmail.com");
    expect(normalisedEmail("j.a.n.e.doe@gmail.com")).toBe("janedoe@gmail.com");
    expect(normalisedEmail("first.last+x@example.com")).toBe("first.last@example.com");
    expect(normalisedEmail("First.Last@Example.com")).not.toBe(normalisedEmail("firstlast@example.com"));
    expect(isDisposableEmail("someone@mailinator.com")).toBe(true);
    expect(isDisposableEmail("someone@mx.mailinator.com")).toBe(true);
    expect(isDisposableEmail("someone@gmail.com")).toBe(false);
  });

  it("networks: /24 for IPv4 (mapped too), /64 for IPv6 however it is written", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.5")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:0:12::1")).toBe(networkOf("2001:0db8:0000:0012:ffff:1:2:3"));
    expect(networkOf("2001:db8:0:12::1")).not.toBe(networkOf("2001:db8:0:13::1"));
  });
});

describe(`self-referral at sign-up (${DIALECT})`, () => {
  it("a second account through one's own link in the browser still logged in as the affiliate is refused", async () => {
    const own = await registerWith("aurora10", { refresh_token: s.affiliateCookie }, { ip: "198.51.100.20" });
    expect(own.response.statusCode).toBe(409);
    expect(own.response.body).toContain("you cannot invite yourself");
    // Nothing was created, and the affiliate's session was left alone.
    expect(own.userId).toBeUndefined();
    expect(own.response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
  });

  it("a second account with the device token the affiliate's browser holds is refused, also after a renewal", async () => {
    const browserToken = await affiliateBrowserToken();
    const own = await registerWith("aurora10", {}, { dy: browserToken, ip: "198.51.100.21" });
    expect(own.response.statusCode).toBe(409);
    expect(own.response.body).toContain("you cannot invite yourself");
    expect(own.userId).toBeUndefined();
    // The logged-in browser renews its token (every 1200 s): the new one is the affiliate's too.
    const renewed = await s.app.inject({
      method: "POST",
      url: apiUrl("deviceTokenIssue"),
      cookies: { refresh_token: s.affiliateCookie },
      payload: { appId: DEVICE_TOKEN_APP_IDS.test, fingerprint: fingerprintOf(AFFILIATE.email) },
    });
    const { token } = data(renewed) as { token: string };
    const again = await registerWith("aurora10", {}, { dy: token, ip: "198.51.100.22" });
    expect(again.response.statusCode).toBe(409);
    expect(again.userId).toBeUndefined();
  });

  it("the affiliate's kind of device (same fingerprint, another browser's token): attributed and held", async () => {
    const likeTheAffiliates = await deviceToken(s.app, fingerprintOf(AFFILIATE.email));
    const held = await registerWith("aurora10", {}, { dy: likeTheAffiliates, ip: "198.51.100.23" });
    expect(held.response.statusCode, held.response.body).toBe(303);
    expect((await flagOf(held.userId)).reasons).toEqual(["same_device"]);
    expect(await inviteeOf(s.affiliateCookie, held.userId)).toMatchObject({
      hold: { status: "under_review", reason: "shared_device" },
    });
  });

  it("same IP: attributed and held; its lines do not settle until released; release → they settle", async () => {
    const yesterday = addDays(today(), -1);
    const held = await registerWith("aurora10", {}, { ip: "127.0.0.1" });
    expect(held.response.statusCode, held.response.body).toBe(303);
    expect(await inviteeOf(s.affiliateCookie, held.userId)).toMatchObject({
      linkCode: "aurora10",
      hold: { status: "under_review", reason: "shared_network" },
    });
    expect((await flagOf(held.userId)).reasons).toEqual(["same_ip"]);

    const before = await balanceOf(s.affiliateCookie);
    data(await feed([fill(held.userId ?? "", "spot", 10, { notional: 10_000, time: `${yesterday}T09:00:00.000Z` })]));
    await settle(yesterday);
    const [line] = await linesOf(held.userId, yesterday);
    expect(line).toMatchObject({ status: "pending", hold: { status: "under_review", reason: "shared_network" } });
    expect(await balanceOf(s.affiliateCookie)).toBe(before);

    const flag = await flagOf(held.userId);
    expect(flag.unsettledUsdt).toBe(line?.commissionUsdt);
    const released = adminRiskResolveResultSchema.parse(
      data(
        await call("POST", apiUrl("adminRiskRelease", { id: flag.id }), {
          admin: true,
          body: { reason: "checked: a flatmate" },
        }),
      ),
    );
    expect(released.flag).toMatchObject({ status: "released", resolutionNote: "checked: a flatmate" });
    expect(await inviteeOf(s.affiliateCookie, held.userId)).toMatchObject({ hold: null });
    // An unknown flag is a 404, a reason too short a 400 naming the field.
    refused(
      await call("POST", apiUrl("adminRiskRelease", { id: 999_999 }), { admin: true, body: { reason: "fine" } }),
      404,
      "404",
    );
    refused(
      await call("POST", apiUrl("adminRiskVoid", { id: flag.id }), { admin: true, body: { reason: "" } }),
      400,
      "400",
      /^reason: /,
    );
    // Released once: a second decision is refused.
    refused(
      await call("POST", apiUrl("adminRiskRelease", { id: flag.id }), { admin: true, body: { reason: "again" } }),
      409,
      "10033",
    );
    await settle(yesterday);
    const [after] = await linesOf(held.userId, yesterday);
    expect(after).toMatchObject({ status: "settled", hold: null });
    expect(await balanceOf(s.affiliateCookie)).toBeCloseTo(before + (line?.commissionUsdt ?? 0), 2);
  });

  it("same /24 network: held; void → its pending lines become void and are never paid", async () => {
    const yesterday = addDays(today(), -1);
    const held = await registerWith("aurora10", {}, { ip: "127.0.0.88" });
    expect(held.response.statusCode, held.response.body).toBe(303);
    expect((await flagOf(held.userId)).reasons).toEqual(["same_network"]);
    data(await feed([fill(held.userId ?? "", "futures", 5, { notional: 10_000, time: `${yesterday}T11:00:00.000Z` })]));
    const before = await balanceOf(s.affiliateCookie);
    const flag = await flagOf(held.userId);
    const voided = adminRiskResolveResultSchema.parse(
      data(
        await call("POST", apiUrl("adminRiskVoid", { id: flag.id }), {
          admin: true,
          body: { reason: "same person, second account" },
        }),
      ),
    );
    expect(voided).toMatchObject({ flag: { status: "voided" }, voidedLines: 1, reversedUsdt: 0 });
    await settle(yesterday);
    const [line] = await linesOf(held.userId, yesterday);
    expect(line).toMatchObject({ status: "void", hold: { status: "voided", reason: "shared_network" } });
    expect(await balanceOf(s.affiliateCookie)).toBe(before);
    // A later fill of a voided invitee does not settle either.
    data(await feed([fill(held.userId ?? "", "spot", 5, { notional: 10_000, time: `${yesterday}T12:00:00.000Z` })]));
    await settle(yesterday);
    expect(await balanceOf(s.affiliateCookie)).toBe(before);
  });

  it("void after a release takes the settled commission back with a reversing entry; the ledger only grows", async () => {
    const yesterday = addDays(today(), -1);
    const held = await registerWith("aurora10", {}, { ip: "127.0.0.1" });
    const flag = await flagOf(held.userId);
    const before = await balanceOf(s.affiliateCookie);
    data(await feed([fill(held.userId ?? "", "spot", 20, { notional: 10_000, time: `${yesterday}T13:00:00.000Z` })]));
    data(
      await call("POST", apiUrl("adminRiskRelease", { id: flag.id }), { admin: true, body: { reason: "looked fine" } }),
    );
    await settle(yesterday);
    const [line] = await linesOf(held.userId, yesterday);
    expect(line?.status).toBe("settled");
    const paid = line?.commissionUsdt ?? 0;
    expect(paid).toBeGreaterThan(0);
    expect(await balanceOf(s.affiliateCookie)).toBeCloseTo(before + paid, 2);
    const ledgerBefore = await ledgerRows(AFFILIATE_ID);

    const voided = adminRiskResolveResultSchema.parse(
      data(
        await call("POST", apiUrl("adminRiskVoid", { id: flag.id }), {
          admin: true,
          body: { reason: "found out: one person" },
        }),
      ),
    );
    expect(voided).toMatchObject({ flag: { status: "voided" }, voidedLines: 0, reversedUsdt: paid });
    expect(await balanceOf(s.affiliateCookie)).toBeCloseTo(before, 2);
    const ledgerAfter = await ledgerRows(AFFILIATE_ID);
    // Every earlier entry is unchanged; one negative void entry was added.
    expect(ledgerAfter.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    expect(
      ledgerAfter.slice(ledgerBefore.length).map((e) => ({ ...e, amount_cents: Number(e.amount_cents) })),
    ).toMatchObject([{ kind: "void", amount_cents: Math.round(-paid * 100), trade_day: yesterday }]);
    refused(
      await call("POST", apiUrl("adminRiskVoid", { id: flag.id }), { admin: true, body: { reason: "again" } }),
      409,
      "10033",
    );
  });

  it("the inviter's mailbox (+tag, Gmail dots) or a disposable domain: attributed and held", async () => {
    const tagged = await registerWith("aurora10", {}, { email: `affiliate+${DIALECT}second@example.com` });
    expect(tagged.response.statusCode, tagged.response.body).toBe(303);
    expect((await flagOf(tagged.userId)).reasons).toEqual(["same_email"]);
    expect(await inviteeOf(s.affiliateCookie, tagged.userId)).toMatchObject({
      hold: { status: "under_review", reason: "linked_email" },
    });

    const throwaway = await registerWith("aurora10", {}, { email: `loop-${DIALECT}@mailinator.com` });
    expect(throwaway.response.statusCode, throwaway.response.body).toBe(303);
    expect((await flagOf(throwaway.userId)).reasons).toEqual(["disposable_email"]);
    expect(await inviteeOf(s.affiliateCookie, throwaway.userId)).toMatchObject({
      hold: { status: "under_review", reason: "disposable_email" },
    });

    // A Gmail affiliate: the dots and the +tag of a Googlemail address reach the same inbox.
    const gmail = await plainAccount({ email: `jane.doe.${DIALECT}@gmail.com` });
    const gmailCookie = gmail.cookie ?? "";
    const link = await s.approvedAffiliate(gmailCookie, gmail.email, `jane${DIALECT.slice(0, 3)}`);
    const second = await registerWith(link.code, {}, { email: `janedoe${DIALECT}+2@googlemail.com` });
    expect(second.response.statusCode, second.response.body).toBe(303);
    expect((await flagOf(second.userId)).reasons).toEqual(["same_email"]);

    // Someone else entirely: no flag.
    const stranger = await registerWith("aurora10");
    expect(stranger.response.statusCode).toBe(303);
    expect(await inviteeOf(s.affiliateCookie, stranger.userId)).toMatchObject({ hold: null });
    expect((await openFlags()).some((f) => f.userId === stranger.userId)).toBe(false);
  });
});

describe(`self-referral at binding, cards and sub-invitations (${DIALECT})`, () => {
  it("binding one's own code later: the affiliate's browser refuses, the affiliate's IP holds", async () => {
    const sameDevice = await affiliateBrowserToken();
    // Registered on another device and network, then binding from the affiliate's device.
    const second = await plainAccount();
    const bind = (cookie: string, dy: string, ip: string) =>
      s.app.inject({
        method: "POST",
        url: apiUrl("referrerBind"),
        remoteAddress: ip,
        headers: { "content-type": "application/json", "dy-token": dy },
        cookies: { refresh_token: cookie },
        payload: JSON.stringify({ code: "aurora10" }),
      });
    refused(await bind(second.cookie ?? "", sameDevice, "198.51.100.40"), 409, SAME_HOLDER);
    // An account registered in the affiliate's browser is refused from any browser later.
    const registeredThere = await plainAccount({ dy: sameDevice, ip: "198.51.100.41" });
    const elsewhere = await deviceToken(s.app, `elsewhere-${DIALECT}-0123456789`);
    refused(await bind(registeredThere.cookie ?? "", elsewhere, "198.51.100.42"), 409, SAME_HOLDER);

    const onNetwork = await plainAccount();
    const other = await deviceToken(s.app, `bind-device-${DIALECT}-0123456789`);
    const bound = await bind(onNetwork.cookie ?? "", other, "127.0.0.1");
    expect(bound.statusCode, bound.body).toBe(200);
    expect((await flagOf(onNetwork.userId)).reasons).toEqual(["same_ip"]);
  });

  it("the affiliate's second account cannot claim the affiliate's experience card; a stranger can", async () => {
    const issue = async () =>
      experienceCardSchema.parse(
        data(
          await call("POST", apiUrl("cardIssue"), { cookie: s.affiliateCookie, body: { amountUsdt: 10 }, dy: true }),
        ),
      ).code;
    data(
      await call("PUT", apiUrl("adminCardQuota", { userId: AFFILIATE_ID }), {
        admin: true,
        body: { monthlyQuota: 1000 },
      }),
    );
    const claim = (code: string, cookie: string, dy: string) =>
      s.app.inject({
        method: "POST",
        url: apiUrl("cardClaim", { code }),
        remoteAddress: "198.51.100.60",
        headers: { "dy-token": dy },
        cookies: { refresh_token: cookie },
      });
    const code = await issue();
    // In the affiliate's browser.
    const sameDevice = await affiliateBrowserToken();
    const second = await plainAccount();
    refused(await claim(code, second.cookie ?? "", sameDevice), 409, SAME_HOLDER);
    // Another device, but the affiliate's own inbox (+tag).
    const tagged = await plainAccount({ email: `affiliate+cards${DIALECT}@example.com` });
    const taggedDevice = await deviceToken(s.app, `tagged-device-${DIALECT}-0123456789`);
    refused(await claim(code, tagged.cookie ?? "", taggedDevice), 409, SAME_HOLDER);
    // Someone else on their own device claims it.
    const stranger = await plainAccount();
    const strangerDevice = await deviceToken(s.app, `stranger-device-${DIALECT}-0123456789`);
    const claimed = await claim(code, stranger.cookie ?? "", strangerDevice);
    expect(claimed.statusCode, claimed.body).toBe(200);
  });

  it("an affiliate cannot take their own second account as a sub-affiliate", async () => {
    const invitee = await plainAccount({ email: `affiliate+sub${DIALECT}@example.com` });
    data(
      await call("POST", apiUrl("subAffiliateInvite"), {
        cookie: s.affiliateCookie,
        dy: true,
        body: { email: invitee.email, rateBps: 500 },
      }),
    );
    const [offer] = subInvitationOfferListSchema.parse(
      data(await call("GET", apiUrl("subInvitationOffers"), { cookie: invitee.cookie ?? "" })),
    ).offers;
    const accept = await s.app.inject({
      method: "POST",
      url: apiUrl("subInvitationAccept", { id: offer?.id ?? 0 }),
      remoteAddress: "198.51.100.70",
      headers: { "dy-token": await deviceToken(s.app, `sub-device-${DIALECT}-0123456789`) },
      cookies: { refresh_token: invitee.cookie ?? "" },
      // Acceptance names the terms seen (sub-affiliate consent).
      payload: { rateBps: offer?.rateBps ?? 500 },
    });
    refused(accept, 409, SAME_HOLDER);
  });

  it("logins are remembered as sightings: IP, network and a hash of the device, never the fingerprint", async () => {
    const response = await login(s.app, AFFILIATE.email, AFFILIATE.password);
    sessionCookie(response);
    const rows = await s.app.db.selectFrom("user_sightings").selectAll().where("user_id", "=", AFFILIATE_ID).execute();
    expect(rows).toContainEqual(expect.objectContaining({ ip: "127.0.0.1", network: "127.0.0.0/24" }));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.device))).toBe(true);
    expect(rows.some((r) => r.device.includes(fingerprintOf(AFFILIATE.email)))).toBe(false);
  });
});
