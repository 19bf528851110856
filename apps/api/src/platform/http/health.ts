import type { FastifyPluginCallback, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { sql } from "kysely";
import { systemClock, withTimeout } from "@affiliates/contracts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Turns GET /readyz to 503 ("draining") while the instance keeps serving: server.ts calls it on SIGTERM, waits
     * for the load balancer to notice, then closes. Idempotent.
     */
    beginDrain(): void;
  }
}

export interface HealthOptions {
  /** How long one dependency check may take before it counts as failed (default 2000 ms). */
  checkTimeoutMs?: number;
}

export type ReadinessStatus = "ready" | "draining" | "unavailable";
export interface Readiness {
  status: ReadinessStatus;
  /** Why the instance is not ready (`database: …`, `redis: …`); absent when ready. */
  reason?: string;
}

/** The health answers: never cached, never rate-limited, no token, no request log line per poll. */
const ROUTE_OPTIONS = { config: { rateLimit: false }, logLevel: "warn" } as const;

/** `work`, or a rejection naming `what` after `ms` (contracts' withTimeout; the check itself takes no signal). */
const withinMs = <T>(work: Promise<T>, ms: number, what: string): Promise<T> =>
  withTimeout(
    systemClock,
    ms,
    () => new Error(`${what}: no answer within ${ms} ms`),
    () => work,
  );

const reasonOf = (what: string, error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith(`${what}:`) ? message : `${what}: ${message}`;
};

function send(reply: FastifyReply, status: number, body: Readiness | { status: "ok" }): FastifyReply {
  reply.code(status).header("cache-control", "no-store").type("application/json; charset=utf-8");
  if (status === 503) reply.header("retry-after", "1");
  return reply.send(body);
}

/**
 * Health of one API instance, for load balancers and orchestrators (docs/deploy.md):
 * - `GET /healthz`: the process is up and serving (no dependency is asked): 200 `{"status":"ok"}`.
 * - `GET /readyz`: the database answers `select 1` and Redis (when configured) answers PING: 200 `{"status":"ready"}`;
 *   otherwise 503 `{"status":"unavailable","reason":"…"}`; 503 `{"status":"draining"}` once shutdown has begun
 *   (beginDrain, or app.close()).
 * HEAD works on both (Fastify's HEAD routes).
 */
const healthRoutes: FastifyPluginCallback<HealthOptions> = (app, options, done) => {
  const timeoutMs = options.checkTimeoutMs ?? 2000;
  let draining = false;
  app.decorate("beginDrain", () => {
    draining = true;
  });
  app.addHook("preClose", (done) => {
    draining = true;
    done();
  });

  async function readiness(): Promise<Readiness> {
    if (draining) return { status: "draining" };
    try {
      await withinMs(sql`select 1`.execute(app.db), timeoutMs, "database");
    } catch (error) {
      return { status: "unavailable", reason: reasonOf("database", error) };
    }
    if (app.redis) {
      try {
        await withinMs(app.redis.ping(), timeoutMs, "redis");
      } catch (error) {
        return { status: "unavailable", reason: reasonOf("redis", error) };
      }
    }
    return draining ? { status: "draining" } : { status: "ready" };
  }

  app.get("/healthz", ROUTE_OPTIONS, async (_request, reply) => send(reply, 200, { status: "ok" }));

  app.get("/readyz", ROUTE_OPTIONS, async (request, reply) => {
    const result = await readiness();
    if (result.status === "unavailable") request.log.warn({ reason: result.reason }, "not ready");
    return send(reply, result.status === "ready" ? 200 : 503, result);
  });
  done();
};

/** Not encapsulated: `beginDrain` is decorated on the instance the API is registered on (server.ts calls it). */
export default fp(healthRoutes, { name: "health", dependencies: ["db", "redis"] });
