import type { FastifyPluginCallback } from "fastify";
import { errorEventListQuerySchema, type ErrorEventList } from "@affiliates/contracts";
import { ok } from "../../../lib/envelope";
import { badRequestFromZod } from "../../../lib/errors";

/**
 * `GET /v1/admin/errors?limit=`: the latest events stored by the Sentry tunnel, newest first (message, level, URL, tags).
 * Registered inside `adminRoutes` (routes/v1/admin/index.ts) so that its `x-admin-token` hook guards it.
 */
const adminErrorRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get("/errors", async (request) => {
    const query = errorEventListQuerySchema.safeParse(request.query ?? {});
    if (!query.success) throw badRequestFromZod(query.error);
    const data: ErrorEventList = { events: await app.errorEvents.latest(query.data.limit) };
    return ok(data);
  });
  done();
};

export default adminErrorRoutes;
