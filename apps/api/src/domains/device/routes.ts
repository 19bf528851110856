import type { FastifyPluginCallback } from "fastify";
import { deviceTokenAppIdOf, type DeviceTokenAppEnv, type DeviceTokenIssueResult } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { ApiError } from "../../platform/http/errors";
import { endpoint } from "../../platform/http/endpoint";

export interface ConstantIdRoutesOptions {
  /** The environment whose token-SDK app id is accepted (requirements.md §7: test and production ids differ). */
  appEnv: DeviceTokenAppEnv;
  /** Per-IP limit of the issuing call, under the general one (a page asks once per 1200 s per tab). */
  rateLimit?: { max: number; timeWindowMs: number };
}

/** /v1/constantid: the token SDK's call `POST /udid/c1` `{appId, fingerprint, expire?}` → `{token}` (40 characters). */
const constantIdRoutes: FastifyPluginCallback<ConstantIdRoutesOptions> = (app, options, done) => {
  const appId = deviceTokenAppIdOf(options.appEnv);
  const rateLimit = options.rateLimit ?? { max: 120, timeWindowMs: 60_000 };

  endpoint(
    app,
    "deviceTokenIssue",
    async (request, reply) => {
      const input = request.body;
      if (input.appId !== appId)
        throw new ApiError("bad_request", `appId: not the app id of the ${options.appEnv} environment`);
      reply.header("cache-control", "no-store");
      const { token } = await app.deviceTokens.issue({
        appId: input.appId,
        fingerprint: input.fingerprint,
        expireS: input.expire,
      });
      // A logged-in browser renews its token every 1200 s: the new one is remembered as that user's, so the browser
      // still holds a known token after logging out (README "Risk checks").
      const userId = await app.auth.optionalUserId(request);
      if (userId) await app.risk.recordSighting(userId, request.ip, input.fingerprint, token);
      const data: DeviceTokenIssueResult = { token };
      return ok(data);
    },
    { route: { config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } } } },
  );
  done();
};

export default constantIdRoutes;
