import type { FastifyInstance } from "fastify";
import type { AnalyticsEventList, AnalyticsSwitch } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { switchKey } from "./repository";
import { endpoint } from "../../platform/http/endpoint";

/**
 * The operators' analytics calls, added to the admin instance so that its `x-admin-token` hook guards them:
 * call `registerAdminAnalytics(app)` inside `adminRoutes` (admin-routes.ts), before `done()`.
 * - `GET  /v1/admin/analytics/events?limit=&type=&since=`: the latest stored events, newest first.
 * - `PUT  /v1/admin/analytics/switch` `{deviceId | ip, enabled: true | false | null}`: one client's upload switch.
 */
export function registerAdminAnalytics(app: FastifyInstance): void {
  endpoint(app, "adminAnalyticsEvents", async (request) => {
    const data: AnalyticsEventList = { events: await app.analyticsEvents.latest(request.query) };
    return ok(data);
  });

  endpoint(app, "adminAnalyticsSwitch", async (request) => {
    const input = request.body;
    const client = input.deviceId !== undefined ? switchKey.device(input.deviceId) : switchKey.ip(input.ip ?? "");
    await app.analyticsEvents.setSwitch(client, input.enabled);
    const data: AnalyticsSwitch = {
      client,
      enabled: await app.analyticsEvents.uploadSwitch(
        input.deviceId !== undefined ? { deviceId: input.deviceId, ip: "" } : { ip: input.ip ?? "" },
      ),
    };
    return ok(data);
  });
}
