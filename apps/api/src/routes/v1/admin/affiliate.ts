import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  adminAffiliateApplicationListQuerySchema,
  affiliateApplicationDecisionRequestSchema,
  affiliateIdParamSchema,
  adminAffiliateCardQuotaRequestSchema,
  affiliateUserIdParamSchema,
} from "@affiliates/contracts";
import { ok, parseBody } from "../../../lib/envelope";

const idParams = z.object({ id: affiliateIdParamSchema }).strict();

/**
 * The operators' affiliate calls, added to the admin instance so that its `x-admin-token` hook guards them:
 * call `registerAdminAffiliate(app)` inside `adminRoutes` (routes/v1/admin/index.ts), before `done()`.
 * - `GET  /v1/admin/affiliate/applications?status=&limit=`: newest first.
 * - `POST /v1/admin/affiliate/applications/:id/decision` `{decision: approve|reject, note?}`: approving makes the
 *   user an affiliate at Lv1 (40%); a decided application answers 409 10008, an unknown id 404.
 */
export function registerAdminAffiliate(app: FastifyInstance): void {
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
