import { z } from "zod";
import {
  adminLedgerAdjustmentRequestSchema,
  adminLedgerAdjustmentResultSchema,
  affiliateStatementQuerySchema,
  affiliateStatementSchema,
} from "./statement";
import {
  adminAffiliateApplicationListQuerySchema,
  adminAffiliateApplicationListSchema,
  adminAffiliateCardQuotaRequestSchema,
  adminAffiliateCardQuotaSchema,
  adminRiskFlagListQuerySchema,
  adminRiskFlagListSchema,
  adminRiskResolveRequestSchema,
  adminRiskResolveResultSchema,
  riskFlagIdParamSchema,
  affiliateApplicationDecisionRequestSchema,
  affiliateApplicationCreatedSchema,
  affiliateApplicationRequestSchema,
  affiliateApplicationSchema,
  affiliateCardClaimViewSchema,
  affiliateCardCodeParamSchema,
  affiliateCardIssueRequestSchema,
  affiliateCommissionListQuerySchema,
  affiliateCommissionPageSchema,
  affiliateIdParamSchema,
  affiliateLevelStatusSchema,
  affiliateLinkCreateRequestSchema,
  affiliateLinkUpdateRequestSchema,
  affiliateProgrammeSchema,
  affiliateRangeQuerySchema,
  affiliateSummarySchema,
  affiliateUserIdParamSchema,
  experienceCardListSchema,
  experienceCardSchema,
  inviteeListQuerySchema,
  inviteePageSchema,
  myAffiliateApplicationSchema,
  referralLinkListSchema,
  referralLinkSchema,
  subAffiliateInviteRequestSchema,
  subAffiliateUpdateRequestSchema,
} from "./affiliate";
import {
  analyticsEventListQuerySchema,
  analyticsEventListSchema,
  analyticsIngestResultSchema,
  analyticsSwitchRequestSchema,
  analyticsSwitchSchema,
} from "./analytics";
import { ANALYTICS_MAX_BATCH } from "./analytics-constants";
import {
  adminHealthSchema,
  clientCommonConfigRequestSchema,
  clientCommonConfigSchema,
  domainConfigSchema,
} from "./config";
import {
  deviceTokenIssueRequestSchema,
  deviceTokenIssueResultSchema,
  riskLogReportRequestSchema,
  riskLogReportResultSchema,
} from "./device-token";
import type { EndpointName, Endpoints, EndpointSpec, PathParamNames } from "./endpoints";
import { errorEventListQuerySchema, errorEventListSchema } from "./error-events";
import {
  adminPartnerApplicationListQuerySchema,
  adminPartnerApplicationListSchema,
  brokerProgrammeSchema,
  incubationProgrammeSchema,
  institutionalProgrammeSchema,
  marketMakerProgrammeSchema,
  myPartnerApplicationQuerySchema,
  myPartnerApplicationSchema,
  partnerApplicationCreatedSchema,
  partnerApplicationRequestSchema,
} from "./partners";
import {
  affiliatePayoutResultSchema,
  affiliatePayoutsSchema,
  levelReviewQuerySchema,
  levelReviewResultSchema,
  referrerBindRequestSchema,
  referrerSchema,
  settleQuerySchema,
  settleResultSchema,
  subAffiliateInviteSentSchema,
  subInvitationDecisionSchema,
  subInvitationIdParamsSchema,
  subInvitationOfferListSchema,
  subAffiliateLeftSchema,
  subAffiliateNetworkSchema,
  subAffiliateWithOfferSchema,
  subRateOfferDecisionSchema,
  subTermsAcceptRequestSchema,
  tradeFeedRequestSchema,
  tradeFeedResultSchema,
} from "./referral";
import {
  supportMessageListQuerySchema,
  supportMessageListSchema,
  supportMessageRequestSchema,
  supportMessageResultSchema,
} from "./support";
import {
  loginRequestSchema,
  logoutRequestSchema,
  registerRequestSchema,
  sessionResultSchema,
  userInfoRequestSchema,
  userOverviewSchema,
} from "./user";
import {
  feeScheduleSchema,
  vipAirdropIdSchema,
  vipAirdropJoinedSchema,
  vipAirdropListSchema,
  vipAirdropParticipantListSchema,
  vipGuideQuerySchema,
  vipGuideSchema,
  vipProgrammeSchema,
  vipStatusSchema,
} from "./vip";

/**
 * The schemas of one endpoint: `params` (the path's `:name` segments, present exactly when the path has some),
 * `request` (the query or JSON body the entry's `input` names; absent for `input: "none"`), `answer` (the envelope's
 * `data`; the CSV text or the tunnel's `{id}` for the other formats). `emptyBodyAsObject`: a call sent without any
 * body is read as `{}` (the spec's payload-less POSTs).
 */
export type EndpointSchemasOf<E extends EndpointSpec> = {
  readonly answer: z.ZodType;
  readonly emptyBodyAsObject?: true;
} & (E["input"] extends "none" ? { readonly request?: never } : { readonly request: z.ZodType }) &
  ([PathParamNames<E["path"]>] extends [never]
    ? { readonly params?: never }
    : {
        readonly params: z.ZodType<
          { [K in PathParamNames<E["path"]>]: unknown },
          { [K in PathParamNames<E["path"]>]: string }
        >;
      });

/** A query string with nothing in it: any parameter is refused (naming it). */
const noQuery = z.object({}).strict();

const linkIdParams = z.object({ id: affiliateIdParamSchema }).strict();
const userIdParams = z.object({ userId: affiliateUserIdParamSchema }).strict();
const cardCodeParams = z.object({ code: affiliateCardCodeParamSchema }).strict();
const airdropIdParams = z.object({ id: vipAirdropIdSchema }).strict();
const riskFlagIdParams = z.object({ id: riskFlagIdParamSchema }).strict();

/** `POST /v1/buried/log/info`: an array of at most 50 events, each validated on its own by the route (rejected with a reason). */
const analyticsBatchRequestSchema = z
  .array(z.unknown(), { error: "must be a JSON array of events" })
  .max(ANALYTICS_MAX_BATCH, {
    error: (issue) =>
      `at most ${ANALYTICS_MAX_BATCH} events per request, got ${Array.isArray(issue.input) ? issue.input.length : "more"}`,
  });

/** The Sentry tunnel's answer, as Sentry's own: the first event's id (`{}` for an envelope without one). */
const sentryTunnelAnswerSchema = z.object({ id: z.string().optional() });
const sentryProjectParams = z.object({ projectId: z.string().min(1) });

/** A CSV download (the answer's columns are the contracts' `*_CSV_COLUMNS`). */
const csvAnswerSchema = z.string();

const subAffiliateEndedSchema = z.object({ userId: z.string(), ended: z.literal(true) });

export const ENDPOINT_SCHEMAS = {
  register: { request: registerRequestSchema, answer: sessionResultSchema },
  login: { request: loginRequestSchema, answer: sessionResultSchema },
  logout: { request: logoutRequestSchema, answer: z.null(), emptyBodyAsObject: true },
  userInfo: { request: userInfoRequestSchema, answer: userOverviewSchema, emptyBodyAsObject: true },

  domainConfig: { answer: domainConfigSchema },
  clientCommonConfig: {
    request: clientCommonConfigRequestSchema,
    answer: clientCommonConfigSchema,
    emptyBodyAsObject: true,
  },
  deviceTokenIssue: { request: deviceTokenIssueRequestSchema, answer: deviceTokenIssueResultSchema },
  riskLogReport: { request: riskLogReportRequestSchema, answer: riskLogReportResultSchema },
  analyticsIngest: { request: analyticsBatchRequestSchema, answer: analyticsIngestResultSchema },
  supportMessage: { request: supportMessageRequestSchema, answer: supportMessageResultSchema },
  sentryTunnel: {
    params: sentryProjectParams,
    request: z.string().meta({
      format: "sentry-envelope",
      description:
        "A Sentry envelope (application/x-sentry-envelope): newline-separated JSON, an envelope header with the event's `dsn` (of this project and an accepted host), then each item's header and payload.",
    }),
    answer: sentryTunnelAnswerSchema,
  },

  vipFeeSchedule: { answer: feeScheduleSchema },
  vipProgramme: { request: noQuery, answer: vipProgrammeSchema },
  vipGuide: { request: vipGuideQuerySchema, answer: vipGuideSchema },
  vipStatus: { answer: vipStatusSchema },
  vipAirdrops: { request: noQuery, answer: vipAirdropListSchema },
  vipAirdropJoin: { params: airdropIdParams, answer: vipAirdropJoinedSchema },

  brokerProgramme: { answer: brokerProgrammeSchema },
  marketMakerProgramme: { answer: marketMakerProgrammeSchema },
  institutionalProgramme: { answer: institutionalProgrammeSchema },
  incubationProgramme: { answer: incubationProgrammeSchema },
  partnerApply: { request: partnerApplicationRequestSchema, answer: partnerApplicationCreatedSchema },
  myPartnerApplication: { request: myPartnerApplicationQuerySchema, answer: myPartnerApplicationSchema },

  affiliateProgramme: { answer: affiliateProgrammeSchema },
  cardClaimView: { params: cardCodeParams, answer: affiliateCardClaimViewSchema },
  cardClaim: { params: cardCodeParams, answer: affiliateCardClaimViewSchema },
  affiliateApply: { request: affiliateApplicationRequestSchema, answer: affiliateApplicationCreatedSchema },
  myAffiliateApplication: { answer: myAffiliateApplicationSchema },
  subInvitationOffers: { answer: subInvitationOfferListSchema },
  subInvitationAccept: {
    params: subInvitationIdParamsSchema,
    request: subTermsAcceptRequestSchema,
    answer: subInvitationDecisionSchema,
  },
  subInvitationDecline: { params: subInvitationIdParamsSchema, answer: subInvitationDecisionSchema },
  referrerBind: { request: referrerBindRequestSchema, answer: referrerSchema },

  affiliateSummary: { request: affiliateRangeQuerySchema, answer: affiliateSummarySchema },
  affiliateLevel: { answer: affiliateLevelStatusSchema },
  links: { request: affiliateRangeQuerySchema, answer: referralLinkListSchema },
  linkCreate: { request: affiliateLinkCreateRequestSchema, answer: referralLinkSchema },
  linkUpdate: { params: linkIdParams, request: affiliateLinkUpdateRequestSchema, answer: referralLinkSchema },
  invitees: { request: inviteeListQuerySchema, answer: inviteePageSchema },
  inviteesCsv: { request: inviteeListQuerySchema, answer: csvAnswerSchema },
  commissions: { request: affiliateCommissionListQuerySchema, answer: affiliateCommissionPageSchema },
  commissionsCsv: { request: affiliateRangeQuerySchema, answer: csvAnswerSchema },
  payouts: { answer: affiliatePayoutsSchema },
  statement: { request: affiliateStatementQuerySchema, answer: affiliateStatementSchema },
  payoutWithdraw: { answer: affiliatePayoutResultSchema },
  subAffiliates: { answer: subAffiliateNetworkSchema },
  subAffiliateInvite: { request: subAffiliateInviteRequestSchema, answer: subAffiliateInviteSentSchema },
  subAffiliateUpdate: {
    params: userIdParams,
    request: subAffiliateUpdateRequestSchema,
    answer: subAffiliateWithOfferSchema,
  },
  subAffiliateEnd: { params: userIdParams, answer: subAffiliateEndedSchema },
  subInvitationWithdraw: { params: subInvitationIdParamsSchema, answer: subInvitationDecisionSchema },
  subRateOfferAccept: {
    params: subInvitationIdParamsSchema,
    request: subTermsAcceptRequestSchema,
    answer: subRateOfferDecisionSchema,
  },
  subRateOfferDecline: { params: subInvitationIdParamsSchema, answer: subRateOfferDecisionSchema },
  subAffiliateLeave: { answer: subAffiliateLeftSchema },
  cards: { answer: experienceCardListSchema },
  cardIssue: { request: affiliateCardIssueRequestSchema, answer: experienceCardSchema },

  adminHealth: { answer: adminHealthSchema },
  adminSupportMessages: { request: supportMessageListQuerySchema, answer: supportMessageListSchema },
  adminErrors: { request: errorEventListQuerySchema, answer: errorEventListSchema },
  adminAnalyticsEvents: { request: analyticsEventListQuerySchema, answer: analyticsEventListSchema },
  adminAnalyticsSwitch: { request: analyticsSwitchRequestSchema, answer: analyticsSwitchSchema },
  adminTrades: { request: tradeFeedRequestSchema, answer: tradeFeedResultSchema },
  adminSettle: { request: settleQuerySchema, answer: settleResultSchema },
  adminReviewLevels: { request: levelReviewQuerySchema, answer: levelReviewResultSchema },
  adminAffiliateApplications: {
    request: adminAffiliateApplicationListQuerySchema,
    answer: adminAffiliateApplicationListSchema,
  },
  adminAffiliateDecision: {
    params: linkIdParams,
    request: affiliateApplicationDecisionRequestSchema,
    answer: affiliateApplicationSchema,
  },
  adminCardQuota: {
    params: userIdParams,
    request: adminAffiliateCardQuotaRequestSchema,
    answer: adminAffiliateCardQuotaSchema,
  },
  adminLedgerAdjustment: { request: adminLedgerAdjustmentRequestSchema, answer: adminLedgerAdjustmentResultSchema },
  adminRiskFlags: { request: adminRiskFlagListQuerySchema, answer: adminRiskFlagListSchema },
  adminRiskRelease: {
    params: riskFlagIdParams,
    request: adminRiskResolveRequestSchema,
    answer: adminRiskResolveResultSchema,
  },
  adminRiskVoid: {
    params: riskFlagIdParams,
    request: adminRiskResolveRequestSchema,
    answer: adminRiskResolveResultSchema,
  },
  adminAirdropParticipants: { params: airdropIdParams, answer: vipAirdropParticipantListSchema },
  adminPartnerApplications: {
    request: adminPartnerApplicationListQuerySchema,
    answer: adminPartnerApplicationListSchema,
  },
} as const satisfies { readonly [N in EndpointName]: EndpointSchemasOf<Endpoints[N]> };

export type EndpointSchemas = typeof ENDPOINT_SCHEMAS;

/** What a caller sends: the query or body of the entry's `input` (`undefined` when it takes none). */
export type EndpointRequest<N extends EndpointName> = EndpointSchemas[N] extends {
  readonly request: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;

/** What the route reads after validation (defaults applied, strings coerced). */
export type EndpointParsedRequest<N extends EndpointName> = EndpointSchemas[N] extends {
  readonly request: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** The path parameters after validation (`{ id: number }` for `v1/affiliate/links/:id`). */
export type EndpointParsedParams<N extends EndpointName> = EndpointSchemas[N] extends {
  readonly params: infer S extends z.ZodType;
}
  ? z.output<S>
  : Record<string, never>;

/** The envelope's `data` of a successful call (the CSV text for downloads). */
export type EndpointAnswer<N extends EndpointName> = z.output<EndpointSchemas[N]["answer"]>;

/** One entry's schemas, widened: what code that walks the whole table (routes, documents, tests) reads. */
export interface EndpointSchemaSet {
  readonly params?: z.ZodType;
  readonly request?: z.ZodType;
  readonly answer: z.ZodType;
  readonly emptyBodyAsObject?: true;
}

export function endpointSchemasOf(name: EndpointName): EndpointSchemaSet {
  return ENDPOINT_SCHEMAS[name];
}
