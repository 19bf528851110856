import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import fp from "fastify-plugin";
import { ZodError } from "zod";
import { loadConfig, type AppConfig } from "./platform/config";
import { HeaderName, jsonNestingExceeds, NESTED_TOO_DEEPLY, TRACE_ID_PATTERN } from "@affiliates/contracts";
import { ApiError, badRequestFromZod, ERROR_CODES } from "./platform/http/errors";
import { sendError } from "./platform/http/envelope";
import { allowedMethods, clientErrorHandler, isSupportedMethod, methodNotAllowed } from "./platform/http/methods";
import authPlugin from "./domains/auth/plugin";
import configRepositoryPlugin from "./domains/config/repository";
import { createRetention } from "./jobs/retention";
import { MIGRATIONS } from "./migrations";
import { seedIfEmpty } from "./seed";
import metricsPlugin from "./platform/plugins/metrics";
import deviceTokensRepositoryPlugin from "./domains/device/repository";
import eventsRepositoryPlugin from "./domains/analytics/repository";
import knownSourcesRepositoryPlugin from "./domains/auth/known-sources-repository";
import errorEventsRepositoryPlugin from "./domains/errors/repository";
import affiliatePlugin from "./domains/affiliate/plugin";
import commissionEnginePlugin from "./domains/commission/engine";
import payoutsRepositoryPlugin from "./domains/payouts/repository";
import referralRepositoryPlugin from "./domains/referral/repository";
import riskRepositoryPlugin from "./domains/risk/repository";
import subInvitationsRepositoryPlugin from "./domains/network/sub-invitations-repository";
import partnersRepositoryPlugin from "./domains/partners/repository";
import sameOriginPlugin from "./platform/plugins/same-origin";
import sessionsRepositoryPlugin from "./domains/auth/sessions-repository";
import supportRepositoryPlugin from "./domains/support/repository";
import usersRepositoryPlugin from "./domains/auth/users-repository";
import vipRepositoryPlugin from "./domains/vip/repository";
import cookiePlugin from "./platform/plugins/cookie";
import dbPlugin from "./platform/plugins/db";
import helmetPlugin from "./platform/plugins/helmet";
import rateLimitPlugin from "./platform/plugins/rate-limit";
import redisPlugin from "./platform/plugins/redis";
import pageRoutes from "./domains/pages/routes";
import adminRoutes from "./admin-routes";
import buriedRoutes from "./domains/analytics/routes";
import constantIdRoutes from "./domains/device/routes";
import mixRoutes from "./domains/config/routes";
import riskRoutes from "./domains/risk/routes";
import sentryRoutes, { sentryTunnelConfig, type SentryTunnelOptions } from "./domains/errors/routes";
import affiliateRoutes from "./domains/affiliate/routes";
import partnerRoutes from "./domains/partners/routes";
import supportRoutes from "./domains/support/routes";
import openApiPlugin from "./platform/http/openapi";
import userRoutes from "./domains/auth/routes";
import vipRoutes from "./domains/vip/routes";

export type AppOptions = AppConfig & {
  /** Overrides of the Sentry tunnel's configuration from the environment (tests: an upstream, a fake fetch). */
  sentryTunnel?: Partial<SentryTunnelOptions>;
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === "string";
}

const FORBIDDEN_PROPERTY_MSG = "body: forbidden property name (__proto__ or constructor)";

/** Whether a text is JSON by the plain parser (which keeps `__proto__` as a key of its own). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Maps anything thrown to the ApiError the client sees; never leaks internals, never 500s on input. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return badRequestFromZod(error);
  if (!isFastifyError(error)) return new ApiError("internal");
  if (/prototype|constructor/i.test(error.message) && error.statusCode === 400) {
    return new ApiError("bad_request", FORBIDDEN_PROPERTY_MSG);
  }
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ApiError("bad_request", "body: malformed JSON");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError("payload_too_large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError("unsupported_media_type");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError("bad_request", "content-length: does not match the body");
    case "FST_ERR_CTP_INVALID_TYPE":
      return new ApiError("bad_request", "content-type: invalid header");
    case "FST_ERR_BAD_URL":
      return new ApiError("bad_request", "url: malformed");
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new ApiError("rate_limited");
  if (status === 413) return new ApiError("payload_too_large");
  if (status === 415) return new ApiError("unsupported_media_type");
  if (status === 404) return new ApiError("not_found");
  if (status >= 400 && status < 500) return new ApiError("bad_request", `request: ${error.message}`);
  return new ApiError("internal");
}

/** A request id from the hop in front (nginx's `$request_id`) when it looks like one, else a new one. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers["x-request-id"];
  return typeof header === "string" && REQUEST_ID.test(header) ? header : randomUUID();
}

/** The browser's trace id of a request (requirements.md §3, header `TraceId`) when it has the spec's form, else undefined. */
export function traceIdOf(request: IncomingMessage): string | undefined {
  const header = request.headers[HeaderName.traceId.toLowerCase()];
  return typeof header === "string" && TRACE_ID_PATTERN.test(header) ? header : undefined;
}

/** The application as a plugin (fastify/demo's split): everything but the server and its listen. */
const apiPlugin: FastifyPluginAsync<AppOptions> = async (app, options) => {
  // JSON bodies through Fastify's safe parser (proto poisoning refused), but an empty body counts as no body:
  // the spec's payload-less POSTs may still carry Content-Type: application/json.
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  // Plain text is no input of ours: refused with 415 rather than handed to a route as a string.
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    // Before parsing, without recursion: deeper JSON would overflow whatever walks it later (stringify, schemas).
    if (jsonNestingExceeds(text)) {
      done(new ApiError("bad_request", `body: ${NESTED_TOO_DEEPLY}`), undefined);
      return;
    }
    void jsonParser(request, text, (error, parsed) => {
      // Fastify's parser says "invalid JSON" for a poisoned key too: JSON that parses plainly was refused for one.
      if (error && isJson(text)) done(new ApiError("bad_request", FORBIDDEN_PROPERTY_MSG), undefined);
      else done(error, parsed);
    });
  });

  // Fastify closes the connection after refusing an oversized body; a proxy still writing that body then meets
  // EPIPE before it reads the 413 and reports a failure of its own. Kept open, Node reads and discards the rest and
  // the 413 arrives, on every route (the load balancer's client_max_body_size bounds what can be sent at all).
  app.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 413) reply.removeHeader("connection");
  });

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: apiError.code, msg: apiError.message }, "request refused");
    return sendError(reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // TRACE, OPTIONS and other methods no route uses: 405 with what the path does take (keeps 404 for GET/POST…).
    if (!isSupportedMethod(request.method))
      return sendError(reply, methodNotAllowed(request.method, path, allowedMethods(app, path)));
    return reply
      .code(404)
      .type("application/json; charset=utf-8")
      .send({ code: ERROR_CODES.not_found.code, msg: `${request.method} ${path}: no such route`, data: null });
  });

  app.addHook("onRequest", (request, reply, done) => {
    void reply.header("x-request-id", request.id);
    // The browser's own id of the call, handed back so its console and our logs can be matched.
    const traceId = traceIdOf(request.raw);
    if (traceId) void reply.header(HeaderName.traceId, traceId);
    done();
  });
  await app.register(metricsPlugin);
  // Prometheus' scrape of this instance (docs/deploy.md): on the API's own port only; nginx and the web front do not
  // route it.
  app.get("/metrics", { config: { rateLimit: false } }, async (_request, reply) =>
    reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics()),
  );
  await app.register(dbPlugin, {
    migrations: MIGRATIONS,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    pgSchema: options.pgSchema,
    seed: options.seed ? (db) => seedIfEmpty(db, { publicOrigin: options.publicOrigin }) : undefined,
  });
  await app.register(redisPlugin, { redisUrl: options.redisUrl, keyPrefix: options.redisKeyPrefix, now: options.now });
  await app.register(cookiePlugin);
  await app.register(helmetPlugin);
  // Cross-site POST/PUT/PATCH/DELETE are refused before anything else runs (PUBLIC_ORIGIN, ALLOWED_ORIGINS).
  await app.register(sameOriginPlugin, { publicOrigin: options.publicOrigin, allowedOrigins: options.allowedOrigins });
  await app.register(rateLimitPlugin, { ...options.rateLimit, keyPrefix: options.redisKeyPrefix });
  // GET /healthz and /readyz (platform/http/health.ts): after the rate limit, which they are exempt from.
  await app.register(import("./platform/http/health"));

  await app.register(usersRepositoryPlugin, { now: options.now });
  await app.register(sessionsRepositoryPlugin, { ttlMs: options.sessionTtlMs, now: options.now });
  await app.register(configRepositoryPlugin, { appEnv: options.appEnv });
  await app.register(eventsRepositoryPlugin, { now: options.now });
  await app.register(vipRepositoryPlugin, { now: options.now });
  await app.register(supportRepositoryPlugin, { now: options.now });
  await app.register(deviceTokensRepositoryPlugin, { now: options.now });
  await app.register(errorEventsRepositoryPlugin, { now: options.now, bounds: options.errorEvents });
  await app.register(affiliatePlugin, { now: options.now });
  await app.register(commissionEnginePlugin, { now: options.now });
  await app.register(payoutsRepositoryPlugin, { now: options.now });
  await app.register(referralRepositoryPlugin, { now: options.now });
  await app.register(subInvitationsRepositoryPlugin, { now: options.now });
  await app.register(partnersRepositoryPlugin, { now: options.now });
  await app.register(riskRepositoryPlugin, { now: options.now });
  await app.register(knownSourcesRepositoryPlugin, { now: options.now });
  await app.register(authPlugin, {
    ...options.loginThrottle,
    registerLimit: options.registerRateLimit,
    referralSignupLimit: options.referralSignupRateLimit,
  });
  app.decorate("retention", createRetention(app, { analyticsRetentionDays: options.analyticsRetentionDays }));

  // The /v1 routes come from the endpoint table (packages/contracts/src/endpoints.ts, platform/http/endpoint.ts): their
  // input is validated by its zod schemas, their answers checked against them in tests and development.
  // The OpenAPI document is registered before them: it collects routes as they are added.
  await app.register(openApiPlugin, { appEnv: options.appEnv });
  await app.register(userRoutes, { prefix: "/v1/user" });
  await app.register(mixRoutes, { prefix: "/v1/mix" });
  await app.register(vipRoutes, { prefix: "/v1/vip" });
  await app.register(affiliateRoutes, { prefix: "/v1/affiliate", publicOrigin: options.publicOrigin });
  await app.register(partnerRoutes, { prefix: "/v1/partners" });
  await app.register(constantIdRoutes, { prefix: "/v1/constantid", appEnv: options.appEnv });
  await app.register(riskRoutes, { prefix: "/v1/risk" });
  await app.register(buriedRoutes, { prefix: "/v1/buried", rateLimit: options.analyticsRateLimit });
  await app.register(supportRoutes, { prefix: "/v1/support", rateLimit: options.supportRateLimit });
  // The Sentry tunnel (requirements.md §7): SENTRY_PROJECT_IDS, SENTRY_DSN_HOSTS, SENTRY_UPSTREAM, SENTRY_TUNNEL_BODY_LIMIT,
  // SENTRY_TUNNEL_MAX_ITEMS, SENTRY_TUNNEL_MAX_EVENT_BYTES, SENTRY_RATE_LIMIT_MAX.
  await app.register(sentryRoutes, { prefix: "/v1/sentry", ...sentryTunnelConfig(), ...options.sentryTunnel });
  await app.register(adminRoutes, {
    prefix: "/v1/admin",
    adminToken: options.adminToken,
    appEnv: options.appEnv,
    tradeFeed: options.tradeFeed,
    now: options.now,
  });
  await app.register(pageRoutes, {
    appEnv: options.appEnv,
    publicOrigin: options.publicOrigin,
    referralClicksPerIp: options.referralClicksPerIp,
  });
};

/** Not encapsulated (fastify-plugin): the instance it is registered on gets its decorators (db, repositories) and handlers. */
export const appPlugin = fp(apiPlugin, { name: "affiliates-api" });

/**
 * Builds the API in-process (not listening): options default from the environment (see platform/config.ts).
 * Tests: `await buildApp({ databaseUrl: ":memory:", logger: false })` then `app.inject(...)`; close with `app.close()`.
 * `extend` runs before the instance is sealed: a test's own probe route (the app's routes never need it).
 */
export async function buildApp(
  overrides: Partial<AppOptions> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<FastifyInstance> {
  const options: AppOptions = { ...loadConfig(), ...overrides };
  const app = Fastify({
    logger: options.logger ? { level: process.env.LOG_LEVEL ?? "info" } : false,
    // Every log line of a request carries its id (reqId), and so do the response header and any error envelope.
    genReqId: requestIdOf,
    // ...and the browser's trace id when it sent one (requirements.md §3).
    childLoggerFactory(logger, bindings, options, rawRequest) {
      const traceId = traceIdOf(rawRequest);
      return logger.child(traceId ? { ...bindings, traceId } : bindings, options);
    },
    // Start-up migrates and seeds inside a plugin: a large database's migration takes longer than avvio's 10 s.
    pluginTimeout: 120_000,
    bodyLimit: options.bodyLimit,
    trustProxy: options.trustProxy,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    // Requests Node's parser refuses (an unknown method, oversized headers) get the envelope too.
    clientErrorHandler,
    // Errors raised before routing (a malformed URL, a bad content-type header) get the envelope too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void sendError(reply, toApiError(error));
    },
  });
  await app.register(appPlugin, options);
  await extend?.(app);
  await app.ready();
  return app;
}
