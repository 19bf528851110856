import type { FastifyPluginCallback } from "fastify";
import { ok } from "../../../lib/envelope";

/** /v1/vip: public VIP programme data. */
const vipRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get("/fee-schedule", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return ok(await app.vip.feeSchedule());
  });
  done();
};

export default vipRoutes;
