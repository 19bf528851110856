import { Readable } from "node:stream";
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  AFFILIATE_DEFAULT_RANGE_DAYS,
  AFFILIATE_COMMISSION_CSV_COLUMNS,
  AFFILIATE_NOT_APPROVED_MSG,
  affiliateApplicationRequestSchema,
  affiliateCardCodeParamSchema,
  affiliateCardIssueRequestSchema,
  affiliateCommissionListQuerySchema,
  affiliateRangeProblem,
  affiliateRangeQuerySchema,
  affiliateIdParamSchema,
  inviteeListQuerySchema,
  affiliateLinkCreateRequestSchema,
  affiliateLinkUpdateRequestSchema,
  subAffiliateInviteRequestSchema,
  subAffiliateUpdateRequestSchema,
  affiliateUserIdParamSchema,
  AFFILIATE_INVITEE_CSV_COLUMNS,
  CSV_BOM,
  csvQuote,
  referrerBindRequestSchema,
  subInvitationIdParamsSchema,
  type AffiliateApplicationCreated,
  type Invitee,
  type SubAffiliateInviteSent,
  type AffiliateCommissionRecord,
  type MyAffiliateApplication,
  type ReferralLinkList,
} from "@affiliates/contracts";
import { requireDeviceToken } from "../../../lib/device-token-guard";
import { ok, parseBody } from "../../../lib/envelope";
import { ApiError } from "../../../lib/errors";
import { requestLocale } from "../../../lib/request-locale";
import type { AffiliatesTable } from "../../../db/schema";
import { addDays } from "../../../lib/days";

export interface AffiliateRoutesOptions {
  /** Origin of the referral URLs (`https://exchange.example`); unset: the request's own protocol and host. */
  publicOrigin?: string | undefined;
}

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

const idParams = z.object({ id: affiliateIdParamSchema }).strict();
const userIdParams = z.object({ userId: affiliateUserIdParamSchema }).strict();
const codeParams = z.object({ code: affiliateCardCodeParamSchema }).strict();

/** One CSV field: money with exactly two decimals, null as empty, text quoted when needed (and neutralised against formulas). */
function csvField(key: string, value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return key.endsWith("Usdt") ? value.toFixed(2) : String(value);
  return csvQuote(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}
export const commissionCsvLine = (row: AffiliateCommissionRecord): string => `${AFFILIATE_COMMISSION_CSV_COLUMNS.map((k) => csvField(k, row[k])).join(",")}\r\n`;
export const inviteeCsvLine = (row: Invitee): string => `${AFFILIATE_INVITEE_CSV_COLUMNS.map((k) => csvField(k, row[k])).join(",")}\r\n`;

/** A CSV download: UTF-8 with a byte-order mark (spreadsheets then read it as UTF-8), the header row, then the rows. */
function sendCsv(reply: FastifyReply, filename: string, header: readonly string[], rows: AsyncIterable<string>): FastifyReply {
  async function* lines(): AsyncGenerator<string> {
    yield `${CSV_BOM}${header.join(",")}\r\n`;
    for await (const chunk of rows) yield chunk;
  }
  return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${filename}"`).send(Readable.from(lines()));
}

/**
 * /v1/affiliate: the affiliate programme (issue 9). Public: the programme and the card view; everything else needs a
 * session, and all but the application calls an approved affiliate (403 "affiliate: not an approved affiliate").
 * Money and identity actions also need the device token (`dy-token`, 403 22001). Ids of another affiliate's
 * links, invitees and sub-affiliates answer 404.
 */
const affiliateRoutes: FastifyPluginCallback<AffiliateRoutesOptions> = (app, options, done) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const requireAffiliate = async (request: FastifyRequest, reply: FastifyReply): Promise<AffiliatesTable> => {
    const userId = await app.auth.requireUserId(request, reply);
    const affiliate = await app.affiliate.affiliateOf(userId);
    if (!affiliate) throw new ApiError("forbidden", AFFILIATE_NOT_APPROVED_MSG);
    return affiliate;
  };

  const originOf = (request: FastifyRequest): string => {
    if (options.publicOrigin) return options.publicOrigin.replace(/\/+$/, "");
    const host = HOST_PATTERN.test(request.host) ? request.host : "localhost";
    return `${request.protocol}://${host}`;
  };

  /** The range of a report: default the last 7 days; 400 naming the field when reversed, in the future or over 366 days. */
  const resolveRange = (query: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } => {
    const today = app.affiliate.today();
    const to = query.to ?? today;
    const from = query.from ?? addDays(to < today ? to : today, -(AFFILIATE_DEFAULT_RANGE_DAYS - 1));
    const problem = affiliateRangeProblem(from, to, today);
    if (problem) throw new ApiError("bad_request", problem);
    return { from, to };
  };

  // ------------------------------------------------------------ public

  app.get("/programme", async (request, reply) => {
    reply.header("cache-control", "public, max-age=60").header("vary", "Locale");
    return ok(await app.affiliate.programme(requestLocale(request)));
  });

  app.get("/cards/claim/:code", async (request) => {
    const { code } = parseBody(codeParams, request.params);
    return ok(await app.affiliate.claimView(code));
  });

  // ------------------------------------------------------------ applications (any logged-in user)

  app.post("/applications", { preHandler: requireDeviceToken }, async (request, reply) => {
    const userId = await app.auth.requireUserId(request, reply);
    const input = parseBody(affiliateApplicationRequestSchema, request.body);
    const id = await app.affiliate.createApplication(userId, input);
    const data: AffiliateApplicationCreated = { id, status: "pending" };
    return ok(data);
  });

  app.get("/applications/me", async (request, reply) => {
    const userId = await app.auth.requireUserId(request, reply);
    const [application, affiliate] = await Promise.all([app.affiliate.latestApplication(userId), app.affiliate.affiliateOf(userId)]);
    const data: MyAffiliateApplication = { application, isAffiliate: affiliate !== undefined };
    return ok(data);
  });

  app.post("/cards/claim/:code", { preHandler: requireDeviceToken }, async (request, reply) => {
    const userId = await app.auth.requireUserId(request, reply);
    const { code } = parseBody(codeParams, request.params);
    return ok(await app.affiliate.claim(code, userId));
  });

  // ------------------------------------------------------------ dashboard (approved affiliates)

  app.get("/summary", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const { from, to } = resolveRange(parseBody(affiliateRangeQuerySchema, request.query ?? {}));
    return ok(await app.affiliate.summary(affiliate.user_id, from, to));
  });

  /** Links with their results in a range (default the last 7 days): which channel works. */
  const withPeriods = async (userId: string, links: Awaited<ReturnType<typeof app.affiliate.links>>, range: { from: string; to: string }) =>
    app.referral.withPeriods(links, await app.referral.linkPeriods(userId, range.from, range.to));

  app.get("/links", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const range = resolveRange(parseBody(affiliateRangeQuerySchema, request.query ?? {}));
    const data: ReferralLinkList = { links: await withPeriods(affiliate.user_id, await app.affiliate.links(affiliate.user_id, originOf(request)), range) };
    return ok(data);
  });

  app.post("/links", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const input = parseBody(affiliateLinkCreateRequestSchema, request.body);
    const [link] = await withPeriods(affiliate.user_id, [await app.affiliate.createLink(affiliate.user_id, input, originOf(request))], resolveRange({}));
    return ok(link);
  });

  app.patch("/links/:id", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const { id } = parseBody(idParams, request.params);
    const patch = parseBody(affiliateLinkUpdateRequestSchema, request.body);
    const [link] = await withPeriods(affiliate.user_id, [await app.affiliate.updateLink(affiliate.user_id, id, patch, originOf(request))], resolveRange({}));
    return ok(link);
  });

  app.get("/invitees", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const query = parseBody(inviteeListQuerySchema, request.query ?? {});
    return ok(await app.affiliate.invitees(affiliate.user_id, query));
  });

  app.get("/commissions", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const query = parseBody(affiliateCommissionListQuerySchema, request.query ?? {});
    const range = resolveRange(query);
    return ok(await app.affiliate.commissions(affiliate.user_id, { ...query, ...range }));
  });

  /** The rows of `GET /commissions` for a range (1 day to 1 year), as CSV streamed from the database in chunks. */
  app.get("/commissions/export.csv", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const { from, to } = resolveRange(parseBody(affiliateRangeQuerySchema, request.query ?? {}));
    const chunks = app.affiliate.commissionChunks(affiliate.user_id, from, to);
    async function* rows(): AsyncGenerator<string> {
      for await (const chunk of chunks) yield chunk.map(commissionCsvLine).join("");
    }
    return sendCsv(reply, `commissions-${from}-to-${to}.csv`, AFFILIATE_COMMISSION_CSV_COLUMNS, rows());
  });

  /** The invitees of the table's query (search, link), oldest first, as CSV. */
  app.get("/invitees/export.csv", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const query = parseBody(inviteeListQuerySchema, request.query ?? {});
    const chunks = app.referral.inviteeChunks(affiliate.user_id, query);
    async function* rows(): AsyncGenerator<string> {
      for await (const chunk of chunks) yield chunk.map(inviteeCsvLine).join("");
    }
    return sendCsv(reply, `invitees-${app.affiliate.today()}.csv`, AFFILIATE_INVITEE_CSV_COLUMNS, rows());
  });

  // ------------------------------------------------------------ balance and payouts

  app.get("/payouts", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    return ok(await app.payouts.overview(affiliate.user_id));
  });

  app.post("/payouts", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    return ok(await app.payouts.withdraw(affiliate.user_id));
  });

  app.get("/sub-affiliates", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const [list, pendingInvitations] = await Promise.all([app.affiliate.subAffiliates(affiliate.user_id, affiliate.rate_bps), app.subInvitations.sent(affiliate.user_id)]);
    return ok({ ...list, pendingInvitations });
  });

  /** An invitation, answered the same whether or not the address has an account. */
  app.post("/sub-affiliates", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const input = parseBody(subAffiliateInviteRequestSchema, request.body);
    await app.subInvitations.invite(affiliate, input.email, input.rateBps);
    const data: SubAffiliateInviteSent = { sent: true };
    return ok(data);
  });

  app.delete("/sub-affiliates/:userId", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const { userId } = parseBody(userIdParams, request.params);
    return ok(await app.subInvitations.end(affiliate.user_id, userId));
  });

  app.delete("/sub-invitations/:id", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const { id } = parseBody(subInvitationIdParamsSchema, request.params);
    return ok(await app.subInvitations.withdraw(affiliate.user_id, id));
  });

  // ------------------------------------------------------------ the invitee's side (any logged-in user)

  app.get("/sub-invitations", async (request, reply) => {
    const userId = await app.auth.requireUserId(request, reply);
    return ok({ offers: await app.subInvitations.offersFor(userId) });
  });

  for (const decision of ["accept", "decline"] as const) {
    app.post(`/sub-invitations/:id/${decision}`, { preHandler: requireDeviceToken }, async (request, reply) => {
      const userId = await app.auth.requireUserId(request, reply);
      const { id } = parseBody(subInvitationIdParamsSchema, request.params);
      return ok(await app.subInvitations.decide(userId, id, decision));
    });
  }

  /** Binds an inviter after sign-up (within the attribution window), once. */
  app.post("/referrer", { preHandler: requireDeviceToken }, async (request, reply) => {
    const userId = await app.auth.requireUserId(request, reply);
    const { code } = parseBody(referrerBindRequestSchema, request.body);
    const user = await app.users.findById(userId);
    if (!user) throw new ApiError("no_session");
    return ok(await app.referral.attribute(userId, code, user.created_at));
  });

  app.patch("/sub-affiliates/:userId", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const { userId } = parseBody(userIdParams, request.params);
    const patch = parseBody(subAffiliateUpdateRequestSchema, request.body);
    return ok(await app.affiliate.updateSub(affiliate, userId, patch));
  });

  app.get("/level", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    return ok(await app.affiliate.levelStatus(affiliate));
  });

  app.get("/cards", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    return ok(await app.affiliate.cards(affiliate.user_id));
  });

  app.post("/cards", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const input = parseBody(affiliateCardIssueRequestSchema, request.body);
    return ok(await app.affiliate.issueCard(affiliate.user_id, input));
  });

  done();
};

export default affiliateRoutes;
