import fp from "fastify-plugin";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type pg from "pg";

/**
 * Prometheus metrics of this instance (prom-client), on `GET /metrics` of the API's own port: not routed by nginx or
 * the web front (docs/deploy.md shows the scrape). One registry per app, so apps built side by side in one process
 * (tests) keep their own counts; server.ts adds the process's default metrics to it.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    http: new Histogram({
      name: "http_request_duration_seconds",
      help: "Requests by method, route pattern and status, with their duration",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5],
      registers,
    }),
    feedFills: new Counter({
      name: "feed_fills_total",
      help: "Fills received by the trade feed, by outcome (accepted, duplicate) and whether an affiliate earned",
      labelNames: ["outcome"] as const,
      registers,
    }),
    feedBatch: new Histogram({
      name: "feed_batch_duration_seconds",
      help: "Time to commit one feed batch (fills, lines, totals)",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5],
      registers,
    }),
    feedLag: new Gauge({
      name: "feed_lag_seconds",
      help: "How old the newest fill of the last batch was when the batch was committed",
      registers,
    }),
    settlementRuns: new Counter({ name: "settlement_runs_total", help: "Settlement runs", registers }),
    settlementLines: new Counter({ name: "settlement_lines_total", help: "Commission lines settled", registers }),
    settlementDuration: new Histogram({
      name: "settlement_duration_seconds",
      help: "Duration of one settlement run (every pending day up to the one asked for)",
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
      registers,
    }),
    retentionRuns: new Counter({ name: "retention_runs_total", help: "Retention runs", registers }),
    retentionRemoved: new Counter({
      name: "retention_removed_total",
      help: "What retention removed, by store and kind (rows, partitions)",
      labelNames: ["store", "kind"] as const,
      registers,
    }),
    retentionDuration: new Histogram({
      name: "retention_duration_seconds",
      help: "Duration of one retention run",
      buckets: [0.01, 0.1, 0.5, 1, 5, 30, 120],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The database pool's connections (PostgreSQL): total, idle and waiting clients, read at each scrape. */
export function observePool(metrics: Metrics, pool: pg.Pool): void {
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool: connections by state (total, idle, waiting clients)",
    labelNames: ["state"] as const,
    registers: [metrics.registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export default fp(
  (app, _options, done) => {
    const metrics = createMetrics();
    app.decorate("metrics", metrics);
    app.addHook("onResponse", (request, reply, next) => {
      metrics.http.observe(
        {
          method: request.method,
          // The route's pattern (`/v1/affiliate/links/:id`), never the raw URL: labels stay few.
          route: request.routeOptions.url ?? "unmatched",
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      next();
    });
    done();
  },
  { name: "metrics" },
);
