import { buildApp } from "./app";
import { loadServerConfig } from "./config";

const { host, port } = loadServerConfig();
const app = await buildApp();

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "closing");
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
} catch (error) {
  app.log.error({ err: error }, "listen failed");
  await app.close();
  process.exit(1);
}
