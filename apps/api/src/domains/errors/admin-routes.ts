import type { FastifyPluginCallback } from "fastify";
import type { ErrorEventList } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { endpoint } from "../../platform/http/endpoint";

/**
 * `GET /v1/admin/errors?limit=`: the latest events stored by the Sentry tunnel, newest first (message, level, URL, tags).
 * Registered inside `adminRoutes` (admin-routes.ts) so that its `x-admin-token` hook guards it.
 */
const adminErrorRoutes: FastifyPluginCallback = (app, _options, done) => {
  endpoint(app, "adminErrors", async (request) => {
    const data: ErrorEventList = { events: await app.errorEvents.latest(request.query.limit) };
    return ok(data);
  });
  done();
};

export default adminErrorRoutes;
