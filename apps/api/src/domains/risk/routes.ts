import type { FastifyPluginCallback } from "fastify";
import type { RiskLogReportResult } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { endpoint } from "../../platform/http/endpoint";

/**
 * /v1/risk: the anti-fraud log call (requirements.md §7 "not shown"; ours is `POST /v1/risk/log/report`).
 * `{paramStr}` = base64 of JSON {version, dxToken, customToken, timestamp, deviceInfo}; stores the row and answers
 * `{customToken}`, the presented one while it is under 24 h old, else a new one.
 */
const riskRoutes: FastifyPluginCallback = (app, _options, done) => {
  endpoint(app, "riskLogReport", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const { customToken } = await app.deviceTokens.report({ params: request.body.paramStr, ip: request.ip });
    const data: RiskLogReportResult = { customToken };
    return ok(data);
  });
  done();
};

export default riskRoutes;
