import fastifyRateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import { clientKey } from "../http/client-key";
import { ApiError } from "../http/errors";

export interface RateLimitOptions {
  max: number;
  timeWindowMs: number;
  keyPrefix: string;
}

/** A general per-IP limit on every route; in Redis when REDIS_URL is set (shared by all instances), else in memory. */
export default fp<RateLimitOptions>(
  async (app, options) => {
    await app.register(fastifyRateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.timeWindowMs,
      ...(app.redis ? { redis: app.redis, nameSpace: `${options.keyPrefix}rate-limit:` } : {}),
      skipOnError: true,
      // Per client: an IPv6 client by its /64 (one subscriber's whole prefix), not by each of its addresses.
      keyGenerator: (request) => clientKey(request.ip),
      errorResponseBuilder: (_request, context) =>
        new ApiError("rate_limited", `Too many requests, try again in ${context.after}`),
    });
  },
  { name: "rate-limit", dependencies: ["redis"] },
);
