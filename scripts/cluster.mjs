#!/usr/bin/env node
// @ts-check
// `npm run cluster`: the production topology on one machine (docs/deploy.md) —
//
//   client ──► nginx :CLUSTER_PORT ──┬─ API paths (/v1/, /r/, /login, /register, /logout) ──► api-1 :4201, api-2 :4202
//                                    └─ everything else (pages, assets) ─────────────────────► web-1 :3201, web-2 :3202
//   web-n ── API paths it receives ──► nginx CLUSTER_INTERNAL_HOST:CLUSTER_PORT (internal listener) ──► api-n
//   api-n ──► PostgreSQL (DATABASE_URL), Redis (REDIS_URL)
//
// Steps: build the web app when needed (scripts/lib/web-build.mjs), `npm run migrate` once, start the API and web
// instances, render deploy/nginx.conf.template into the runtime directory and start nginx with it
// (`-p <dir> -c <dir>/nginx.conf -g 'daemon off;'`), then poll every instance's /readyz each second: open-source
// nginx has no active health checks, so an instance that stops answering 200 is marked `down` in the rendered
// upstream and nginx is reloaded (and marked up again once it is ready). Ctrl-C or SIGTERM stops everything.
//
// Settings (environment; the script does not read .env):
//   CLUSTER_PORT (8080)              public port of nginx; the URL printed is http://localhost:$CLUSTER_PORT
//   CLUSTER_HOST (127.0.0.1)         address nginx listens on for clients (0.0.0.0: every interface)
//   CLUSTER_INTERNAL_HOST (127.0.0.2) loopback address of nginx's internal listener, the web tier's API_ORIGIN
//   CLUSTER_API_PORTS (4201,4202)    one API instance per port
//   CLUSTER_WEB_PORTS (3201,3202)    one web instance per port
//   CLUSTER_DIR (.cluster/<port>)    runtime directory: nginx.conf, nginx.pid, logs/ (nginx and every instance), tmp/
//   CLUSTER_MIGRATE (on)             `off`: skip `npm run migrate` (instances still migrate under the lock)
//   CLUSTER_BUILD (on)               `off`: do not build the web app (it must be built)
//   CLUSTER_DEBUG (off)              `on`: nginx adds X-Upstream (the instance that answered) to every answer
//   CLUSTER_POLL_MS (1000)           how often /readyz is polled
//   NGINX (/usr/sbin/nginx, else nginx on PATH)
//   DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), DATABASE_SCHEMA (unset: public)
//   REDIS_URL (redis://127.0.0.1:6379), REDIS_KEY_PREFIX (affiliates:)
//   PUBLIC_ORIGIN (http://localhost:$CLUSTER_PORT), APP_ENV (online), SEED (true: the demo accounts, for trying it)
//   Every other variable (RATE_LIMIT_MAX, ADMIN_TOKEN, SENTRY_*, NEXT_DIST_DIR…) is passed to the instances as is.
//
// Importable: `startCluster(options)` resolves once nginx serves, to `{ url, instances, kill(name), restart(name),
// stop() }` (tests/cluster drive it this way).
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isOn, nonEmpty, resolveOptions } from "./cluster-options.mjs";
import { buildIfNeeded, ROOT, WEB_DIR } from "./lib/web-build.mjs";
import apiPaths from "../packages/contracts/src/api-paths.json" with { type: "json" };

const API_DIR = path.join(ROOT, "apps/api");
const TEMPLATE = path.join(ROOT, "deploy/nginx.conf.template");

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {import("./cluster-options.mjs").ClusterOptions} ClusterOptions
 * @typedef {ReturnType<typeof resolveOptions>} ResolvedOptions
 * @typedef {{ ok: boolean, reason: string }} Probe
 */

/** True when something accepts connections on host:port. @param {number} port @returns {Promise<boolean>} */
function isListening(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** GET <origin>/readyz: `{ ok, reason }`. @param {string} origin @param {number} timeoutMs @returns {Promise<Probe>} */
async function probe(origin, timeoutMs) {
  try {
    const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return {
      ok: response.status === 200,
      reason: response.status === 200 ? "" : `${response.status} ${text.slice(0, 200)}`,
    };
  } catch (error) {
    // fetch's connection failures have the code (ECONNREFUSED) in their cause.
    return {
      ok: false,
      reason:
        error instanceof Error
          ? (/** @type {{ code?: string } | undefined} */ (error.cause)?.code ?? error.message)
          : String(error),
    };
  }
}

/** @param {string} file */
function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/**
 * Renders deploy/nginx.conf.template: `{{NAME}}` → value; every placeholder must be known. `{{API_PATHS}}` is the
 * API's paths, the pattern the web front forwards too (packages/contracts/src/api-paths.json).
 * @param {string} template @param {Record<string, string>} given
 */
export function renderNginxConfig(template, given) {
  /** @type {Record<string, string>} */
  const values = { API_PATHS: apiPaths.pattern, ...given };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_match, /** @type {string} */ name) => {
    if (!(name in values)) throw new Error(`deploy/nginx.conf.template: unknown placeholder {{${name}}}`);
    return /** @type {string} */ (values[name]); // known: checked just above
  });
}

/** Refuses to start without nginx or with a port taken; builds the web app when needed. @param {ResolvedOptions} o */
async function checkPrerequisites(o) {
  if (spawnSync(o.nginx, ["-v"], { stdio: "ignore" }).status !== 0) {
    throw new Error(`nginx not found (${o.nginx}); install it (Debian: apt-get install nginx) or set NGINX`);
  }
  const ports = [o.port, ...o.apiPorts, ...o.webPorts];
  for (const port of ports) {
    if (await isListening(port))
      throw new Error(`port ${port} is in use: stop what listens there, or pick other CLUSTER_* ports`);
  }

  if (o.build) buildIfNeeded();
}

/** The API and web instances' environments. @param {ResolvedOptions} o */
function instanceEnvs(o) {
  const common = {
    ...process.env,
    ...o.env,
    APP_ENV: o.appEnv,
    PUBLIC_ORIGIN: o.publicOrigin,
    NODE_ENV: /** @type {const} */ ("production"),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const apiEnv = {
    ...common,
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    SEED: o.seed ? "true" : "false",
    TRUST_PROXY: o.env.TRUST_PROXY ?? "loopback",
    API_HOST: "127.0.0.1",
    LOG: o.env.LOG ?? "true",
    ...(o.databaseSchema ? { DATABASE_SCHEMA: o.databaseSchema } : {}),
    ...(o.redisKeyPrefix ? { REDIS_KEY_PREFIX: o.redisKeyPrefix } : {}),
  };
  const apiOrigin = `http://${o.internalHost}:${o.port}`;
  const webEnv = {
    ...common,
    WEB_HOST: "127.0.0.1",
    API_ORIGIN: apiOrigin,
    TRUST_PROXY: o.env.TRUST_PROXY ?? "loopback",
  };
  return { apiEnv, webEnv };
}

/**
 * `npm run migrate` once, before the instances start.
 * @param {ResolvedOptions} o @param {NodeJS.ProcessEnv} apiEnv
 */
function migrate(o, apiEnv) {
  const log = o.log;
  log(`migrating ${o.databaseSchema ? `schema ${o.databaseSchema}` : "the database"} (npm run migrate)`);
  const migrated = spawnSync(process.execPath, ["--import", "tsx", "apps/api/src/migrate-cli.ts"], {
    cwd: ROOT,
    env: apiEnv,
    encoding: "utf8",
  });
  if (migrated.status !== 0) throw new Error(`npm run migrate failed:\n${migrated.stdout}${migrated.stderr}`);
  log(migrated.stdout.trim().replace(/^\[migrate\] /, "migrate: "));
}

/**
 * @typedef {object} Instance
 * @property {string} name api-1, web-2…
 * @property {"api" | "web"} tier
 * @property {number} port
 * @property {string} origin http://127.0.0.1:<port>
 * @property {string} logFile
 * @property {import("node:child_process").ChildProcess | null} child
 * @property {Promise<void> | null} exited
 * @property {boolean} healthy the poller's view: the last /readyz answered 200
 * @property {boolean} inRotation not marked down in the nginx config last rendered
 * @property {boolean} expectExit the exit was asked for (kill, restart, stop): not reported
 * @property {boolean} started spawned before (its log is appended to)
 */

/** The instances of both tiers, not started yet. @param {ResolvedOptions} o @param {string} logsDir */
function createInstances(o, logsDir) {
  /** @type {Record<string, Instance>} */
  const instances = {};
  o.apiPorts.forEach((port, i) => {
    const name = `api-${i + 1}`;
    instances[name] = {
      name,
      tier: "api",
      port,
      origin: `http://127.0.0.1:${port}`,
      logFile: path.join(logsDir, `${name}.log`),
      child: null,
      exited: null,
      healthy: false,
      inRotation: true,
      expectExit: false,
      started: false,
    };
  });
  o.webPorts.forEach((port, i) => {
    const name = `web-${i + 1}`;
    instances[name] = {
      name,
      tier: "web",
      port,
      origin: `http://127.0.0.1:${port}`,
      logFile: path.join(logsDir, `${name}.log`),
      child: null,
      exited: null,
      healthy: false,
      inRotation: true,
      expectExit: false,
      started: false,
    };
  });
  return instances;
}

/**
 * What the cluster's parts share while it runs: the options, the instances, the runtime files, the environments, and
 * the state that changes (stopping, the nginx process and its exit).
 * @typedef {object} ClusterRun
 * @property {ReturnType<typeof resolveOptions>} o
 * @property {Record<string, Instance>} instances
 * @property {string} logsDir
 * @property {string} confFile
 * @property {string} template
 * @property {NodeJS.ProcessEnv} apiEnv
 * @property {NodeJS.ProcessEnv} webEnv
 * @property {{ stopping: boolean, nginx: import("node:child_process").ChildProcess | null, nginxExited: Promise<void> | null }} state
 */

/** Starts (or starts again) one instance, its output into its log. @param {ClusterRun} run @param {Instance} instance */
function spawnInstance(run, instance) {
  const { o, apiEnv, webEnv, state } = run;
  const log = o.log;
  const apiIndex = (/** @type {Instance} */ i) => o.apiPorts.indexOf(i.port);
  const env =
    instance.tier === "api"
      ? // The daily settlement and monthly review run in one instance only: the first.
        {
          ...apiEnv,
          API_PORT: String(instance.port),
          REFERRAL_JOBS: apiIndex(instance) === 0 ? (o.env.REFERRAL_JOBS ?? "on") : "off",
        }
      : { ...webEnv, PORT: String(instance.port) };
  /** @type {[string, string[], string]} */
  const [command, args, cwd] =
    instance.tier === "api"
      ? [process.execPath, ["--import", "tsx", "src/server.ts"], API_DIR]
      : [process.execPath, ["server.mjs"], WEB_DIR];
  // A new log per cluster start; a restart appends to it.
  const out = createWriteStream(instance.logFile, { flags: instance.started ? "a" : "w" });
  instance.started = true;
  out.write(`\n--- ${new Date().toISOString()} start ${instance.name} on port ${instance.port}\n`);
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(out, { end: false });
    if (o.echo) {
      stream.on("data", (/** @type {Buffer} */ chunk) => {
        for (const line of chunk.toString().split("\n"))
          if (line.trim()) process.stdout.write(`[${instance.name}] ${line}\n`);
      });
    }
  }
  instance.child = child;
  instance.exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      out.end(`--- exit ${signal ?? `code ${code}`}\n`);
      if (instance.child === child) instance.child = null;
      if (!state.stopping && !instance.expectExit)
        log(`${instance.name} exited (${signal ?? `code ${code}`}); see ${path.relative(ROOT, instance.logFile)}`);
      instance.expectExit = false;
      resolve();
    });
  });
}

/** @param {Instance} instance @param {number} timeoutMs */
async function waitReady(instance, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!instance.child) throw new Error(`${instance.name} exited while starting:\n${tail(instance.logFile)}`);
    if ((await probe(instance.origin, 1000)).ok) return;
    await sleep(250);
  }
  throw new Error(`${instance.name} was not ready within ${timeoutMs / 1000} s:\n${tail(instance.logFile)}`);
}

/**
 * An instance is written `down` when it is not healthy, unless its whole tier is not (then nginx tries them all).
 * @param {Record<string, Instance>} instances @param {Instance} instance
 */
function isDown(instances, instance) {
  const tier = Object.values(instances).filter((i) => i.tier === instance.tier);
  return !instance.healthy && tier.some((i) => i.healthy);
}

/** @param {Record<string, Instance>} instances @param {Instance["tier"]} tier */
function serverLines(instances, tier) {
  return Object.values(instances)
    .filter((i) => i.tier === tier)
    .map((i) => `        server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s${isDown(instances, i) ? " down" : ""};`)
    .join("\n");
}

/** Renders the nginx config for the instances' health now. @param {ClusterRun} run */
function writeConfig({ o, instances, confFile, template }) {
  const config = renderNginxConfig(template, {
    RUNTIME_DIR: o.runtimeDir,
    PUBLIC_LISTEN: `${o.host}:${o.port}`,
    INTERNAL_LISTEN: `${o.internalHost}:${o.port}`,
    API_SERVERS: serverLines(instances, "api"),
    WEB_SERVERS: serverLines(instances, "web"),
    MAX_BODY: "2m",
    DEBUG_HEADERS: o.debug ? "        add_header X-Upstream $upstream_addr always;" : "",
  });
  writeFileSync(
    confFile,
    `# Rendered by scripts/cluster.mjs from deploy/nginx.conf.template; rewritten on every health change.\n${config}`,
  );
  for (const instance of Object.values(instances)) instance.inRotation = !isDown(instances, instance);
}

/** Stops every instance (SIGTERM, SIGKILL after 20 s) and nginx. @param {ClusterRun} run */
async function stopAll({ instances, state }) {
  state.stopping = true;
  const running = Object.values(instances).filter((i) => i.child);
  for (const instance of running) instance.child?.kill("SIGTERM");
  if (state.nginx) state.nginx.kill("SIGTERM");
  const all = Promise.all([...running.map((i) => i.exited), state.nginxExited].filter(Boolean));
  const timer = setTimeout(() => {
    for (const instance of running) instance.child?.kill("SIGKILL");
  }, 20_000);
  await all;
  clearTimeout(timer);
}

/** Starts every instance, waits until each is ready, then starts nginx and waits until it listens. @param {ClusterRun} run */
async function startAll(run) {
  const { o, instances, confFile, logsDir, state } = run;
  const log = o.log;
  try {
    log(
      `starting ${o.apiPorts.length} API instances (${o.apiPorts.join(", ")}) and ${o.webPorts.length} web instances (${o.webPorts.join(", ")})`,
    );
    for (const instance of Object.values(instances)) spawnInstance(run, instance);
    await Promise.all(
      Object.values(instances).map(async (i) => {
        await waitReady(i, i.tier === "api" ? 90_000 : 120_000);
        i.healthy = true;
      }),
    );

    writeConfig(run);
    const test = spawnSync(
      o.nginx,
      ["-t", "-q", "-p", o.runtimeDir, "-c", confFile, "-e", path.join(logsDir, "error.log")],
      { encoding: "utf8" },
    );
    if (test.status !== 0) throw new Error(`nginx refused ${confFile}:\n${test.stderr}`);
    state.nginx = spawn(
      o.nginx,
      ["-p", o.runtimeDir, "-c", confFile, "-e", path.join(logsDir, "error.log"), "-g", "daemon off;"],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    state.nginxExited = new Promise((resolve) => {
      // Spawned just above: not null here.
      /** @type {import("node:child_process").ChildProcess} */ (state.nginx).once("exit", (code, signal) => {
        if (!state.stopping)
          log(
            `nginx exited (${signal ?? `code ${code}`}); see ${path.relative(ROOT, path.join(logsDir, "error.log"))}`,
          );
        state.nginx = null;
        resolve();
      });
    });
    const deadline = Date.now() + 10_000;
    while (!(await isListening(o.port, o.host === "0.0.0.0" ? "127.0.0.1" : o.host))) {
      if (!state.nginx || Date.now() > deadline)
        throw new Error(`nginx did not start:\n${tail(path.join(logsDir, "error.log"))}`);
      await sleep(100);
    }
  } catch (error) {
    await stopAll(run);
    throw error;
  }
}

/**
 * The health poller: /readyz of every instance each pollMs; a change re-renders the upstreams and reloads nginx.
 * @param {ClusterRun} run
 */
function startPoller(run) {
  const { o, instances, state } = run;
  const log = o.log;
  const poller = { reloads: 0, polling: true, done: Promise.resolve() };
  poller.done = (async () => {
    while (poller.polling) {
      const started = Date.now();
      const results = await Promise.all(
        Object.values(instances).map(
          async (i) => /** @type {const} */ ([i, await probe(i.origin, Math.max(200, o.pollMs - 100))]),
        ),
      );
      if (!poller.polling) break;
      let changed = false;
      for (const [instance, result] of results) {
        if (result.ok !== instance.healthy) {
          changed = true;
          instance.healthy = result.ok;
          log(
            result.ok
              ? `${instance.name} (:${instance.port}) is ready: back in rotation`
              : `${instance.name} (:${instance.port}) is not ready (${result.reason}): marked down`,
          );
        }
      }
      if (changed && state.nginx) {
        writeConfig(run);
        state.nginx.kill("SIGHUP");
        poller.reloads += 1;
      }
      await sleep(Math.max(0, o.pollMs - (Date.now() - started)));
    }
  })();
  return poller;
}

/**
 * Waits until the poller has put the instance back into nginx's rotation (config rewritten, reload signalled).
 * @param {Instance} instance
 */
async function waitInRotation(instance, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(instance.healthy && instance.inRotation)) {
    if (Date.now() > deadline) throw new Error(`${instance.name} did not come back into rotation`);
    await sleep(100);
  }
  // Let the reloaded workers take over from the old ones.
  await sleep(300);
}

/**
 * The running cluster as its callers drive it.
 * @param {ClusterRun} run @param {ReturnType<typeof startPoller>} poller
 */
function clusterHandle(run, poller) {
  const { o, instances, state } = run;
  /** @param {string} name */
  const named = (name) => {
    const instance = instances[name];
    if (!instance) throw new Error(`no instance "${name}" (known: ${Object.keys(instances).join(", ")})`);
    return instance;
  };

  const cluster = {
    url: o.publicOrigin,
    /** The URL nginx listens on (the public origin may name another host, e.g. localhost). */
    edge: `http://${o.host === "0.0.0.0" ? "127.0.0.1" : o.host}:${o.port}`,
    instances,
    runtimeDir: o.runtimeDir,
    get reloads() {
      return poller.reloads;
    },
    /** kill -9 one instance (no drain): what a crash looks like. Resolves once it has exited. @param {string} name */
    async kill(name) {
      const instance = named(name);
      if (!instance.child) return;
      instance.expectExit = true;
      instance.child.kill("SIGKILL");
      await instance.exited;
    },
    /**
     * Stops the instance if it runs (SIGTERM, drained), starts it again, and resolves once nginx routes to it.
     * @param {string} name
     */
    async restart(name) {
      const instance = named(name);
      if (instance.child) {
        instance.expectExit = true;
        instance.child.kill("SIGTERM");
        await instance.exited;
      }
      spawnInstance(run, instance);
      await waitReady(instance, instance.tier === "api" ? 90_000 : 120_000);
      await waitInRotation(instance);
    },
    /** Stops the poller, every instance (SIGTERM: they drain) and nginx. */
    async stop() {
      state.stopping = true;
      poller.polling = false;
      await poller.done;
      await stopAll(run);
    },
  };
  return cluster;
}

/**
 * Starts the cluster; resolves once every instance is ready and nginx serves.
 * @param {ClusterOptions} [input]
 */
export async function startCluster(input = {}) {
  const o = resolveOptions(input);
  const logsDir = path.join(o.runtimeDir, "logs");
  const tmpDir = path.join(o.runtimeDir, "tmp");
  mkdirSync(logsDir, { recursive: true });
  mkdirSync(tmpDir, { recursive: true });
  for (const file of ["access.log", "error.log"]) writeFileSync(path.join(logsDir, file), "");
  const confFile = path.join(o.runtimeDir, "nginx.conf");
  const template = readFileSync(TEMPLATE, "utf8");

  await checkPrerequisites(o);
  const { apiEnv, webEnv } = instanceEnvs(o);
  if (o.migrate) migrate(o, apiEnv);
  const instances = createInstances(o, logsDir);
  /** @type {ClusterRun} */
  const run = {
    o,
    instances,
    logsDir,
    confFile,
    template,
    apiEnv,
    webEnv,
    state: { stopping: false, nginx: null, nginxExited: null },
  };
  await startAll(run);
  return clusterHandle(run, startPoller(run));
}

async function main() {
  /** @type {Awaited<ReturnType<typeof startCluster>> | undefined} */
  let cluster;
  let stopping = false;
  /** @param {number} code */
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log("\n[cluster] stopping…");
    await cluster?.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  try {
    cluster = await startCluster({ echo: isOn(nonEmpty(process.env.CLUSTER_ECHO) ?? "off") });
  } catch (error) {
    console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(
    `\n[cluster] ready: ${cluster.url}/affiliates  (nginx ${cluster.edge}; logs in ${path.relative(ROOT, cluster.runtimeDir)}/logs)`,
  );
  for (const instance of Object.values(cluster.instances))
    console.log(`[cluster]   ${instance.name}  ${instance.origin}  pid ${instance.child?.pid}`);
  console.log("[cluster] Ctrl-C stops everything");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
