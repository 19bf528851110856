import type { FastifyInstance } from "fastify";

export interface RetentionJobsOptions {
  /** How often retention runs (default one hour): it keeps up with a day's data well within the day. */
  intervalMs?: number;
}

export interface RetentionRun {
  analytics: { cutoffDay: string; partitionsDropped: number; rowsDeleted: number };
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
      app.metrics.retentionRuns.inc();
      app.metrics.retentionRemoved.inc({ store: "analytics", kind: "rows" }, analytics.rowsDeleted);
      app.metrics.retentionRemoved.inc({ store: "analytics", kind: "partitions" }, analytics.partitionsDropped);
      app.metrics.retentionDuration.observe((performance.now() - started) / 1000);
      return { analytics };
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
  const timer = setInterval(() => void tick(), options.intervalMs ?? 3_600_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
