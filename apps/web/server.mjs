#!/usr/bin/env node
// @ts-check
// The web tier's process: Next.js behind a thin HTTP front that owns what Next's own server does not.
// - The client's address: X-Forwarded-For is believed only from the hops TRUST_PROXY names; otherwise it is
//   replaced by the address this process saw, so a client cannot pick its IP for the API's limits and logs.
// - The API's paths (/v1, /r, the stand-in /login, /register, /logout) are forwarded to API_ORIGIN as they are,
//   status and body included (an early 413 stays a 413), with no internal header of Next's in the answer.
// - Methods: pages and assets answer GET and HEAD only (405 otherwise); the API decides for its own paths.
// - Health: GET /healthz (the process is up), GET /readyz (Next is ready and the process is not draining).
// - SIGTERM/SIGINT: /readyz turns 503, the listener closes, requests in flight finish (SHUTDOWN_GRACE_S), then exit.
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";
import proxyAddr from "proxy-addr";
import apiPaths from "../../packages/contracts/src/api-paths.json" with { type: "json" };

const dir = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? "3000");
/** WEB_HOST: the address to listen on; unset: every interface (IPv6 and IPv4), as `next start` does. */
const listenHost = process.env.WEB_HOST || undefined;
/**
 * The host Next names this server by (its request URL, and the proxy's `request.url`): a rewrite is served in place
 * only when its target has the same origin as the request, otherwise Next proxies it over HTTP. Next writes every
 * loopback address as `localhost` in the proxy's URL (NextURL), so a loopback or unspecified WEB_HOST is named
 * `localhost` here too (it reaches this server whichever family it resolves to); any other address is used as it is.
 */
const isLoopbackOrAny = (/** @type {string} */ host) =>
  host === "localhost" || host === "0.0.0.0" || host === "::" || host === "::1" || /^127\./.test(host);
const nextHost = !listenHost || isLoopbackOrAny(listenHost) ? "localhost" : listenHost;
/** Where this process reaches itself (the readiness self-check). */
const selfHost = !listenHost || listenHost === "0.0.0.0" || listenHost === "::" ? "127.0.0.1" : listenHost;
const apiOrigin = new URL(process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? "4000"}`);
const graceMs = Number(process.env.SHUTDOWN_GRACE_S ?? "10") * 1000;

/** The API's own paths: one pattern with the load balancer's (packages/contracts/src/api-paths.json). */
const API_PATH = new RegExp(apiPaths.pattern);

/**
 * TRUST_PROXY: the hops whose X-Forwarded-For is believed — unset or `false`: none (this process is the edge);
 * `loopback`, `uniquelocal`, addresses and CIDRs, comma-separated (proxy-addr's names).
 */
/** @param {string | undefined} raw @returns {(address: string, hop: number) => boolean} */
function trustOf(raw) {
  const value = (raw ?? "").trim();
  if (value === "" || value === "false") return () => false;
  if (value === "true")
    throw new RangeError("TRUST_PROXY=true would believe any client; name the load balancer's addresses");
  return proxyAddr.compile(
    value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

const trust = trustOf(process.env.TRUST_PROXY);

// Headers of one connection, not of the message (RFC 9110 §7.6.1): never forwarded.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "proxy-authorization",
  "proxy-authenticate",
]);

/** @param {http.IncomingHttpHeaders} headers @returns {http.OutgoingHttpHeaders} */
function withoutHopByHop(headers) {
  /** @type {http.OutgoingHttpHeaders} */
  const kept = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

/** @param {string | string[] | undefined} header @returns {string | undefined} */
function firstValue(header) {
  return (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
}

/**
 * Rewrites the forwarding headers to what this hop can vouch for: the client's address (X-Forwarded-For, one
 * value), the scheme and the host. From an untrusted peer, whatever it claimed is dropped.
 */
/** @param {http.IncomingMessage} request */
function vouchForClient(request) {
  const peerTrusted = trust(request.socket.remoteAddress ?? "", 0);
  const client = proxyAddr(request, trust);
  const scheme = "encrypted" in request.socket && request.socket.encrypted ? "https" : "http";
  request.headers["x-forwarded-for"] = client;
  request.headers["x-forwarded-proto"] = (peerTrusted && firstValue(request.headers["x-forwarded-proto"])) || scheme;
  const forwardedHost = peerTrusted && firstValue(request.headers["x-forwarded-host"]);
  if (forwardedHost) request.headers["x-forwarded-host"] = forwardedHost;
  else delete request.headers["x-forwarded-host"];
}

/**
 * @param {http.ServerResponse} response @param {number} status @param {unknown} body
 * @param {http.OutgoingHttpHeaders} [headers]
 */
function sendJson(response, status, body, headers = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(text);
}

const envelope = (/** @type {string} */ code, /** @type {string} */ msg) => ({ code, msg, data: null });

/** Next's own files and the static SDK scripts: the same for every visitor, cacheable as Next says. */
const ASSET_PATH = /^\/(?:affiliates\/)?(?:_next\/|static\/)|^\/affiliates\/static\/|^\/(?:favicon\.ico|robots\.txt)$/;

/**
 * Pages depend on cookies (language, theme, login): no shared cache may keep one visitor's copy for another. Next
 * writes its own Vary (the RSC headers) over the proxy's on the pages it serves, so the answer's headers are completed
 * just before they leave: Vary gains Cookie and Accept, and a Cache-Control that is not private becomes so.
 */
/** @param {http.ServerResponse} response */
function keepPagesPrivate(response) {
  const writeHead = response.writeHead;
  /** @this {http.ServerResponse} @param {Parameters<typeof writeHead>} args */
  function writeHeadPrivately(...args) {
    // Headers handed to writeHead itself win over setHeader's: fold them in first.
    const given = /** @type {http.OutgoingHttpHeaders | undefined} */ (
      args.find((arg, index) => index > 0 && arg !== null && typeof arg === "object" && !Array.isArray(arg))
    );
    for (const name of Object.keys(given ?? {})) {
      const lower = name.toLowerCase();
      const value = given?.[name];
      if ((lower === "vary" || lower === "cache-control") && value !== undefined) {
        response.setHeader(lower, value);
        delete given?.[name];
      }
    }
    const vary = [response.getHeader("vary") ?? []]
      .flat()
      .join(",")
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);
    for (const name of ["Cookie", "Accept"])
      if (!vary.some((value) => value.toLowerCase() === name.toLowerCase())) vary.push(name);
    response.setHeader("vary", vary.join(", "));
    if (!/\b(?:private|no-store)\b/i.test(String(response.getHeader("cache-control") ?? "")))
      response.setHeader("cache-control", "private, no-cache");
    return writeHead.apply(this, args);
  }
  response.writeHead = /** @type {typeof writeHead} */ (writeHeadPrivately);
}

/**
 * The proxy gzips pre-rendered pages itself, from pieces compressed once (src/lib/gzip-pieces.ts), and names the
 * encoding in this header: Next drops a proxy answer's Content-Encoding (it may have decoded the body) and would
 * compress the body a second time. Turned into Content-Encoding as Next sets it, before Next's compression looks.
 */
const PRECOMPRESSED_HEADER = "x-precompressed";

/** @param {http.ServerResponse} response */
function keepPrecompressed(response) {
  const setHeader = response.setHeader;
  /** @this {http.ServerResponse} @param {string} name @param {number | string | readonly string[]} value */
  response.setHeader = function setHeaderPrecompressed(name, value) {
    if (String(name).toLowerCase() === PRECOMPRESSED_HEADER) return setHeader.call(this, "content-encoding", value);
    return setHeader.call(this, name, value);
  };
}

const apiAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** Forwards one request to the API and its answer back, as they are. */
/** @param {http.IncomingMessage} request @param {http.ServerResponse} response */
function forwardToApi(request, response) {
  const upstream = http.request({
    protocol: apiOrigin.protocol,
    hostname: apiOrigin.hostname,
    port: apiOrigin.port,
    method: request.method,
    path: request.url,
    headers: withoutHopByHop(request.headers),
    agent: apiAgent,
  });
  let answered = false;
  upstream.on("response", (answer) => {
    answered = true;
    response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
    answer.pipe(response);
    answer.on("error", () => response.destroy());
    // The API answered (a 413) before the client sent its whole body: the rest is read here and dropped, not sent on.
    answer.on("end", () => {
      if (request.complete) return;
      request.unpipe(upstream);
      upstream.destroy();
      request.resume();
    });
  });
  upstream.on("error", (error) => {
    // After the answer has begun, the API stopped reading an oversized body (its 413 is on its way): not ours to report.
    if (answered) return;
    if (response.headersSent) {
      response.destroy();
      return;
    }
    console.error(
      `[web] API unreachable for ${request.method} ${request.url?.split("?")[0]}: ${/** @type {NodeJS.ErrnoException} */ (error).code ?? error.message}`,
    );
    sendJson(response, 502, envelope("502", "upstream: the API did not answer"));
  });
  response.on("close", () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
}

// `--dev`: Next's development server behind the same front (package.json "dev").
const app = next({ dev: process.argv.includes("--dev"), dir, hostname: nextHost, port });
const handle = app.getRequestHandler();
let ready = false;
let draining = false;
/** Why the last self-check failed (readiness stays 503 with it), or null. */
/** @type {string | null} */
let selfCheckProblem = "not run yet";

/**
 * A per-process mark on every request handed to Next. A request that arrives already carrying it was proxied by Next
 * to this same server (a rewrite taken for an external one): it would loop until Next's proxy gives up after 30 s, so
 * it is refused at once instead (508), and the self-check below keeps the instance out of rotation.
 */
const HOP_HEADER = "x-web-hop";
const hopMark = randomBytes(12).toString("hex");

/**
 * Prometheus metrics of this instance on GET /metrics (prom-client): requests by kind (page, rsc, asset, api, health),
 * method and status with their duration, and the process' figures. Scraped on the instance's own port; nginx answers
 * 404 for /metrics at the edge (docs/deploy.md).
 */
const metrics = new Registry();
collectDefaultMetrics({ register: metrics });
const requestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Requests by kind, method and status, with their duration",
  labelNames: ["kind", "method", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5],
  registers: [metrics],
});
/** A request's kind for the metrics: few label values, never the path itself. */
/** @param {http.IncomingMessage} request @param {string} pathname */
function kindOf(request, pathname) {
  if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") return "health";
  if (API_PATH.test(pathname)) return "api";
  if (ASSET_PATH.test(pathname)) return "asset";
  return request.headers.rsc === "1" ? "rsc" : "page";
}

const server = http.createServer((request, response) => {
  const pathname = (request.url ?? "/").split("?")[0] ?? "/";
  const started = process.hrtime.bigint();
  const kind = kindOf(request, pathname);
  response.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    requestDuration.observe({ kind, method: request.method ?? "", status: String(response.statusCode) }, seconds);
  });
  if (pathname === "/metrics" && (request.method === "GET" || request.method === "HEAD")) {
    void metrics.metrics().then((text) => {
      response.writeHead(200, { "content-type": metrics.contentType, "cache-control": "no-store" });
      response.end(request.method === "HEAD" ? undefined : text);
    });
    return;
  }
  if (pathname === "/healthz" && (request.method === "GET" || request.method === "HEAD")) {
    sendJson(response, 200, { status: "ok" });
    return;
  }
  if (pathname === "/readyz" && (request.method === "GET" || request.method === "HEAD")) {
    if (ready && !draining && !selfCheckProblem) sendJson(response, 200, { status: "ready" });
    else
      sendJson(
        response,
        503,
        draining
          ? { status: "draining" }
          : ready
            ? { status: "failing", reason: selfCheckProblem }
            : { status: "starting" },
        { "retry-after": "1" },
      );
    return;
  }
  if (request.headers[HOP_HEADER] === hopMark) {
    console.error(`[web] ${request.url?.split("?")[0]} came back from Next's own proxy: a rewrite left this server`);
    sendJson(response, 508, envelope("508", "a page rewrite was proxied back to this server"));
    return;
  }
  delete request.headers[HOP_HEADER];
  vouchForClient(request);
  if (API_PATH.test(pathname)) {
    forwardToApi(request, response);
    return;
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    // Pages and assets are read-only: Next would otherwise treat a POST as a server action and a TRACE as a crash.
    sendJson(response, 405, envelope("405", `${request.method} ${pathname}: method not allowed`), {
      allow: "GET, HEAD",
    });
    return;
  }
  if (draining) response.setHeader("connection", "close");
  if (!ASSET_PATH.test(pathname)) {
    keepPagesPrivate(response);
    keepPrecompressed(response);
  }
  request.headers[HOP_HEADER] = hopMark;
  void handle(request, response);
});

// Behind a load balancer, idle keep-alive connections must outlive its own (nginx: 60 s) to avoid a race on reuse.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

/** @param {NodeJS.Signals} signal */
function shutdown(signal) {
  if (draining) return;
  draining = true;
  console.log(`[web] ${signal}: draining`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    console.error("[web] requests still open after the grace period, exiting");
    process.exit(0);
  }, graceMs).unref();
}

process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));

/**
 * Readiness asks for what browsers ask during client-side navigation: a page's RSC payload (`rsc: 1`, `Accept: *\/*`),
 * through this server, within 2 s. The HTML path alone says nothing of it (the proxy answers HTML from memory).
 */
const SELF_CHECK_MS = 2_000;
/** A failed self-check is tried again at this pace until it passes (a slow first render heals; a wrong setup does not). */
const SELF_CHECK_RETRY_MS = 5_000;

/** @returns {Promise<string | null>} */
function selfCheck() {
  return new Promise((resolve) => {
    const probe = http.get(
      {
        host: selfHost,
        port,
        path: "/affiliates",
        headers: { rsc: "1", accept: "*/*", "user-agent": "web-self-check" },
        timeout: SELF_CHECK_MS,
      },
      (answer) => {
        answer.resume();
        resolve(
          answer.statusCode !== undefined && answer.statusCode < 500
            ? null
            : `RSC request answered ${answer.statusCode}`,
        );
      },
    );
    probe.on("timeout", () => probe.destroy(new Error(`RSC request not answered within ${SELF_CHECK_MS} ms`)));
    probe.on("error", (error) => resolve(error.message));
  });
}

async function checkSelf() {
  const problem = await selfCheck();
  if (problem && problem !== selfCheckProblem) console.error(`[web] not ready: ${problem}`);
  selfCheckProblem = problem;
  if (problem && !draining) setTimeout(() => void checkSelf(), SELF_CHECK_RETRY_MS).unref();
}

await app.prepare();
server.listen(port, listenHost, async () => {
  await checkSelf();
  ready = true;
  console.log(
    `[web] ready on port ${port} (API ${apiOrigin.origin})${selfCheckProblem ? `, failing: ${selfCheckProblem}` : ""}`,
  );
});
