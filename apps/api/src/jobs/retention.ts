import type { FastifyInstance } from "fastify";

export interface RetentionJobsOptions {
  /** How often retention runs (default ten minutes): the error store's total cap is kept within minutes. */
  intervalMs?: number;
}

export interface RetentionRun {
  analytics: { cutoffDay: string; partitionsDropped: number; rowsDeleted: number };
  /** Error events past ERROR_EVENTS_RETENTION_DAYS, and the oldest ones while over ERROR_EVENTS_MAX_TOTAL_BYTES. */
  errorEvents: { expired: number; overCap: number };
}

export interface RetentionSettings {
  analyticsRetentionDays: number;
}

/** Retention over every store that grows with traffic; a run is idempotent, so instances may run it at once. */
export function createRetention(app: FastifyInstance, settings: RetentionSettings) {
  return {
    async runOnce(): Promise<RetentionRun> {
      const started = performance.now();
      const analytics = await app.analyticsEvents.expire(settings.analyticsRetentionDays);
      const errorEvents = { expired: await app.errorEvents.expire(), overCap: await app.errorEvents.trimToTotal() };
      app.metrics.retentionRuns.inc();
      app.metrics.retentionRemoved.inc({ store: "analytics", kind: "rows" }, analytics.rowsDeleted);
      app.metrics.retentionRemoved.inc({ store: "analytics", kind: "partitions" }, analytics.partitionsDropped);
      app.metrics.retentionRemoved.inc({ store: "errors", kind: "rows" }, errorEvents.expired + errorEvents.overCap);
      app.metrics.retentionDuration.observe((performance.now() - started) / 1000);
      return { analytics, errorEvents };
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    retention: ReturnType<typeof createRetention>;
  }
}

/** Runs retention at start and then every `intervalMs`, for a listening server; a failed run is logged and retried. */
export function startRetentionJobs(app: FastifyInstance, options: RetentionJobsOptions = {}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const run = await app.retention.runOnce();
      app.log.info({ retention: run }, "retention");
    } catch (error) {
      app.log.error({ err: error }, "retention failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 10 * 60_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
