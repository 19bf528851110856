import { ENDPOINTS, type EndpointName } from "@affiliates/contracts/endpoints";
import type { ErrorCode } from "./errors";

/**
 * The business errors each endpoint answers beyond those its table entry implies (endpointErrorKinds adds those:
 * input, session, access, device token, rate limit). One list per endpoint name, complete by type: a new entry of the
 * table fails the type check until it says what it can refuse. The OpenAPI document declares them with their codes;
 * test/endpoint-errors.test.ts checks that every kind a domain throws is declared by one of its endpoints.
 */
export const ENDPOINT_ERRORS = {
  register: ["email_taken", "weak_password"],
  login: ["invalid_credentials"],
  logout: [],
  userInfo: [],

  domainConfig: [],
  clientCommonConfig: [],
  deviceTokenIssue: [],
  riskLogReport: [],
  analyticsIngest: ["forbidden"],
  supportMessage: [],
  sentryTunnel: ["forbidden"],

  vipFeeSchedule: [],
  vipProgramme: [],
  vipGuide: [],
  vipStatus: [],
  vipAirdrops: [],
  vipAirdropJoin: ["not_found", "vip_level_too_low", "airdrop_not_live"],

  brokerProgramme: [],
  marketMakerProgramme: [],
  institutionalProgramme: [],
  incubationProgramme: [],
  partnerApply: ["application_exists"],
  myPartnerApplication: [],

  affiliateProgramme: [],
  cardClaimView: ["not_found"],
  cardClaim: ["not_found", "forbidden", "card_not_claimable"],
  affiliateApply: ["application_exists"],
  myAffiliateApplication: [],
  subInvitationOffers: [],
  subInvitationAccept: ["not_found", "invitation_closed", "invitation_expired", "terms_mismatch", "already_affiliate"],
  subInvitationDecline: ["not_found", "invitation_closed"],
  referrerBind: ["not_found", "link_archived", "self_referral", "same_account_holder", "inviter_fixed"],

  affiliateSummary: [],
  affiliateLevel: [],
  links: [],
  linkCreate: ["link_code_taken"],
  linkUpdate: ["not_found", "link_code_taken"],
  invitees: [],
  inviteesCsv: [],
  commissions: [],
  commissionsCsv: [],
  payouts: [],
  payoutWithdraw: ["payout_below_minimum"],
  subAffiliates: [],
  subAffiliateInvite: ["already_affiliate"],
  subAffiliateUpdate: ["not_found"],
  subAffiliateEnd: ["not_found"],
  subInvitationWithdraw: ["not_found", "invitation_closed"],
  subRateOfferAccept: ["not_found", "invitation_closed", "terms_mismatch"],
  subRateOfferDecline: ["not_found", "invitation_closed"],
  subAffiliateLeave: ["not_found"],
  cards: [],
  cardIssue: ["not_found", "card_quota_exceeded"],

  adminHealth: [],
  adminSupportMessages: [],
  adminErrors: [],
  adminAnalyticsEvents: [],
  adminAnalyticsSwitch: [],
  adminTrades: [],
  adminSettle: [],
  adminReviewLevels: [],
  adminAffiliateApplications: [],
  adminAffiliateDecision: ["not_found", "application_decided"],
  adminCardQuota: ["not_found"],
  adminRiskFlags: [],
  adminRiskRelease: ["not_found", "risk_flag_resolved"],
  adminRiskVoid: ["not_found", "risk_flag_resolved"],
  adminAirdropParticipants: ["not_found"],
  adminPartnerApplications: [],
} as const satisfies Record<EndpointName, readonly ErrorCode[]>;

/** Methods whose requests carry a body (Fastify parses one): the body's limit and media type apply. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every error an endpoint can answer: the generic ones its table entry implies, then its business errors.
 * - any call: 400 (a malformed URL, an unknown query parameter, or its input), 429, 431 and 500;
 * - a method with a body: 413 and 415, and 403 for a cross-site request (the same-origin check);
 * - `login`/`affiliate`: 401 without a live session; `affiliate`: 403 for an account that is no approved affiliate;
 * - `admin`: 403 without the operators' token; `dyToken`: 403 22001 without a live device token.
 */
export function endpointErrorKinds(name: EndpointName): ErrorCode[] {
  const { method, access, dyToken } = ENDPOINTS[name];
  const kinds = new Set<ErrorCode>(["bad_request"]);
  if (BODY_METHODS.has(method)) {
    kinds.add("payload_too_large");
    kinds.add("unsupported_media_type");
    kinds.add("forbidden");
  }
  if (access === "login" || access === "affiliate") {
    kinds.add("no_session");
    kinds.add("invalid_token");
  }
  if (access === "affiliate" || access === "admin") kinds.add("forbidden");
  if (dyToken) kinds.add("device_token_refused");
  for (const kind of ENDPOINT_ERRORS[name]) kinds.add(kind);
  for (const kind of ["rate_limited", "headers_too_large", "internal"] as const) kinds.add(kind);
  return [...kinds];
}
