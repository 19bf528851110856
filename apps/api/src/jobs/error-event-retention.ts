import type { FastifyInstance } from "fastify";

export interface ErrorEventRetentionOptions {
  /** How often expired events are looked for (default ten minutes). */
  intervalMs?: number;
}

/**
 * Error-event retention for a listening server: at start and then every interval, deletes the events older than
 * ERROR_EVENTS_RETENTION_DAYS and, while the store is over ERROR_EVENTS_MAX_TOTAL_BYTES, the oldest ones (both in
 * bounded batches: plugins/app/error-events-repository.ts). Idempotent, so every instance may run it; a failed tick
 * is logged and tried again at the next.
 */
export function startErrorEventRetention(app: FastifyInstance, options: ErrorEventRetentionOptions = {}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await app.errorEvents.expire();
      const overCap = await app.errorEvents.trimToTotal();
      if (expired > 0 || overCap > 0) app.log.info({ expired, overCap }, "error events deleted");
    } catch (error) {
      app.log.error({ err: error }, "error-event retention failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 10 * 60_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
