import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * More instances of the web app, started from the suite's own build (apps/web/.next, or NEXT_DIST_DIR) — nothing is
 * built here: one build serves any origin and environment. They use the suite's API.
 * (playwright.config.ts is not imported: loading it clears the suite's data directory.)
 */
export const WEB_DIR = path.resolve(__dirname, "..");
export const DIST_DIR = path.join(WEB_DIR, process.env.NEXT_DIST_DIR ?? ".next");
/** The suite's own web server and API, as playwright.config.ts starts them. */
export const SUITE_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? "3100"}`;
export const SUITE_API_ORIGIN = `http://127.0.0.1:${process.env.E2E_API_PORT ?? "4100"}`;

/**
 * A port nothing listens on, handed out by the OS (listen on port 0, then let it go): a test that starts a server
 * picks its port this way, never a fixed one another service on the machine may hold.
 */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no port from the OS"))));
    });
  });
}

export interface WebInstanceOptions {
  port: number;
  publicOrigin: string;
  appEnv: "test" | "beta" | "online";
  sentryDsn?: string;
  /** Where the instance reaches the API (default: the suite's). */
  apiOrigin?: string;
  env?: Record<string, string>;
}

export interface WebInstance {
  origin: string;
  /** What the instance printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, timeoutMs: number, exited: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the web instance for ${url} exited\n${output()}`);
    try {
      const response = await fetch(url, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms\n${output()}`);
}

/**
 * Starts `node server.mjs` (the web tier's process: it forwards the API's paths to API_ORIGIN) on `port`, with the
 * given PUBLIC_ORIGIN, APP_ENV and SENTRY_DSN; `next start` if there is no server.mjs (then the API is not reachable
 * through it).
 */
export async function startWebInstance(options: WebInstanceOptions, timeoutMs = 90_000): Promise<WebInstance> {
  const serverScript = path.join(WEB_DIR, "server.mjs");
  const args = existsSync(serverScript)
    ? [serverScript]
    : [require.resolve("next/dist/bin/next"), "start", "-p", String(options.port)];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    PORT: String(options.port),
    PUBLIC_ORIGIN: options.publicOrigin,
    APP_ENV: options.appEnv,
    API_ORIGIN: options.apiOrigin ?? SUITE_API_ORIGIN,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if (options.sentryDsn) env.SENTRY_DSN = options.sentryDsn;
  else delete env.SENTRY_DSN;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: WEB_DIR,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  const lines: string[] = [];
  let exited = false;
  child.stdout?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  const done = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const output = () => lines.join("").slice(-4000);
  const stop = async () => {
    if (exited || !child.pid) return;
    process.kill(-child.pid, "SIGTERM");
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 8000))]);
    if (!exited) process.kill(-child.pid, "SIGKILL");
  };
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilUp(`${origin}/affiliates`, timeoutMs, () => exited, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: options.publicOrigin, output, stop };
}
