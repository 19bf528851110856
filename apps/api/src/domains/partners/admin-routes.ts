import type { FastifyInstance } from "fastify";
import type { AdminPartnerApplicationList } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { endpoint } from "../../platform/http/endpoint";

/**
 * The operators' partner calls, added to the admin instance so that its `x-admin-token` hook guards them
 * (`registerAdminPartners(app)` inside `adminRoutes`):
 * - `GET /v1/admin/partners/applications?kind=&status=&limit=`: every stored partner application, newest first,
 *   with its kind, common fields and kind-specific `details`.
 */
export function registerAdminPartners(app: FastifyInstance): void {
  endpoint(app, "adminPartnerApplications", async (request) => {
    const { kind, status, limit } = request.query;
    const data: AdminPartnerApplicationList = {
      applications: await app.partners.listApplications({ kind, status }, limit),
    };
    return ok(data);
  });
}
