import type { FastifyPluginCallback } from "fastify";
import { ok } from "../../platform/http/envelope";
import { requestLocale } from "../../platform/http/request-locale";
import { endpoint } from "../../platform/http/endpoint";

/**
 * /v1/vip: the VIP programme. Public: the fee schedule, the programme, the guide and the airdrop list (with the
 * user's own `joined` flags when logged in). Login: the user's status. Login + device token: joining an airdrop.
 */
const vipRoutes: FastifyPluginCallback = (app, _options, done) => {
  endpoint(app, "vipFeeSchedule", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return ok(await app.vip.feeSchedule());
  });

  endpoint(app, "vipProgramme", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return ok(await app.vip.programme());
  });

  endpoint(app, "vipGuide", async (request, reply) => {
    reply.header("cache-control", "public, max-age=300").header("vary", "Locale");
    return ok(app.vip.guide(request.query.locale ?? requestLocale(request)));
  });

  endpoint(app, "vipStatus", async (_request, reply, { userId }) => {
    reply.header("cache-control", "no-store");
    return ok(await app.vip.status(userId));
  });

  endpoint(app, "vipAirdrops", async (request, reply) => {
    const userId = await app.auth.optionalUserId(request);
    reply.header("cache-control", "no-store");
    return ok(await app.vip.airdrops(userId));
  });

  endpoint(app, "vipAirdropJoin", async (request, reply, { userId }) => {
    reply.header("cache-control", "no-store");
    return ok(await app.vip.joinAirdrop(userId, request.params.id));
  });

  done();
};

export default vipRoutes;
