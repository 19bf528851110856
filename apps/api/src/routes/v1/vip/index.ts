import type { FastifyPluginCallback } from "fastify";
import { z } from "zod";
import { vipAirdropIdSchema, vipGuideQuerySchema } from "@affiliates/contracts";
import { requireDeviceToken } from "../../../lib/device-token-guard";
import { ok, parseBody } from "../../../lib/envelope";
import { requestLocale } from "../../../lib/request-locale";

const idParams = z.object({ id: vipAirdropIdSchema }).strict();
const noQuery = z.object({}).strict();

/**
 * /v1/vip: the VIP programme (issue 10). Public: the fee schedule, the programme, the guide and the airdrop list
 * (with the user's own `joined` flags when logged in). Login: the user's status. Login + device token: joining an airdrop.
 */
const vipRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get("/fee-schedule", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return ok(await app.vip.feeSchedule());
  });

  app.get("/programme", async (request, reply) => {
    parseBody(noQuery, request.query);
    reply.header("cache-control", "public, max-age=60");
    return ok(await app.vip.programme());
  });

  app.get("/guide", async (request, reply) => {
    const { locale } = parseBody(vipGuideQuerySchema, request.query);
    reply.header("cache-control", "public, max-age=300").header("vary", "Locale");
    return ok(app.vip.guide(locale ?? requestLocale(request)));
  });

  app.get("/me", async (request, reply) => {
    const userId = await app.auth.requireUserId(request, reply);
    reply.header("cache-control", "no-store");
    return ok(await app.vip.status(userId));
  });

  app.get("/airdrops", async (request, reply) => {
    parseBody(noQuery, request.query);
    const userId = await app.auth.optionalUserId(request);
    reply.header("cache-control", "no-store");
    return ok(await app.vip.airdrops(userId));
  });

  app.post("/airdrops/:id/join", { preHandler: requireDeviceToken }, async (request, reply) => {
    const userId = await app.auth.requireUserId(request, reply);
    const { id } = parseBody(idParams, request.params);
    reply.header("cache-control", "no-store");
    return ok(await app.vip.joinAirdrop(userId, id));
  });

  done();
};

export default vipRoutes;
