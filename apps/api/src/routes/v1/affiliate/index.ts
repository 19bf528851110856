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
  type AffiliateApplicationCreated,
  type AffiliateCommissionRecord,
  type MyAffiliateApplication,
  type ReferralLinkList,
} from "@affiliates/contracts";
import { requireDeviceToken } from "../../../lib/device-token-guard";
import { ok, parseBody } from "../../../lib/envelope";
import { ApiError } from "../../../lib/errors";
import { requestLocale } from "../../../lib/request-locale";
import { addDays, type AffiliatesTable } from "../../../plugins/app/affiliate-repository";

export interface AffiliateRoutesOptions {
  /** Origin of the referral URLs (`https://exchange.example`); unset: the request's own protocol and host. */
  publicOrigin?: string | undefined;
}

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

const idParams = z.object({ id: affiliateIdParamSchema }).strict();
const userIdParams = z.object({ userId: affiliateUserIdParamSchema }).strict();
const codeParams = z.object({ code: affiliateCardCodeParamSchema }).strict();

/** One CSV field: money with exactly two decimals, null as empty, text quoted when needed (and neutralised against formulas). */
function csvField(key: (typeof AFFILIATE_COMMISSION_CSV_COLUMNS)[number], value: AffiliateCommissionRecord[typeof key]): string {
  if (value === null) return "";
  if (typeof value === "number") return key.endsWith("Usdt") ? value.toFixed(2) : String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
export const commissionCsvLine = (row: AffiliateCommissionRecord): string => `${AFFILIATE_COMMISSION_CSV_COLUMNS.map((k) => csvField(k, row[k])).join(",")}\r\n`;

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

  app.get("/links", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const data: ReferralLinkList = { links: await app.affiliate.links(affiliate.user_id, originOf(request)) };
    return ok(data);
  });

  app.post("/links", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const input = parseBody(affiliateLinkCreateRequestSchema, request.body);
    return ok(await app.affiliate.createLink(affiliate.user_id, input, originOf(request)));
  });

  app.patch("/links/:id", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const { id } = parseBody(idParams, request.params);
    const patch = parseBody(affiliateLinkUpdateRequestSchema, request.body);
    return ok(await app.affiliate.updateLink(affiliate.user_id, id, patch, originOf(request)));
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
    async function* lines(): AsyncGenerator<string> {
      yield `${AFFILIATE_COMMISSION_CSV_COLUMNS.join(",")}\r\n`;
      for await (const rows of chunks) yield rows.map(commissionCsvLine).join("");
    }
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="commissions-${from}-to-${to}.csv"`)
      .send(Readable.from(lines()));
  });

  app.get("/sub-affiliates", async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    return ok(await app.affiliate.subAffiliates(affiliate.user_id, affiliate.rate_bps));
  });

  app.post("/sub-affiliates", { preHandler: requireDeviceToken }, async (request, reply) => {
    const affiliate = await requireAffiliate(request, reply);
    const input = parseBody(subAffiliateInviteRequestSchema, request.body);
    return ok(await app.affiliate.inviteSub(affiliate, input.email, input.rateBps));
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
