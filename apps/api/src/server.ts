import { buildApp } from "./app";
import { loadServerConfig } from "./config";
import { startDemoMarket } from "./jobs/demo-market";
import { startReferralJobs } from "./jobs/referral-jobs";

const { host, port, demoMarket, demoMarketAffiliate, referralJobs } = loadServerConfig();
const app = await buildApp();
const stops: (() => void)[] = [];

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "closing");
  for (const stop of stops) stop();
  const timer = setTimeout(() => {
    app.log.error("close timed out, exiting");
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "close failed");
    process.exit(1);
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void shutdown(signal));
}

try {
  await app.listen({ host, port });
  if (referralJobs) stops.push(startReferralJobs(app));
  if (demoMarket) stops.push(startDemoMarket(app, demoMarketAffiliate ? { affiliateUserId: demoMarketAffiliate } : {}));
} catch (error) {
  app.log.error({ err: error }, "listen failed");
  await app.close();
  process.exit(1);
}
