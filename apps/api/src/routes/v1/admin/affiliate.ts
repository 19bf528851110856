import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  adminAffiliateApplicationListQuerySchema,
  affiliateApplicationDecisionRequestSchema,
  affiliateIdParamSchema,
  adminAffiliateCardQuotaRequestSchema,
  affiliateUserIdParamSchema,
  levelReviewQuerySchema,
  settleQuerySchema,
  tradeFeedRequestSchema,
} from "@affiliates/contracts";
import { ok, parseBody } from "../../../lib/envelope";
import { addDays, previousMonth } from "../../../lib/days";

/** A batch of up to 1,000 fills is about 200 KB of JSON: more than the API's default body limit. */
export const TRADE_FEED_BODY_LIMIT = 1024 * 1024;

const idParams = z.object({ id: affiliateIdParamSchema }).strict();

/**
 * The operators' affiliate calls, added to the admin instance so that its `x-admin-token` hook guards them:
 * call `registerAdminAffiliate(app)` inside `adminRoutes` (routes/v1/admin/index.ts), before `done()`.
 * - `GET  /v1/admin/affiliate/applications?status=&limit=`: newest first.
 * - `POST /v1/admin/affiliate/applications/:id/decision` `{decision: approve|reject, note?}`: approving makes the
 *   user an affiliate at Lv1 (40%); a decided application answers 409 10008, an unknown id 404.
 */
export function registerAdminAffiliate(app: FastifyInstance): void {
  // `POST /v1/admin/trades` {trades: [...]}: the exchange's fills, idempotent by tradeId.
  app.post("/trades", { bodyLimit: TRADE_FEED_BODY_LIMIT }, async (request) => {
    const { trades } = parseBody(tradeFeedRequestSchema, request.body);
    return ok(await app.commissions.feed(trades));
  });

  // `POST /v1/admin/settle?day=YYYY-MM-DD` (default yesterday): the daily settlement, exactly once per line.
  app.post("/settle", async (request) => {
    const { day } = parseBody(settleQuerySchema, request.query ?? {});
    return ok(await app.commissions.settle(day ?? addDays(app.affiliate.today(), -1)));
  });

  // `POST /v1/admin/affiliate/review-levels?month=YYYY-MM` (default last month): the monthly level review, once.
  app.post("/affiliate/review-levels", async (request) => {
    const { month } = parseBody(levelReviewQuerySchema, request.query ?? {});
    return ok(await app.commissions.reviewLevels(month ?? previousMonth(app.affiliate.today().slice(0, 7))));
  });

  app.get("/affiliate/applications", async (request) => {
    const query = parseBody(adminAffiliateApplicationListQuerySchema, request.query ?? {});
    return ok(await app.affiliate.listApplications(query.status, query.limit));
  });

  app.post("/affiliate/applications/:id/decision", async (request) => {
    const { id } = parseBody(idParams, request.params);
    const input = parseBody(affiliateApplicationDecisionRequestSchema, request.body);
    return ok(await app.affiliate.decide(id, input.decision, input.note));
  });

  // `PUT /v1/admin/affiliate/card-quota/:userId` `{monthlyQuota: 0..1000 | null}`: an affiliate's own card quota.
  app.put("/affiliate/card-quota/:userId", async (request) => {
    const { userId } = parseBody(z.object({ userId: affiliateUserIdParamSchema }).strict(), request.params);
    const { monthlyQuota } = parseBody(adminAffiliateCardQuotaRequestSchema, request.body);
    return ok(await app.affiliate.setCardQuota(userId, monthlyQuota));
  });
}
