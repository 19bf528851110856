import type { FastifyPluginCallback } from "fastify";
import { supportMessageRequestSchema, type SupportMessageResult } from "@affiliates/contracts";
import { ok, parseBody } from "../../../lib/envelope";

export interface SupportRoutesOptions {
  /** The per-IP limit of the chat endpoint, stricter than the general one. */
  rateLimit: { max: number; timeWindowMs: number };
}

/** /v1/support: the support chat widget's calls. */
const supportRoutes: FastifyPluginCallback<SupportRoutesOptions> = (app, options, done) => {
  app.post(
    "/chat/messages",
    { config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } } },
    async (request, reply) => {
      const input = parseBody(supportMessageRequestSchema, request.body);
      reply.header("cache-control", "no-store");
      const userId = await app.auth.optionalUserId(request);
      const id = await app.support.create({ ...input, userId, ip: request.ip });
      const data: SupportMessageResult = { id };
      return ok(data);
    },
  );
  done();
};

export default supportRoutes;
