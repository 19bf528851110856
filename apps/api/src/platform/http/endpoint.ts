import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
  RouteShorthandOptions,
} from "fastify";
import { AFFILIATE_NOT_APPROVED_MSG, envelopeSchema, type Envelope } from "@affiliates/contracts";
import { ENDPOINTS, type EndpointName, type Endpoints } from "@affiliates/contracts/endpoints";
import {
  endpointSchemasOf,
  type EndpointAnswer,
  type EndpointParsedParams,
  type EndpointParsedRequest,
} from "@affiliates/contracts/endpoint-schemas";
import type { AffiliatesTable } from "../db/schema";
import { requireDeviceToken } from "./device-token-guard";
import { ApiError } from "./errors";
import { applyQueryPolicy, queryParameterNames } from "./query-policy";
import { answerSerializerCompiler, answersChecked, zodValidatorCompiler } from "./schema-compilers";

/** Who is calling, as the entry's `access` established it before validation. */
export type CallerOf<N extends EndpointName> = Endpoints[N]["access"] extends "affiliate"
  ? { readonly userId: string; readonly affiliate: AffiliatesTable }
  : Endpoints[N]["access"] extends "login"
    ? { readonly userId: string }
    : Record<string, never>;

/** The route generic of an entry: params, then the query or body its `input` names, from its schemas. */
export interface EndpointRoute<N extends EndpointName> {
  Params: EndpointParsedParams<N>;
  Querystring: Endpoints[N]["input"] extends "query" ? EndpointParsedRequest<N> : unknown;
  /** The tunnel's body is the raw envelope (a Buffer) its route parses itself. */
  Body: Endpoints[N]["format"] extends "sentry"
    ? unknown
    : Endpoints[N]["input"] extends "body"
      ? EndpointParsedRequest<N>
      : unknown;
}

export type EndpointRequestOf<N extends EndpointName> = FastifyRequest<EndpointRoute<N>>;

/** JSON entries answer the envelope of their answer schema; downloads and the tunnel send through `reply`. */
export type EndpointResult<N extends EndpointName> = Endpoints[N]["format"] extends "envelope"
  ? Envelope<EndpointAnswer<N>>
  : FastifyReply;

export type EndpointHandler<N extends EndpointName> = (
  request: EndpointRequestOf<N>,
  reply: FastifyReply,
  caller: CallerOf<N>,
) => Promise<EndpointResult<N>>;

export interface EndpointOptions {
  /** Route options kept as they are (body limit, rate limit). */
  readonly route?: Pick<RouteShorthandOptions, "bodyLimit" | "config">;
  /**
   * The input is validated before the session is checked (a bad body answers 400 even without a session). Only for
   * the calls whose clients rely on it (the user-info call, which the spec sends before anyone is known).
   */
  readonly validateBeforeAccess?: true;
}

const callers = new WeakMap<FastifyRequest, { userId: string; affiliate?: AffiliatesTable }>();

/** The session (and the approved affiliate) an entry's `access` asks for; 401 / 403 otherwise. */
async function checkAccess(name: EndpointName, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { access } = ENDPOINTS[name];
  if (access !== "login" && access !== "affiliate") return;
  const userId = await request.server.auth.requireUserId(request, reply);
  if (access === "login") {
    callers.set(request, { userId });
    return;
  }
  const affiliate = await request.server.affiliate.affiliateOf(userId);
  if (!affiliate) throw new ApiError("forbidden", AFFILIATE_NOT_APPROVED_MSG);
  callers.set(request, { userId, affiliate });
}

function callerOf<N extends EndpointName>(name: N, request: FastifyRequest): CallerOf<N> {
  const { access } = ENDPOINTS[name];
  if (access !== "login" && access !== "affiliate") return {} as CallerOf<N>;
  const caller = callers.get(request);
  // Set by checkAccess, which runs before every handler of such an entry: missing means a wiring bug.
  if (!caller) throw new ApiError("internal", `${name}: access was not checked`);
  return caller as CallerOf<N>;
}

/** Security requirements as the OpenAPI document names them (securitySchemes in openapi.ts). */
function securityOf(name: EndpointName): Array<Record<string, string[]>> | undefined {
  const { access, dyToken } = ENDPOINTS[name];
  const requirement: Record<string, string[]> = {};
  if (access === "login" || access === "affiliate") requirement.session = [];
  if (access === "admin") requirement.adminToken = [];
  if (dyToken) requirement.dyToken = [];
  return Object.keys(requirement).length ? [requirement] : undefined;
}

/**
 * The Fastify schema of an entry: params, query or body, and the answer of a 200 (the envelope around the entry's
 * answer; downloads have none here, openapi.ts describes them). Validation is the zod compilers' (schema-compilers.ts).
 */
export function endpointSchema(name: EndpointName): Record<string, unknown> {
  const spec = ENDPOINTS[name];
  const schemas = endpointSchemasOf(name);
  const schema: Record<string, unknown> = { operationId: name, tags: [spec.path.split("/")[1] ?? "v1"] };
  if (schemas.params) schema.params = schemas.params;
  if (schemas.request && spec.input === "query") schema.querystring = schemas.request;
  // The tunnel's body is a raw envelope its route parses; openapi.ts describes it.
  if (schemas.request && spec.input === "body" && spec.format !== "sentry") schema.body = schemas.request;
  if (spec.format === "envelope") schema.response = { 200: envelopeSchema(schemas.answer) };
  if (spec.format === "sentry") schema.response = { 200: schemas.answer };
  const security = securityOf(name);
  if (security) schema.security = security;
  return schema;
}

/** The route's URL inside the plugin registered at `app.prefix` (the table holds the whole path). */
function urlIn(app: FastifyInstance, name: EndpointName): string {
  const path = `/${ENDPOINTS[name].path}`;
  if (!path.startsWith(`${app.prefix}/`))
    throw new Error(`${name}: ${path} is not under the plugin's prefix ${app.prefix}`);
  return path.slice(app.prefix.length);
}

/**
 * Registers the route of a table entry: method and path from the table; the `dy-token` (403 22001), then the session
 * or approved affiliate its `access` names, checked before the input; params, query and body validated by the entry's
 * schemas (400 "field: message"); the handler typed from them, with the caller its access established.
 * The admin entries' token is the admin plugin's hook (routes/v1/admin), which runs before all of this.
 */
export function endpoint<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: EndpointHandler<N>,
  options: EndpointOptions = {},
): void {
  const spec = ENDPOINTS[name];
  const schemas = endpointSchemasOf(name);
  const preValidation: preValidationAsyncHookHandler[] = [];
  // The spec's payload-less POSTs: no body at all reads as `{}` (a JSON `null` is still refused).
  if (schemas.emptyBodyAsObject) {
    preValidation.push((request) => {
      if (request.body === undefined) request.body = {};
      return Promise.resolve();
    });
  }
  if (spec.dyToken) preValidation.push(requireDeviceToken);
  const access = async (request: FastifyRequest, reply: FastifyReply) => checkAccess(name, request, reply);
  if (!options.validateBeforeAccess) preValidation.push(access);
  // Every call, with a query of its own or none: marketing parameters ignored, any other unknown one refused.
  const queryNames = queryParameterNames(spec.input === "query" ? schemas.request : undefined);
  preValidation.push((request) => {
    applyQueryPolicy(request.query as Record<string, unknown>, queryNames);
    return Promise.resolve();
  });

  app.route<EndpointRoute<N>>({
    ...options.route,
    method: spec.method,
    url: urlIn(app, name),
    schema: endpointSchema(name),
    // Set per route, so an instance without app.ts's set-up (a test's bare Fastify) validates the same way.
    validatorCompiler: zodValidatorCompiler,
    serializerCompiler: answerSerializerCompiler(answersChecked(process.env.APP_ENV ?? "")),
    preValidation,
    ...(options.validateBeforeAccess ? { preHandler: access } : {}),
    handler: async (request, reply) => handler(request, reply, callerOf(name, request)),
  });
}
