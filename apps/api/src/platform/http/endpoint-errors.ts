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
  invitees: ["not_found"],
  inviteesCsv: ["not_found"],
  commissions: [],
  commissionsCsv: [],
  payouts: [],
  statement: [],
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
  adminLedgerAdjustment: ["not_found"],
  adminRiskFlags: [],
  adminRiskRelease: ["not_found", "risk_flag_resolved"],
  adminRiskVoid: ["not_found", "risk_flag_resolved"],
  adminAirdropParticipants: ["not_found"],
  adminPartnerApplications: [],
} as const satisfies Record<EndpointName, readonly ErrorCode[]>;

/** A rule over several fields, the stored state or the clock, which no schema can state: 400 when broken. */
export interface EndpointRule {
  readonly rule: string;
  /** The refusal's message (`msg` of the 400). */
  readonly refusal: RegExp;
}

const RANGE_RULES: readonly EndpointRule[] = [
  { rule: "`from` is on or before `to`", refusal: /^from: must be on or before to$/ },
  { rule: "`to` is not after today (UTC)", refusal: /^to: must not be in the future$/ },
  { rule: "the range spans at most 366 days", refusal: /^from: the range must not exceed \d+ days$/ },
];
const SUB_RATE_RULE: EndpointRule = {
  rule: "`rateBps` is below the affiliate's own rate",
  refusal: /^rateBps: must be below your own rate$/,
};

/**
 * The 400s a request valid by its schemas can still get, stated in the document (`x-rules` of the operation and its
 * 400's description) so that a client knows them before it meets them.
 */
export const ENDPOINT_RULES: Partial<Record<EndpointName, readonly EndpointRule[]>> = {
  register: [
    {
      rule: "the password is not too easy to guess (zxcvbn score 3 or more)",
      refusal: /^password: too easy to guess/,
    },
  ],
  affiliateSummary: RANGE_RULES,
  links: RANGE_RULES,
  commissions: RANGE_RULES,
  commissionsCsv: RANGE_RULES,
  linkCreate: [
    { rule: "at most so many active links", refusal: /^links: at most \d+ active links; archive one first$/ },
  ],
  subAffiliateInvite: [
    SUB_RATE_RULE,
    { rule: "not one's own address", refusal: /^email: you cannot invite yourself$/ },
  ],
  subAffiliateUpdate: [SUB_RATE_RULE],
  adminLedgerAdjustment: [
    {
      rule: "a debit does not take the balance below 0",
      refusal: /^amountUsdt: would take the balance of .* below 0$/,
    },
    {
      rule: "a reference booked before comes with the same amount and reason",
      refusal: /^reference: already booked with another amount or reason$/,
    },
  ],
  adminTrades: [
    {
      rule: "each fill's fee is at most its market's maximum rate of the notional",
      refusal: /^trades\.\d+\.fee: .* is above the .* maximum of .*$/,
    },
    {
      rule: "each fill's time is inside the accepted window around now",
      refusal: /^trades\.\d+\.time: .* is outside the accepted window/,
    },
  ],
};

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
