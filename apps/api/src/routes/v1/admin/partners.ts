import type { FastifyInstance } from "fastify";
import { adminPartnerApplicationListQuerySchema, type AdminPartnerApplicationList } from "@affiliates/contracts";
import { ok, parseBody } from "../../../lib/envelope";

/**
 * The operators' partner calls, added to the admin instance so that its `x-admin-token` hook guards them
 * (`registerAdminPartners(app)` inside `adminRoutes`):
 * - `GET /v1/admin/partners/applications?kind=&status=&limit=`: every stored partner application, newest first,
 *   with its kind, common fields and kind-specific `details`.
 */
export function registerAdminPartners(app: FastifyInstance): void {
  app.get("/partners/applications", async (request) => {
    const query = parseBody(adminPartnerApplicationListQuerySchema, request.query ?? {});
    const data: AdminPartnerApplicationList = { applications: await app.partners.listApplications({ kind: query.kind, status: query.status }, query.limit) };
    return ok(data);
  });
}
