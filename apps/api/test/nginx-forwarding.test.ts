import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import apiPaths from "../../../packages/contracts/src/api-paths.json";

/**
 * Issue 32 finding 7: the load balancer (deploy/nginx.conf.template) must not pass a client's own X-Forwarded-Host,
 * which both tiers believe from it (TRUST_PROXY): the API's same-origin check and its referral links take the host
 * from it. The template is rendered as scripts/cluster.mjs renders it, in front of an upstream that echoes the headers
 * it gets. Needs nginx (NGINX, else /usr/sbin/nginx); skipped without it.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
const hasNginx = spawnSync(NGINX, ["-v"], { stdio: "ignore" }).status === 0;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = http.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

function get(port: number, urlPath: string, headers: Record<string, string>): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: urlPath, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        try {
          resolve(JSON.parse(body) as Record<string, string>);
        } catch {
          reject(new Error(`${response.statusCode}: ${body}`));
        }
      });
    });
    request.on("error", reject);
  });
}

describe.skipIf(!hasNginx)("nginx in front of the tiers: forwarding headers", () => {
  let dir = "";
  let echo: http.Server;
  let nginx: ChildProcess | undefined;
  let port = 0;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "nginx-forwarding-"));
    for (const sub of ["logs", "tmp"]) mkdirSync(path.join(dir, sub));
    echo = http.createServer((request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(request.headers));
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const upstream = `        server 127.0.0.1:${(echo.address() as AddressInfo).port};`;
    port = await freePort();
    const values: Record<string, string> = {
      RUNTIME_DIR: dir,
      PUBLIC_LISTEN: `127.0.0.1:${port}`,
      INTERNAL_LISTEN: `127.0.0.2:${port}`,
      API_SERVERS: upstream,
      WEB_SERVERS: upstream,
      MAX_BODY: "2m",
      DEBUG_HEADERS: "",
      API_PATHS: apiPaths.pattern,
    };
    const template = readFileSync(path.join(ROOT, "deploy/nginx.conf.template"), "utf8");
    const config = template.replace(/\{\{([A-Z_]+)\}\}/g, (_m, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`unknown placeholder ${name}`);
      return value;
    });
    const confFile = path.join(dir, "nginx.conf");
    writeFileSync(confFile, config);
    nginx = spawn(NGINX, ["-p", dir, "-c", confFile, "-g", "daemon off;"], { stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      try {
        await get(port, "/v1/ping", {});
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error("nginx did not start");
  });

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ["the API", "/v1/user/logout"],
    ["the web tier", "/affiliates"],
  ])(
    "to %s: a client's X-Forwarded-Host is replaced by the Host it asked for; Host is kept",
    async (_tier, urlPath) => {
      const seen = await get(port, urlPath, {
        host: "www.exchange.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-for": "198.51.100.1",
      });
      expect(seen["x-forwarded-host"]).toBe("www.exchange.example");
      expect(seen.host).toBe("www.exchange.example");
      expect(seen["x-forwarded-for"]).toBe("127.0.0.1");
      expect(seen["x-forwarded-proto"]).toBe("http");
    },
  );
});
