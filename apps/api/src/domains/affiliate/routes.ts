import { Readable } from "node:stream";
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import {
  AFFILIATE_DEFAULT_RANGE_DAYS,
  AFFILIATE_COMMISSION_CSV_COLUMNS,
  affiliateRangeProblem,
  AFFILIATE_INVITEE_CSV_COLUMNS,
  CSV_BOM,
  csvQuote,
  type AffiliateApplicationCreated,
  type Invitee,
  type SubAffiliateInviteSent,
  type AffiliateCommissionRecord,
  type MyAffiliateApplication,
  type ReferralLinkList,
} from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { ApiError } from "../../platform/http/errors";
import { requestLocale } from "../../platform/http/request-locale";
import { addDays } from "../../platform/lib/days";
import { endpoint } from "../../platform/http/endpoint";
import type { HolderSignals } from "../risk/repository";

export interface AffiliateRoutesOptions {
  /** Origin of the referral URLs (`https://exchange.example`); unset: the request's own protocol and host. */
  publicOrigin?: string | undefined;
}

/** A logged-in user's same-holder signals (README "Risk checks"): this request's IP and device, their email. */
async function holderSignals(request: FastifyRequest, userId: string): Promise<HolderSignals> {
  const user = await request.server.users.findById(userId);
  if (!user) throw new ApiError("no_session");
  return {
    sessionUserId: userId,
    ip: request.ip,
    fingerprint: request.deviceFingerprint,
    token: request.deviceToken,
    email: user.email,
    userId,
  };
}

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** One CSV field: money with exactly two decimals, null as empty, text quoted when needed (and neutralised against formulas). */
function csvField(key: string, value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return key.endsWith("Usdt") ? value.toFixed(2) : String(value);
  return csvQuote(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}
export const commissionCsvLine = (row: AffiliateCommissionRecord): string =>
  `${AFFILIATE_COMMISSION_CSV_COLUMNS.map((k) => csvField(k, row[k])).join(",")}\r\n`;
export const inviteeCsvLine = (row: Invitee): string =>
  `${AFFILIATE_INVITEE_CSV_COLUMNS.map((k) => csvField(k, row[k])).join(",")}\r\n`;

/** A CSV download: UTF-8 with a byte-order mark (spreadsheets then read it as UTF-8), the header row, then the rows. */
function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<string>,
): FastifyReply {
  async function* lines(): AsyncGenerator<string> {
    yield `${CSV_BOM}${header.join(",")}\r\n`;
    for await (const chunk of rows) yield chunk;
  }
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
}

/**
 * /v1/affiliate: the affiliate programme. Public: the programme and the card view; everything else needs a session,
 * and all but the application calls an approved affiliate (403 "affiliate: not an approved affiliate"): the table's
 * `access`, checked by `endpoint`. Money and identity actions also need the device token (`dy-token`, 403 22001).
 * Ids of another affiliate's links, invitees and sub-affiliates answer 404.
 */
const affiliateRoutes: FastifyPluginCallback<AffiliateRoutesOptions> = (app, options, done) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const originOf = (request: FastifyRequest): string => {
    if (options.publicOrigin) return options.publicOrigin.replace(/\/+$/, "");
    const host = HOST_PATTERN.test(request.host) ? request.host : "localhost";
    return `${request.protocol}://${host}`;
  };

  /** The range of a report: default the last 7 days; 400 naming the field when reversed, in the future or over 366 days. */
  const resolveRange = (query: {
    from?: string | undefined;
    to?: string | undefined;
  }): { from: string; to: string } => {
    const today = app.affiliate.today();
    const to = query.to ?? today;
    const from = query.from ?? addDays(to < today ? to : today, -(AFFILIATE_DEFAULT_RANGE_DAYS - 1));
    const problem = affiliateRangeProblem(from, to, today);
    if (problem) throw new ApiError("bad_request", problem);
    return { from, to };
  };

  programmeRoutes(app);
  dashboardRoutes(app, originOf, resolveRange);
  networkRoutes(app);
  done();
};

/** The range of a report, resolved or refused (400 naming the field). */
type RangeResolver = (query: { from?: string | undefined; to?: string | undefined }) => { from: string; to: string };

/** The programme and the card view (public); the application and a card's claim (any logged-in user). */
function programmeRoutes(app: FastifyInstance): void {
  // ------------------------------------------------------------ public

  endpoint(app, "affiliateProgramme", async (request, reply) => {
    reply.header("cache-control", "public, max-age=60").header("vary", "Locale");
    return ok(await app.affiliate.programme(requestLocale(request)));
  });

  endpoint(app, "cardClaimView", async (request) => ok(await app.affiliate.claimView(request.params.code)));

  // ------------------------------------------------------------ applications (any logged-in user)

  endpoint(app, "affiliateApply", async (request, _reply, { userId }) => {
    const id = await app.affiliate.createApplication(userId, request.body);
    const data: AffiliateApplicationCreated = { id, status: "pending" };
    return ok(data);
  });

  endpoint(app, "myAffiliateApplication", async (_request, _reply, { userId }) => {
    const [application, affiliate] = await Promise.all([
      app.affiliate.latestApplication(userId),
      app.affiliate.affiliateOf(userId),
    ]);
    const data: MyAffiliateApplication = { application, isAffiliate: affiliate !== undefined };
    return ok(data);
  });

  endpoint(app, "cardClaim", async (request, _reply, { userId }) => {
    // The issuer's second account cannot claim the issuer's card (README "Risk checks").
    const owner = await app.risk.cardOwner(request.params.code);
    if (owner !== undefined && owner !== userId)
      await app.risk.refuseOwnAccount(owner, await holderSignals(request, userId), "card");
    return ok(await app.affiliate.claim(request.params.code, userId));
  });
}

/** The approved affiliate's dashboard: summary, links, invitees, commissions and their exports. */
function dashboardRoutes(
  app: FastifyInstance,
  originOf: (request: FastifyRequest) => string,
  resolveRange: RangeResolver,
): void {
  // ------------------------------------------------------------ dashboard (approved affiliates)

  endpoint(app, "affiliateSummary", async (request, _reply, { affiliate }) => {
    const { from, to } = resolveRange(request.query);
    return ok(await app.affiliate.summary(affiliate.user_id, from, to));
  });

  /** Links with their results in a range (default the last 7 days): which channel works. */
  const withPeriods = async (
    userId: string,
    links: Awaited<ReturnType<typeof app.affiliate.links>>,
    range: { from: string; to: string },
  ) => app.referral.withPeriods(links, await app.referral.linkPeriods(userId, range.from, range.to));

  endpoint(app, "links", async (request, _reply, { affiliate }) => {
    const range = resolveRange(request.query);
    const data: ReferralLinkList = {
      links: await withPeriods(
        affiliate.user_id,
        await app.affiliate.links(affiliate.user_id, originOf(request)),
        range,
      ),
    };
    return ok(data);
  });

  /** The one link a change answers, with its results of the last 7 days. */
  const oneLink = async (userId: string, link: Awaited<ReturnType<typeof app.affiliate.createLink>>) => {
    const [withPeriod] = await withPeriods(userId, [link], resolveRange({}));
    if (!withPeriod) throw new ApiError("internal", "link: no period figures");
    return withPeriod;
  };

  endpoint(app, "linkCreate", async (request, _reply, { affiliate }) =>
    ok(
      await oneLink(
        affiliate.user_id,
        await app.affiliate.createLink(affiliate.user_id, request.body, originOf(request)),
      ),
    ),
  );

  endpoint(app, "linkUpdate", async (request, _reply, { affiliate }) =>
    ok(
      await oneLink(
        affiliate.user_id,
        await app.affiliate.updateLink(affiliate.user_id, request.params.id, request.body, originOf(request)),
      ),
    ),
  );

  endpoint(app, "invitees", async (request, _reply, { affiliate }) =>
    ok(await app.affiliate.invitees(affiliate.user_id, request.query)),
  );

  endpoint(app, "commissions", async (request, _reply, { affiliate }) => {
    const range = resolveRange(request.query);
    return ok(await app.affiliate.commissions(affiliate.user_id, { ...request.query, ...range }));
  });

  /** The rows of `GET /commissions` for a range (1 day to 1 year), as CSV streamed from the database in chunks. */
  endpoint(app, "commissionsCsv", async (request, reply, { affiliate }) => {
    const { from, to } = resolveRange(request.query);
    const chunks = app.affiliate.commissionChunks(affiliate.user_id, from, to);
    async function* rows(): AsyncGenerator<string> {
      for await (const chunk of chunks) yield chunk.map(commissionCsvLine).join("");
    }
    return sendCsv(reply, `commissions-${from}-to-${to}.csv`, AFFILIATE_COMMISSION_CSV_COLUMNS, rows());
  });

  /** The invitees of the table's query (search, link), oldest first, as CSV. */
  endpoint(app, "inviteesCsv", async (request, reply, { affiliate }) => {
    const chunks = app.affiliate.inviteeChunks(affiliate.user_id, request.query);
    async function* rows(): AsyncGenerator<string> {
      for await (const chunk of chunks) yield chunk.map(inviteeCsvLine).join("");
    }
    return sendCsv(reply, `invitees-${app.affiliate.today()}.csv`, AFFILIATE_INVITEE_CSV_COLUMNS, rows());
  });
}

/** Balance and payouts, the network both ways, the level and experience cards. */
function networkRoutes(app: FastifyInstance): void {
  // ------------------------------------------------------------ balance and payouts

  endpoint(app, "payouts", async (_request, _reply, { affiliate }) =>
    ok(await app.payouts.overview(affiliate.user_id)),
  );
  endpoint(app, "statement", async (request, _reply, { affiliate }) =>
    ok(await app.payouts.statement(affiliate.user_id, request.query)),
  );

  endpoint(app, "payoutWithdraw", async (_request, _reply, { affiliate }) =>
    ok(await app.payouts.withdraw(affiliate.user_id)),
  );

  /** The network both ways: one's subs (the rate in force and any offer awaiting them), invitations sent, one's inviter. */
  endpoint(app, "subAffiliates", async (_request, _reply, { affiliate }) => {
    const [list, pendingInvitations, rateOffers, inviter] = await Promise.all([
      app.affiliate.subAffiliates(affiliate.user_id, affiliate.rate_bps),
      app.subInvitations.sent(affiliate.user_id),
      app.subInvitations.pendingRateOffers(affiliate.user_id),
      app.subInvitations.inviterOf(affiliate.user_id),
    ]);
    const subAffiliates = list.subAffiliates.map((sub) => ({
      ...sub,
      pendingOffer: rateOffers.get(sub.userId) ?? null,
    }));
    return ok({ ...list, subAffiliates, pendingInvitations, inviter });
  });

  /** An invitation, answered the same whether or not the address has an account. */
  endpoint(app, "subAffiliateInvite", async (request, _reply, { affiliate }) => {
    await app.subInvitations.invite(affiliate, request.body.email, request.body.rateBps);
    const data: SubAffiliateInviteSent = { sent: true };
    return ok(data);
  });

  endpoint(app, "subAffiliateEnd", async (request, _reply, { affiliate }) =>
    ok(await app.subInvitations.end(affiliate.user_id, request.params.userId)),
  );

  endpoint(app, "subInvitationWithdraw", async (request, _reply, { affiliate }) =>
    ok(await app.subInvitations.withdraw(affiliate.user_id, request.params.id)),
  );

  // ------------------------------------------------------------ the sub-affiliate's side (their inviter)

  /** A rate offer is accepted only with the rate the sub saw (409 10031 otherwise). */
  endpoint(app, "subRateOfferAccept", async (request, _reply, { affiliate }) =>
    ok(await app.subInvitations.decideRate(affiliate.user_id, request.params.id, "accept", request.body.rateBps)),
  );

  endpoint(app, "subRateOfferDecline", async (request, _reply, { affiliate }) =>
    ok(await app.subInvitations.decideRate(affiliate.user_id, request.params.id, "decline")),
  );

  endpoint(app, "subAffiliateLeave", async (_request, _reply, { affiliate }) =>
    ok(await app.subInvitations.leave(affiliate.user_id)),
  );

  // ------------------------------------------------------------ the invitee's side (any logged-in user)

  endpoint(app, "subInvitationOffers", async (_request, _reply, { userId }) =>
    ok({ offers: await app.subInvitations.offersFor(userId) }),
  );

  endpoint(app, "subInvitationAccept", async (request, _reply, { userId }) => {
    // An affiliate cannot take their own second account as a sub-affiliate (README "Risk checks").
    const parent = await app.risk.invitationParent(request.params.id);
    if (parent !== undefined && parent !== userId)
      await app.risk.refuseOwnAccount(parent, await holderSignals(request, userId), "invitation");
    return ok(await app.subInvitations.decide(userId, request.params.id, "accept", request.body.rateBps));
  });

  endpoint(app, "subInvitationDecline", async (request, _reply, { userId }) =>
    ok(await app.subInvitations.decide(userId, request.params.id, "decline")),
  );

  /** Binds an inviter after sign-up (within the attribution window), once. */
  endpoint(app, "referrerBind", async (request, _reply, { userId }) => {
    const user = await app.users.findById(userId);
    if (!user) throw new ApiError("no_session");
    await app.auth.reserveReferralSignup(request.ip);
    return ok(
      await app.referral.attribute(userId, request.body.code, user.created_at, await holderSignals(request, userId)),
    );
  });

  endpoint(app, "subAffiliateUpdate", async (request, _reply, { affiliate }) =>
    ok(await app.affiliate.updateSub(affiliate, request.params.userId, request.body)),
  );

  endpoint(app, "affiliateLevel", async (_request, _reply, { affiliate }) =>
    ok(await app.affiliate.levelStatus(affiliate)),
  );

  endpoint(app, "cards", async (_request, _reply, { affiliate }) => ok(await app.affiliate.cards(affiliate.user_id)));

  endpoint(app, "cardIssue", async (request, _reply, { affiliate }) =>
    ok(await app.affiliate.issueCard(affiliate.user_id, request.body)),
  );
}

export default affiliateRoutes;
