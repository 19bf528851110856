// @ts-check
// The settings of `npm run cluster` (scripts/cluster.mjs): startCluster's options, else the environment, else the
// defaults listed at the top of scripts/cluster.mjs.
import { existsSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/web-build.mjs";

/** @param {unknown} value @returns {string | undefined} the trimmed string, unless empty */
export const nonEmpty = (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
/** @param {string | undefined} value */
const isOff = (value) => value === "off" || value === "false" || value === "0";
/** @param {string | undefined} value */
export const isOn = (value) => value === "on" || value === "true" || value === "1";
/** @param {string | undefined} value @param {string} fallback a comma-separated list */
const portsFrom = (value, fallback) => (nonEmpty(value) ?? fallback).split(",").map((p) => Number(p.trim()));

/**
 * @typedef {object} ClusterOptions
 * @property {number} [port] nginx's public port (CLUSTER_PORT, 8080)
 * @property {string} [host] the public listener's address (CLUSTER_HOST, 127.0.0.1)
 * @property {string} [internalHost] the internal listener's loopback address (CLUSTER_INTERNAL_HOST, 127.0.0.2)
 * @property {number[]} [apiPorts] (CLUSTER_API_PORTS, 4201,4202)
 * @property {number[]} [webPorts] (CLUSTER_WEB_PORTS, 3201,3202)
 * @property {string} [databaseUrl] (DATABASE_URL, postgres://postgres@127.0.0.1:5432/test)
 * @property {string} [databaseSchema] (DATABASE_SCHEMA)
 * @property {string} [redisUrl] (REDIS_URL, redis://127.0.0.1:6379)
 * @property {string} [redisKeyPrefix] (REDIS_KEY_PREFIX)
 * @property {string} [publicOrigin] (PUBLIC_ORIGIN, http://localhost:<port>)
 * @property {string} [appEnv] (APP_ENV, online)
 * @property {boolean} [seed] (SEED, true)
 * @property {string} [runtimeDir] (CLUSTER_DIR, .cluster/<port>)
 * @property {string} [nginx] (NGINX)
 * @property {boolean} [migrate] run `npm run migrate` first (CLUSTER_MIGRATE, true)
 * @property {boolean} [build] build the web app when needed (CLUSTER_BUILD, true)
 * @property {boolean} [debug] the X-Upstream header (CLUSTER_DEBUG, false)
 * @property {number} [pollMs] (CLUSTER_POLL_MS, 1000)
 * @property {Record<string, string>} [env] extra environment of every instance (e.g. low rate limits in tests)
 * @property {boolean} [echo] copy the instances' output to this process's, prefixed (the CLI does)
 * @property {(line: string) => void} [log]
 */

/** @param {ClusterOptions} options */
export function resolveOptions(options, env = process.env) {
  const port = options.port ?? Number(nonEmpty(env.CLUSTER_PORT) ?? "8080");
  return {
    port,
    host: options.host ?? nonEmpty(env.CLUSTER_HOST) ?? "127.0.0.1",
    internalHost: options.internalHost ?? nonEmpty(env.CLUSTER_INTERNAL_HOST) ?? "127.0.0.2",
    apiPorts: options.apiPorts ?? portsFrom(env.CLUSTER_API_PORTS, "4201,4202"),
    webPorts: options.webPorts ?? portsFrom(env.CLUSTER_WEB_PORTS, "3201,3202"),
    databaseUrl: options.databaseUrl ?? nonEmpty(env.DATABASE_URL) ?? "postgres://postgres@127.0.0.1:5432/test",
    databaseSchema: options.databaseSchema ?? nonEmpty(env.DATABASE_SCHEMA),
    redisUrl: options.redisUrl ?? nonEmpty(env.REDIS_URL) ?? "redis://127.0.0.1:6379",
    redisKeyPrefix: options.redisKeyPrefix ?? nonEmpty(env.REDIS_KEY_PREFIX),
    publicOrigin: options.publicOrigin ?? nonEmpty(env.PUBLIC_ORIGIN) ?? `http://localhost:${port}`,
    appEnv: options.appEnv ?? nonEmpty(env.APP_ENV) ?? "online",
    seed: options.seed ?? !isOff(nonEmpty(env.SEED) ?? "true"),
    runtimeDir: path.resolve(ROOT, options.runtimeDir ?? nonEmpty(env.CLUSTER_DIR) ?? `.cluster/${port}`),
    nginx: options.nginx ?? nonEmpty(env.NGINX) ?? (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx"),
    migrate: options.migrate ?? !isOff(nonEmpty(env.CLUSTER_MIGRATE) ?? "on"),
    build: options.build ?? !isOff(nonEmpty(env.CLUSTER_BUILD) ?? "on"),
    debug: options.debug ?? isOn(nonEmpty(env.CLUSTER_DEBUG) ?? "off"),
    pollMs: options.pollMs ?? Number(nonEmpty(env.CLUSTER_POLL_MS) ?? "1000"),
    env: options.env ?? {},
    echo: options.echo ?? false,
    log: options.log ?? ((line) => console.log(`[cluster] ${line}`)),
  };
}
