import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginCallback } from "fastify";
import type { AdminHealth, SupportMessageList } from "@affiliates/contracts";
import type { AppEnv } from "./platform/config";
import { ok } from "./platform/http/envelope";
import { ApiError } from "./platform/http/errors";
import { endpoint } from "./platform/http/endpoint";
import { registerAdminAnalytics } from "./domains/analytics/admin-routes";
import { registerAdminAffiliate } from "./domains/affiliate/admin-routes";
import { TRADE_FEED_BOUNDS_DEFAULTS, type TradeFeedBounds } from "./domains/commission/trade-feed-bounds";
import { registerAdminPartners } from "./domains/partners/admin-routes";
import { registerAdminVip } from "./domains/vip/admin-routes";
import adminErrorRoutes from "./domains/errors/admin-routes";

export interface AdminOptions {
  adminToken: string | undefined;
  appEnv: AppEnv;
  /** The trade feed's sanity bounds (TRADE_MAX_*; default TRADE_FEED_BOUNDS_DEFAULTS). */
  tradeFeed?: TradeFeedBounds;
  /** The app's clock (the feed's time window). */
  now?: () => number;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Constant-time comparison of equal-length digests, whatever the input lengths. */
export function tokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!expected || !given) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** Operators' read API: every call needs `x-admin-token: $ADMIN_TOKEN`, and all are refused while it is unset. */
const adminRoutes: FastifyPluginCallback<AdminOptions> = (app, options, done) => {
  const startedAt = Date.now();

  app.addHook("onRequest", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!options.adminToken)
      throw new ApiError("forbidden", "x-admin-token: the admin API is disabled (ADMIN_TOKEN is not set)");
    const header = request.headers["x-admin-token"];
    if (!tokenMatches(Array.isArray(header) ? header[0] : header, options.adminToken)) {
      throw new ApiError("forbidden", "x-admin-token: missing or wrong admin token");
    }
  });

  endpoint(app, "adminHealth", async () => {
    const [users, sessions] = await Promise.all([app.users.count(), app.sessions.countLive()]);
    const health: AdminHealth = {
      ok: true,
      dialect: app.dbDialect,
      store: app.counterStore.kind,
      appEnv: options.appEnv,
      counts: { users, sessions },
      uptimeS: Math.round((Date.now() - startedAt) / 1000),
    };
    return ok(health);
  });

  endpoint(app, "adminSupportMessages", async (request) => {
    const data: SupportMessageList = { messages: await app.support.latest(request.query.limit) };
    return ok(data);
  });

  registerAdminAnalytics(app);
  registerAdminAffiliate(app, {
    tradeFeed: options.tradeFeed ?? TRADE_FEED_BOUNDS_DEFAULTS,
    now: options.now ?? Date.now,
  });
  registerAdminVip(app);
  registerAdminPartners(app);
  void app.register(adminErrorRoutes);
  done();
};

export default adminRoutes;
