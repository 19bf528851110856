import { describe, expect, it } from "vitest";
import { AffiliateResponseCode, SUB_AFFILIATE_RATE_TOO_HIGH_MSG } from "@affiliates/contracts";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import { HttpError } from "@affiliates/http";
import {
  percentToBps,
  subAffiliateRefusal,
  subOfferRefusal,
  subRateProblem,
} from "../src/components/network/sub-affiliate-rules";

const refusal = (code: string, msg: string) =>
  new HttpError({
    code,
    msg,
    kind: "business",
    url: `/${ENDPOINTS.subAffiliateInvite.path}`,
    method: ENDPOINTS.subAffiliateInvite.method,
  });

describe("sub-affiliate rules", () => {
  it("an invitation's rate is strictly between 0 and one's own rate (the percent the form shows)", () => {
    const own = 4500;
    expect(subRateProblem(0, own)).toBe("aboveZero");
    expect(subRateProblem(0.001, own)).toBe("aboveZero"); // rounds to 0 bps
    expect(subRateProblem(0.01, own)).toBeNull();
    expect(subRateProblem(44.99, own)).toBeNull();
    expect(subRateProblem(45, own)).toBe("belowOwn");
    expect(subRateProblem(50, own)).toBe("belowOwn");
    expect(subRateProblem(-1, own)).toBe("aboveZero");
    expect(subRateProblem(undefined, own)).toBeNull(); // empty: the required rule speaks
    expect(subRateProblem(null, own)).toBeNull();
  });

  it("a change of an existing partner's rate may be 0, never one's own rate or above", () => {
    expect(subRateProblem(0, 4500, true)).toBeNull();
    expect(subRateProblem(45, 4500, true)).toBe("belowOwn");
    expect(percentToBps(12.5)).toBe(1250);
  });

  it("names the inviter's known refusals, and never a missing account", () => {
    expect(subAffiliateRefusal(refusal("400", SUB_AFFILIATE_RATE_TOO_HIGH_MSG))).toBe("rateTooHigh");
    expect(subAffiliateRefusal(refusal("400", "email: you cannot invite yourself"))).toBe("cannotInviteSelf");
    expect(subAffiliateRefusal(refusal(AffiliateResponseCode.invitationClosed, "invitation: no longer open"))).toBe(
      "invitationClosed",
    );
    expect(subAffiliateRefusal(refusal("404", "email: no such user"))).toBeNull();
    expect(subAffiliateRefusal(new Error("boom"))).toBeNull();
  });

  it("names the refusals of an answer to an offer: closed (10013), already an affiliate (10006), expired (10032), other terms (10031)", () => {
    expect(subOfferRefusal(refusal(AffiliateResponseCode.invitationClosed, "invitation: no longer open"))).toBe(
      "closed",
    );
    expect(
      subOfferRefusal(refusal(AffiliateResponseCode.alreadyAffiliate, "invitation: you already are an affiliate")),
    ).toBe("alreadyAffiliate");
    expect(subOfferRefusal(refusal(AffiliateResponseCode.invitationExpired, "invitation: expired"))).toBe("expired");
    expect(
      subOfferRefusal(refusal(AffiliateResponseCode.termsMismatch, "rateBps: does not match the offer's terms")),
    ).toBe("termsChanged");
    expect(subOfferRefusal(refusal("404", "invitation: not found"))).toBeNull();
    expect(subOfferRefusal("10013")).toBeNull();
  });
});
