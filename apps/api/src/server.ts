import { collectDefaultMetrics } from "prom-client";
import { buildApp } from "./app";
import { loadServerConfig } from "./platform/config";
import { startDemoMarket } from "./jobs/demo-market";
import { startReferralJobs } from "./jobs/referral-jobs";
import { startRetentionJobs } from "./jobs/retention";

const { host, port, demoMarket, demoMarketAffiliate, referralJobs, retentionJobs, shutdownDelayMs, shutdownGraceMs } =
  loadServerConfig();
const app = await buildApp();
// The process's own figures (CPU, memory, event-loop delay, GC) beside the app's, for a real server only.
collectDefaultMetrics({ register: app.metrics.registry });
const stops: (() => void)[] = [];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Graceful shutdown (SIGTERM, SIGINT), in the order a load balancer needs:
 * 1. /readyz answers 503 at once, while the instance keeps serving: whoever polls it (the cluster script, an
 *    orchestrator) takes the instance out of rotation (SHUTDOWN_DELAY_S, default 2 s).
 * 2. app.close(): the listener closes, idle keep-alive connections are closed, requests in flight finish, and a
 *    request arriving meanwhile on an open connection gets 503 (return503OnClosing), which nginx retries elsewhere.
 * 3. Exit 0, or 1 when requests are still open SHUTDOWN_GRACE_S (default 10 s) after the listener closed.
 * A repeated signal (Ctrl-C reaches the whole process group, and the supervisor sends SIGTERM too) changes nothing.
 */
let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) {
    app.log.info({ signal }, "already draining");
    return;
  }
  closing = true;
  app.beginDrain();
  app.log.info({ signal, delayMs: shutdownDelayMs, graceMs: shutdownGraceMs }, "draining: /readyz answers 503");
  for (const stop of stops) stop();
  await sleep(shutdownDelayMs);
  const timer = setTimeout(() => {
    app.log.error("requests still open after the grace period, exiting");
    process.exit(1);
  }, shutdownGraceMs);
  timer.unref();
  try {
    await app.close();
    app.log.info("closed");
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "close failed");
    process.exit(1);
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void shutdown(signal));
}

try {
  await app.listen({ host, port });
  // Always on: the error store is bounded whatever else this instance runs.
  if (referralJobs) stops.push(startReferralJobs(app));
  if (retentionJobs) stops.push(startRetentionJobs(app));
  if (demoMarket) stops.push(startDemoMarket(app, demoMarketAffiliate ? { affiliateUserId: demoMarketAffiliate } : {}));
} catch (error) {
  app.log.error({ err: error }, "listen failed");
  await app.close();
  process.exit(1);
}
