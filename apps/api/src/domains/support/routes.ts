import type { FastifyPluginCallback } from "fastify";
import type { SupportMessageResult } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { endpoint } from "../../platform/http/endpoint";

export interface SupportRoutesOptions {
  /** The per-IP limit of the chat endpoint, stricter than the general one. */
  rateLimit: { max: number; timeWindowMs: number };
}

/** /v1/support: the support chat widget's calls. */
const supportRoutes: FastifyPluginCallback<SupportRoutesOptions> = (app, options, done) => {
  endpoint(
    app,
    "supportMessage",
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const userId = await app.auth.optionalUserId(request);
      const id = await app.support.create({ ...request.body, userId, ip: request.ip });
      const data: SupportMessageResult = { id };
      return ok(data);
    },
    { route: { config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } } } },
  );
  done();
};

export default supportRoutes;
