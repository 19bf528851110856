import { describe, expect, it } from "vitest";
import { apiUrl, routeTitle } from "./helpers/api-url";

describe("apiUrl: the tests' URLs from the endpoint table", () => {
  it("is the entry's path under /, its parameters filled and encoded", () => {
    expect(apiUrl("login")).toBe("/v1/user/login");
    expect(apiUrl("linkUpdate", { id: 7 })).toBe("/v1/affiliate/links/7");
    expect(apiUrl("cardClaim", { code: "A/B" })).toBe("/v1/affiliate/cards/claim/A%2FB");
  });

  it("encodes a query given as fields, leaving out undefined ones and the ? of an empty query", () => {
    expect(apiUrl("invitees", { search: "80**78 x&y", page: 2, linkId: undefined })).toBe(
      "/v1/affiliate/invitees?search=80**78+x%26y&page=2",
    );
    expect(apiUrl("adminAffiliateApplications", { status: "pending", limit: 1 })).toBe(
      "/v1/admin/affiliate/applications?status=pending&limit=1",
    );
    expect(apiUrl("links", {})).toBe("/v1/affiliate/links");
    expect(apiUrl("adminAirdropParticipants", { id: "a b" }, { x: true })).toBe(
      "/v1/admin/vip/airdrops/a%20b/participants?x=true",
    );
  });

  it("sends a query given as a string exactly as written (tables of malformed queries)", () => {
    expect(apiUrl("adminSupportMessages", "limit=1&limit=2")).toBe("/v1/admin/support/messages?limit=1&limit=2");
    expect(apiUrl("vipGuide", "locale=%3Cscript%3E")).toBe("/v1/vip/guide?locale=%3Cscript%3E");
    expect(apiUrl("vipGuide", "")).toBe("/v1/vip/guide");
  });

  it("throws on a missing path parameter instead of calling …/undefined", () => {
    expect(() => apiUrl("subInvitationAccept", { id: undefined })).toThrow(
      'subInvitationAccept: path parameter "id" is missing',
    );
  });
});

describe("routeTitle: test titles from the endpoint table", () => {
  it("is the entry's name, method and path under /, its parameters left as :name", () => {
    expect(routeTitle("vipStatus")).toBe("vipStatus (GET /v1/vip/me)");
    expect(routeTitle("login")).toBe("login (POST /v1/user/login)");
    expect(routeTitle("sentryTunnel")).toBe("sentryTunnel (POST /v1/sentry/:projectId)");
  });
});
