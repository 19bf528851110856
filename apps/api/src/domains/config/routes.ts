import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import type { ClientCommonConfig } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { endpoint } from "../../platform/http/endpoint";

/** The DeviceId header (requirements.md §7), if any. */
function deviceIdHeader(request: FastifyRequest): string | undefined {
  const value = request.headers.deviceid;
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.trim() !== "" ? first.trim().slice(0, 128) : undefined;
}

/** /v1/mix: the configuration calls of requirements.md §7. */
const mixRoutes: FastifyPluginCallback = (app, _options, done) => {
  endpoint(app, "domainConfig", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return ok(await app.configRepository.domainConfig());
  });

  endpoint(app, "clientCommonConfig", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const data: ClientCommonConfig = {
      clientCommonConfig: {
        eventLogUploadSwitch: await app.analyticsEvents.uploadSwitch({
          deviceId: deviceIdHeader(request),
          ip: request.ip,
        }),
        userId: await app.auth.optionalUserId(request),
      },
      localVo: { ip: request.ip },
    };
    return ok(data);
  });
  done();
};

export default mixRoutes;
