import type { FastifyPluginCallback } from "fastify";
import { loginRequestSchema, logoutRequestSchema, registerRequestSchema, userInfoRequestSchema, type UserOverview } from "@affiliates/contracts";
import { ok, parseBody } from "../../../lib/envelope";
import { ApiError } from "../../../lib/errors";
import { maskEmail, maskMobile } from "../../../lib/mask";
import { requireDeviceToken } from "../../../lib/device-token-guard";

/**
 * /v1/user: register, login, logout (cookie session) and the user-overview call of spec §7. Register and login need a
 * live `dy-token` header (403, code 22001 otherwise; checked before the body).
 */
const userRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post("/register", { preHandler: requireDeviceToken }, async (request, reply) => {
    const input = parseBody(registerRequestSchema, request.body);
    const userId = await app.auth.register(input);
    await app.auth.startSession(request, reply, userId);
    return ok({ userId });
  });

  app.post("/login", { preHandler: requireDeviceToken }, async (request, reply) => {
    const input = parseBody(loginRequestSchema, request.body);
    const userId = await app.auth.login(input, request.ip);
    await app.auth.startSession(request, reply, userId);
    return ok({ userId });
  });

  app.post("/logout", async (request, reply) => {
    parseBody(logoutRequestSchema, request.body, true);
    await app.auth.endSession(request, reply);
    return ok(null);
  });

  app.post("/overview/userinfo", async (request, reply) => {
    parseBody(userInfoRequestSchema, request.body, true);
    const userId = await app.auth.requireUserId(request, reply);
    const user = await app.users.findById(userId);
    if (!user) throw new ApiError("invalid_token");
    const settings = await app.users.settingsOf(userId);
    const email = maskEmail(user.email);
    const overview: UserOverview = {
      userInfo: { userId: user.user_id, mobile: maskMobile(user.mobile), email },
      settings,
      loginName: email,
      userName: user.user_name,
    };
    return ok(overview);
  });
  done();
};

export default userRoutes;
