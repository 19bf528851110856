import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, randomName, TEST_REDIS_URL, type TestApp } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

// Probes for the load balancer, outside /v1: not in the endpoint table, so their paths stay literal.
describe("GET /healthz and /readyz", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("healthz: the process is up, no token, not cached", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("readyz: 200 when the database answers; HEAD works too", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready" });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect((await t.app.inject({ method: "HEAD", url: "/readyz" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "HEAD", url: "/healthz" })).statusCode).toBe(200);
  });

  it("is exempt from the per-IP rate limit that other routes hit", async () => {
    const ip = { "x-forwarded-for": "198.51.100.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.app.inject({ method: "GET", url: apiUrl("domainConfig"), headers: ip })).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: "GET", url: "/readyz", headers: ip })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/healthz", headers: ip })).statusCode).toBe(200);
    }
  });
});

describe("readyz when a dependency or the instance is going away", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("answers 503 draining after beginDrain, while healthz and the API still answer", async () => {
    t = await createTestApp();
    t.app.beginDrain();
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "draining" });
    expect(ready.headers["retry-after"]).toBe("1");
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: apiUrl("domainConfig") })).statusCode).toBe(200);
  });

  it("answers 503 with the database's reason when the database does not answer", async () => {
    const app = (t = await createTestApp()).app;
    await app.db.destroy();
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    const body = response.json<{ status: string; reason: string }>();
    expect(body.status).toBe("unavailable");
    expect(body.reason).toMatch(/^database: /);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it.skipIf(!TEST_REDIS_URL)(
    "asks Redis when configured: 200 while it PINGs, 503 with its reason once it is gone",
    async () => {
      const app = (t = await createTestApp({ redisUrl: TEST_REDIS_URL, redisKeyPrefix: randomName("test:") })).app;
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
      app.redis?.disconnect();
      const response = await app.inject({ method: "GET", url: "/readyz" });
      expect(response.statusCode).toBe(503);
      const body = response.json<{ status: string; reason: string }>();
      expect(body.status).toBe("unavailable");
      expect(body.reason).toMatch(/^redis: /);
      // Back, so the app's own close (QUIT) finds a connection.
      await app.redis?.connect();
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    },
  );
});

/** The real server process (src/server.ts) on an ephemeral port, in-memory SQLite. */
describe("server.ts on SIGTERM", () => {
  const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
  });

  function startServer(): Promise<{ origin: string; exit: Promise<number | null> }> {
    const proc = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
      cwd: apiDir,
      env: {
        ...process.env,
        API_PORT: "0",
        API_HOST: "127.0.0.1",
        DATABASE_URL: ":memory:",
        REDIS_URL: "",
        LOG: "true",
        LOG_LEVEL: "info",
        DEMO_MARKET: "off",
        REFERRAL_JOBS: "off",
        SHUTDOWN_DELAY_S: "1",
        SHUTDOWN_GRACE_S: "5",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    const exit = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
    return new Promise((resolve, reject) => {
      let output = "";
      proc.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (found?.[1]) resolve({ origin: found[1], exit });
      });
      proc.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      void exit.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
  }

  it("turns /readyz to 503 first while still serving, then closes and exits 0", async () => {
    const { origin, exit } = await startServer();
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    child?.kill("SIGTERM");
    // The drain window: readiness fails at once, the API and healthz still answer.
    let ready = await fetch(`${origin}/readyz`);
    for (let i = 0; i < 20 && ready.status === 200; i++) ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "draining" });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}${apiUrl("domainConfig")}`)).status).toBe(200);
    expect(await exit).toBe(0);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  });
});
