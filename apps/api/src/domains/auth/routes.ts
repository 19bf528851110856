import type { FastifyPluginCallback } from "fastify";
import type { UserOverview } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { ApiError } from "../../platform/http/errors";
import { maskEmail, maskMobile } from "../../platform/lib/mask";
import { endpoint } from "../../platform/http/endpoint";

/**
 * /v1/user: register, login, logout (cookie session) and the user-overview call of requirements.md §7. Register and login need a
 * live `dy-token` header (403, code 22001 otherwise; checked before the body).
 */
const userRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  endpoint(app, "register", async (request, reply) => {
    const userId = await app.auth.register(request.body, { ip: request.ip, device: request.deviceFingerprint });
    await app.auth.startSession(request, reply, userId);
    return ok({ userId });
  });

  endpoint(app, "login", async (request, reply) => {
    const userId = await app.auth.login(request.body, { ip: request.ip, device: request.deviceFingerprint });
    await app.auth.startSession(request, reply, userId);
    return ok({ userId });
  });

  endpoint(app, "logout", async (request, reply) => {
    await app.auth.endSession(request, reply);
    return ok(null);
  });

  // The body is checked before the session: the web asks before it knows whether anyone is logged in.
  endpoint(
    app,
    "userInfo",
    async (_request, _reply, { userId }) => {
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
    },
    { validateBeforeAccess: true },
  );
  done();
};

export default userRoutes;
