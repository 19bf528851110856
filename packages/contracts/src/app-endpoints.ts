// Zod-free: the web client reads this table in the browser's first load; the schemas are in endpoint-schemas.ts.
// The operators' calls (admin) are in endpoints.ts only: the browser never makes them, so it never downloads them.

/**
 * Who may call an endpoint:
 * - `public`: anyone (a session, when there is one, may still personalise the answer);
 * - `login`: a live session (401 otherwise);
 * - `affiliate`: a session of an approved affiliate (401 without a session, 403 otherwise);
 * - `admin`: the operators' `x-admin-token` header (403 otherwise).
 */
export type EndpointAccess = "public" | "login" | "affiliate" | "admin";

export type EndpointMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Where the request's input travels: the query string, a JSON body, or nowhere (path parameters aside). */
export type EndpointInput = "query" | "body" | "none";

/**
 * What the answer is: `envelope` (JSON `{code, msg, data}`, data described by the entry's answer schema),
 * `csv` (a download, UTF-8 with a byte-order mark) or `sentry` (the Sentry tunnel: takes an SDK envelope, answers
 * `{id}` as Sentry does).
 */
export type EndpointFormat = "envelope" | "csv" | "sentry";

export interface EndpointSpec {
  readonly method: EndpointMethod;
  /**
   * Relative to the API's origin, without a leading slash (`v1/affiliate/links/:id`): a `:name` segment is a path
   * parameter, filled by `endpointPath` (URI-encoded). The API serves the path under `/`.
   */
  readonly path: string;
  readonly access: EndpointAccess;
  /** The call needs a live `dy-token` header (403 with code 22001 otherwise), checked before anything else. */
  readonly dyToken: boolean;
  readonly input: EndpointInput;
  readonly format: EndpointFormat;
}

/** A GET answered with an envelope, no device token (literal types kept: the path's parameters are typed from it). */
export const envelopeGet = <P extends string, A extends EndpointAccess, I extends EndpointInput = "none">(
  path: P,
  access: A,
  input?: I,
) =>
  ({ method: "GET", path, access, dyToken: false, input: input ?? "none", format: "envelope" }) as {
    readonly method: "GET";
    readonly path: NoInfer<P>;
    readonly access: NoInfer<A>;
    readonly dyToken: false;
    readonly input: NoInfer<I>;
    readonly format: "envelope";
  };

/**
 * Every call under /v1 the web makes (the operators' are added in endpoints.ts): the web client, the API's routes, the
 * tests and the OpenAPI document derive from ENDPOINTS, made of this table and those. Names are what the web calls
 * (`api.links(...)`); add an entry here and its schemas in endpoint-schemas.ts.
 */
export const APP_ENDPOINTS = {
  // ------------------------------------------------------------ session and user (requirements.md §7)
  register: {
    method: "POST",
    path: "v1/user/register",
    access: "public",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  login: { method: "POST", path: "v1/user/login", access: "public", dyToken: true, input: "body", format: "envelope" },
  logout: {
    method: "POST",
    path: "v1/user/logout",
    access: "public",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  userInfo: {
    method: "POST",
    path: "v1/user/overview/userinfo",
    access: "login",
    dyToken: false,
    input: "body",
    format: "envelope",
  },

  // ------------------------------------------------------------ configuration, tokens, analytics, support
  domainConfig: envelopeGet("v1/mix/system/getDomainConfigList", "public"),
  clientCommonConfig: {
    method: "POST",
    path: "v1/mix/public/clientCommonConfig",
    access: "public",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  deviceTokenIssue: {
    method: "POST",
    path: "v1/constantid/udid/c1",
    access: "public",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  riskLogReport: {
    method: "POST",
    path: "v1/risk/log/report",
    access: "public",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  analyticsIngest: {
    method: "POST",
    path: "v1/buried/log/info",
    access: "public",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  supportMessage: {
    method: "POST",
    path: "v1/support/chat/messages",
    access: "public",
    dyToken: false,
    input: "body",
    format: "envelope",
  },
  sentryTunnel: {
    method: "POST",
    path: "v1/sentry/:projectId",
    access: "public",
    dyToken: false,
    input: "body",
    format: "sentry",
  },

  // ------------------------------------------------------------ VIP programme
  vipFeeSchedule: envelopeGet("v1/vip/fee-schedule", "public"),
  vipProgramme: envelopeGet("v1/vip/programme", "public", "query"),
  vipGuide: envelopeGet("v1/vip/guide", "public", "query"),
  vipStatus: envelopeGet("v1/vip/me", "login"),
  vipAirdrops: envelopeGet("v1/vip/airdrops", "public", "query"),
  vipAirdropJoin: {
    method: "POST",
    path: "v1/vip/airdrops/:id/join",
    access: "login",
    dyToken: true,
    input: "none",
    format: "envelope",
  },

  // ------------------------------------------------------------ partner programmes
  brokerProgramme: envelopeGet("v1/partners/broker", "public"),
  marketMakerProgramme: envelopeGet("v1/partners/market-maker", "public"),
  institutionalProgramme: envelopeGet("v1/partners/institutional", "public"),
  incubationProgramme: envelopeGet("v1/partners/incubation", "public"),
  partnerApply: {
    method: "POST",
    path: "v1/partners/applications",
    access: "login",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  myPartnerApplication: envelopeGet("v1/partners/applications/me", "login", "query"),

  // ------------------------------------------------------------ affiliate programme: public and any logged-in user
  affiliateProgramme: envelopeGet("v1/affiliate/programme", "public"),
  cardClaimView: envelopeGet("v1/affiliate/cards/claim/:code", "public"),
  cardClaim: {
    method: "POST",
    path: "v1/affiliate/cards/claim/:code",
    access: "login",
    dyToken: true,
    input: "none",
    format: "envelope",
  },
  affiliateApply: {
    method: "POST",
    path: "v1/affiliate/applications",
    access: "login",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  myAffiliateApplication: envelopeGet("v1/affiliate/applications/me", "login"),
  subInvitationOffers: envelopeGet("v1/affiliate/sub-invitations", "login"),
  subInvitationAccept: {
    method: "POST",
    path: "v1/affiliate/sub-invitations/:id/accept",
    access: "login",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  subInvitationDecline: {
    method: "POST",
    path: "v1/affiliate/sub-invitations/:id/decline",
    access: "login",
    dyToken: true,
    input: "none",
    format: "envelope",
  },
  referrerBind: {
    method: "POST",
    path: "v1/affiliate/referrer",
    access: "login",
    dyToken: true,
    input: "body",
    format: "envelope",
  },

  // ------------------------------------------------------------ affiliate dashboard (approved affiliates)
  affiliateSummary: envelopeGet("v1/affiliate/summary", "affiliate", "query"),
  affiliateLevel: envelopeGet("v1/affiliate/level", "affiliate"),
  links: envelopeGet("v1/affiliate/links", "affiliate", "query"),
  linkCreate: {
    method: "POST",
    path: "v1/affiliate/links",
    access: "affiliate",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  linkUpdate: {
    method: "PATCH",
    path: "v1/affiliate/links/:id",
    access: "affiliate",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  invitees: envelopeGet("v1/affiliate/invitees", "affiliate", "query"),
  inviteesCsv: {
    method: "GET",
    path: "v1/affiliate/invitees/export.csv",
    access: "affiliate",
    dyToken: false,
    input: "query",
    format: "csv",
  },
  commissions: envelopeGet("v1/affiliate/commissions", "affiliate", "query"),
  commissionsCsv: {
    method: "GET",
    path: "v1/affiliate/commissions/export.csv",
    access: "affiliate",
    dyToken: false,
    input: "query",
    format: "csv",
  },
  payouts: envelopeGet("v1/affiliate/payouts", "affiliate"),
  statement: envelopeGet("v1/affiliate/statement", "affiliate", "query"),
  payoutWithdraw: {
    method: "POST",
    path: "v1/affiliate/payouts",
    access: "affiliate",
    dyToken: true,
    input: "none",
    format: "envelope",
  },
  subAffiliates: envelopeGet("v1/affiliate/sub-affiliates", "affiliate"),
  subAffiliateInvite: {
    method: "POST",
    path: "v1/affiliate/sub-affiliates",
    access: "affiliate",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  subAffiliateUpdate: {
    method: "PATCH",
    path: "v1/affiliate/sub-affiliates/:userId",
    access: "affiliate",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  subAffiliateEnd: {
    method: "DELETE",
    path: "v1/affiliate/sub-affiliates/:userId",
    access: "affiliate",
    dyToken: true,
    input: "none",
    format: "envelope",
  },
  subInvitationWithdraw: {
    method: "DELETE",
    path: "v1/affiliate/sub-invitations/:id",
    access: "affiliate",
    dyToken: true,
    input: "none",
    format: "envelope",
  },
  subRateOfferAccept: {
    method: "POST",
    path: "v1/affiliate/inviter/rate-offers/:id/accept",
    access: "affiliate",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
  subRateOfferDecline: {
    method: "POST",
    path: "v1/affiliate/inviter/rate-offers/:id/decline",
    access: "affiliate",
    dyToken: true,
    input: "none",
    format: "envelope",
  },
  subAffiliateLeave: {
    method: "DELETE",
    path: "v1/affiliate/inviter",
    access: "affiliate",
    dyToken: true,
    input: "none",
    format: "envelope",
  },
  cards: envelopeGet("v1/affiliate/cards", "affiliate"),
  cardIssue: {
    method: "POST",
    path: "v1/affiliate/cards",
    access: "affiliate",
    dyToken: true,
    input: "body",
    format: "envelope",
  },
} as const satisfies Record<string, EndpointSpec>;

export type AppEndpoints = typeof APP_ENDPOINTS;
export type AppEndpointName = keyof AppEndpoints;

/** The `:name` segments of a path, as a union of names (never when it has none). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path's parameters: `{ id: 7 }` for `v1/affiliate/links/:id`. */
export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

/** What a path takes after the endpoint's name: its parameters when it has any, else nothing. */
export type PathArgs<P extends string> = [PathParamNames<P>] extends [never] ? [] : [params: PathParams<P>];

const PARAM_SEGMENT = /:([A-Za-z][A-Za-z0-9]*)/g;

/** The names of a path's parameters, in order (`["id"]` for `v1/affiliate/links/:id`). */
export function pathParamNames(path: string): string[] {
  return Array.from(path.matchAll(PARAM_SEGMENT), (match) => match[1] ?? "");
}

/**
 * A path with its parameters filled, URI-encoded: `v1/affiliate/links/:id` with `{ id: 7 }` → `v1/affiliate/links/7`.
 * Throws on a missing or empty parameter (a bug of the caller, never user input), naming the endpoint.
 */
export function fillPath(
  name: string,
  path: string,
  params: Readonly<Record<string, string | number | undefined>> = {},
): string {
  return path.replace(PARAM_SEGMENT, (_segment, key: string) => {
    const value = params[key];
    if (value === undefined || String(value) === "") throw new Error(`${name}: path parameter "${key}" is missing`);
    return encodeURIComponent(String(value));
  });
}

/** `endpointPath` for the calls the web makes, without the operators' table. */
export function appEndpointPath<N extends AppEndpointName>(
  name: N,
  ...args: PathArgs<AppEndpoints[N]["path"]>
): string {
  return fillPath(name, APP_ENDPOINTS[name].path, args[0]);
}

/** The same-origin URL of a call, for clients that fetch without the request client: `/v1/risk/log/report`. */
export function appEndpointUrl<N extends AppEndpointName>(name: N, ...args: PathArgs<AppEndpoints[N]["path"]>): string {
  return `/${appEndpointPath(name, ...args)}`;
}
