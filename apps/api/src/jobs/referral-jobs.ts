import type { FastifyInstance } from "fastify";
import { previousMonth } from "../platform/lib/days";

export interface ReferralJobsOptions {
  /** How often the due work is looked for (default one minute). */
  intervalMs?: number;
}

/**
 * The referral loop's clock-driven work, for a listening server: the daily settlement (every pending line of
 * yesterday and before, at the first tick after 00:00 UTC) and the monthly level review (last month's, on the 1st).
 * Both are idempotent, so several instances may run them at once; a failed tick is logged and tried again.
 */
export function startReferralJobs(app: FastifyInstance, options: ReferralJobsOptions = {}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const settled = await app.commissions.settleDue();
      if (settled && settled.lines > 0) app.log.info({ settled }, "daily settlement");
      const review = await app.commissions.reviewLevels(previousMonth(app.affiliate.today().slice(0, 7)));
      if (!review.alreadyDone) app.log.info({ review }, "monthly level review");
    } catch (error) {
      app.log.error({ err: error }, "referral jobs failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 60_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
