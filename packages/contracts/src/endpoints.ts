// The whole table: the calls the web makes (app-endpoints.ts, which the browser loads) and the operators' ones.
import {
  APP_ENDPOINTS,
  envelopeGet,
  fillPath,
  type EndpointSpec,
  type PathArgs,
  type PathParams,
} from "./app-endpoints";

export * from "./app-endpoints";

/**
 * Every call under /v1: the web client, the API's routes, the tests and the OpenAPI document derive from this table.
 * The web's calls are APP_ENDPOINTS; the operators' (`x-admin-token`) are only here.
 */
export const ENDPOINTS = {
  ...APP_ENDPOINTS,
  // ------------------------------------------------------------ operators (x-admin-token)
  adminHealth: envelopeGet("v1/admin/health", "admin"),
  adminSupportMessages: envelopeGet("v1/admin/support/messages", "admin", "query"),
  adminErrors: envelopeGet("v1/admin/errors", "admin", "query"),
  adminAnalyticsEvents: envelopeGet("v1/admin/analytics/events", "admin", "query"),
  adminAnalyticsSwitch: {
    method: "PUT",
    path: "v1/admin/analytics/switch",
    access: "admin",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  adminTrades: {
    method: "POST",
    path: "v1/admin/trades",
    access: "admin",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  adminSettle: {
    method: "POST",
    path: "v1/admin/settle",
    access: "admin",
    dyToken: false,
    input: "query",
    format: "envelope",
  },
  adminReviewLevels: {
    method: "POST",
    path: "v1/admin/affiliate/review-levels",
    access: "admin",
    dyToken: false,
    input: "query",
    format: "envelope",
  },
  adminAffiliateApplications: envelopeGet("v1/admin/affiliate/applications", "admin", "query"),
  adminAffiliateDecision: {
    method: "POST",
    path: "v1/admin/affiliate/applications/:id/decision",
    access: "admin",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  adminCardQuota: {
    method: "PUT",
    path: "v1/admin/affiliate/card-quota/:userId",
    access: "admin",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  /** Books a credit or debit in an affiliate's ledger with its reason; idempotent by the operator's reference. */
  adminLedgerAdjustment: {
    method: "POST",
    path: "v1/admin/affiliate/adjustments",
    access: "admin",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  /** Self-referral risk flags (README "Risk checks"): the open ones with their reasons, newest first. */
  adminRiskFlags: envelopeGet("v1/admin/risk/flags", "admin", "query"),
  /** Releases a held invitee: their lines settle at the next run. */
  adminRiskRelease: {
    method: "POST",
    path: "v1/admin/risk/flags/:id/release",
    access: "admin",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  /** Voids a held invitee: unsettled lines become void, settled ones are reversed in the ledger. */
  adminRiskVoid: {
    method: "POST",
    path: "v1/admin/risk/flags/:id/void",
    access: "admin",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  adminAirdropParticipants: envelopeGet("v1/admin/vip/airdrops/:id/participants", "admin"),
  adminPartnerApplications: envelopeGet("v1/admin/partners/applications", "admin", "query"),
} as const satisfies Record<string, EndpointSpec>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** The path parameters an endpoint takes: `{ id: 7 }` for `v1/affiliate/links/:id`. */
export type EndpointParams<N extends EndpointName> = PathParams<Endpoints[N]["path"]>;

/** The arguments of `endpointPath` after the name: the parameters when the path has any, else nothing. */
export type EndpointPathArgs<N extends EndpointName> = PathArgs<Endpoints[N]["path"]>;

/**
 * The path of a call with its parameters filled, URI-encoded: `endpointPath("linkUpdate", { id: 7 })` →
 * `v1/affiliate/links/7`. Throws on a missing or empty parameter (a bug of the caller, never user input).
 */
export function endpointPath<N extends EndpointName>(name: N, ...args: EndpointPathArgs<N>): string {
  return fillPath(name, ENDPOINTS[name].path, args[0]);
}

/** The same-origin URL of a call, for clients that fetch without the request client: `/v1/risk/log/report`. */
export function endpointUrl<N extends EndpointName>(name: N, ...args: EndpointPathArgs<N>): string {
  return `/${endpointPath(name, ...args)}`;
}
