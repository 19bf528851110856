import type { FastifyInstance } from "fastify";
import {
  analyticsEventListQuerySchema,
  analyticsSwitchRequestSchema,
  type AnalyticsEventList,
  type AnalyticsSwitch,
} from "@affiliates/contracts";
import { ok, parseBody } from "../../../lib/envelope";
import { badRequestFromZod } from "../../../lib/errors";
import { switchKey } from "../../../plugins/app/events-repository";

/**
 * The operators' analytics calls, added to the admin instance so that its `x-admin-token` hook guards them:
 * call `registerAdminAnalytics(app)` inside `adminRoutes` (routes/v1/admin/index.ts), before `done()`.
 * - `GET  /v1/admin/analytics/events?limit=&type=&since=`: the latest stored events, newest first.
 * - `PUT  /v1/admin/analytics/switch` `{deviceId | ip, enabled: true | false | null}`: one client's upload switch.
 */
export function registerAdminAnalytics(app: FastifyInstance): void {
  app.get("/analytics/events", async (request) => {
    const query = analyticsEventListQuerySchema.safeParse(request.query ?? {});
    if (!query.success) throw badRequestFromZod(query.error);
    const data: AnalyticsEventList = { events: await app.analyticsEvents.latest(query.data) };
    return ok(data);
  });

  app.put("/analytics/switch", async (request) => {
    const input = parseBody(analyticsSwitchRequestSchema, request.body);
    const client = input.deviceId !== undefined ? switchKey.device(input.deviceId) : switchKey.ip(input.ip ?? "");
    await app.analyticsEvents.setSwitch(client, input.enabled);
    const data: AnalyticsSwitch = { client, enabled: await app.analyticsEvents.uploadSwitch(input.deviceId !== undefined ? { deviceId: input.deviceId, ip: "" } : { ip: input.ip ?? "" }) };
    return ok(data);
  });
}
