import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { deviceTokenAppIdOf } from "@affiliates/contracts";
import { ENDPOINTS, type EndpointName } from "@affiliates/contracts/endpoints";
import { endpointSchemasOf } from "@affiliates/contracts/endpoint-schemas";
import type { AppEnv } from "../config";
import { ENDPOINT_RULES, endpointErrorKinds } from "./endpoint-errors";
import { ENDPOINT_SUMMARIES } from "./endpoint-summaries";
import { ERROR_CODES, type ErrorCode } from "./errors";

export const OPENAPI_PATH = "/v1/openapi.json";
export const DOCS_PATH = "/v1/docs";

/**
 * The docs page's policy: Swagger UI's own scripts and styles from this origin (it adds style elements at run time),
 * the document fetched from here, nothing else; no framing, no forms, no plugins.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const isEndpointName = (value: unknown): value is EndpointName =>
  typeof value === "string" && Object.hasOwn(ENDPOINTS, value);

/**
 * Each table route through the zod type provider's transform (zod 4 → JSON Schema, the inputs as clients send them);
 * everything else (pages, health, the docs' own routes, this document) stays out. What the routes do not validate
 * through Fastify is described here: the tunnel's envelope body and the CSV downloads.
 */
const transform: SwaggerTransform = (input) => {
  // Routes without a schema (pages, health) come with none at all.
  const { operationId } = (input.schema as (FastifySchema & { operationId?: unknown }) | undefined) ?? {};
  if (!isEndpointName(operationId)) return { schema: { hide: true }, url: input.url };
  const spec = ENDPOINTS[operationId];
  const schemas = endpointSchemasOf(operationId);
  const described =
    spec.format === "sentry"
      ? { ...input.schema, body: schemas.request, consumes: ["application/x-sentry-envelope"] }
      : input.schema;
  const result = jsonSchemaTransform({ ...input, schema: described });
  if (spec.format === "csv") {
    const csv = {
      description: "CSV, UTF-8 with a byte-order mark",
      content: { "text/csv": { schema: { type: "string" } } },
    };
    result.schema = { ...result.schema, response: { 200: csv } };
  }
  return result;
};

type JsonObject = Record<string, unknown>;

/** The envelope every failure answers with (envelope.ts's sendError), its code one of the error table's. */
const ERROR_ENVELOPE_SCHEMA: JsonObject = {
  type: "object",
  required: ["code", "msg", "data"],
  properties: {
    code: { type: "string", enum: [...new Set(Object.values(ERROR_CODES).map((entry) => entry.code))].sort() },
    msg: { type: "string", description: "The field at fault and why (`email: Invalid email address`)." },
    data: { type: "null" },
    requestId: { type: "string", description: "The request's id, as its `x-request-id` header." },
  },
};

/** The error answers every operation of a kind shares, by status: referred to from components/responses. */
const SHARED_ERRORS: Readonly<Record<string, { name: string; kinds: readonly ErrorCode[] }>> = {
  400: { name: "BadRequest", kinds: ["bad_request"] },
  401: { name: "Unauthorized", kinds: ["no_session", "invalid_token"] },
  413: { name: "PayloadTooLarge", kinds: ["payload_too_large"] },
  415: { name: "UnsupportedMediaType", kinds: ["unsupported_media_type"] },
  429: { name: "RateLimited", kinds: ["rate_limited"] },
  431: { name: "HeadersTooLarge", kinds: ["headers_too_large"] },
  500: { name: "InternalError", kinds: ["internal"] },
};

/** One error answer: the kinds it may be, each with its code and default message, and the envelope narrowed to them. */
function errorResponse(kinds: readonly ErrorCode[]): JsonObject {
  const codes = [...new Set(kinds.map((kind) => ERROR_CODES[kind].code))].sort();
  const description = kinds
    .map((kind) => `\`${kind}\` (${ERROR_CODES[kind].code}): ${ERROR_CODES[kind].msg}`)
    .join("; ");
  return {
    description,
    content: {
      "application/json": {
        schema: { allOf: [{ $ref: "#/components/schemas/ErrorEnvelope" }, { properties: { code: { enum: codes } } }] },
      },
    },
  };
}

const sameKinds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** An operation's error answers, by status: the shared ones by reference, the others written out. */
function errorResponses(name: EndpointName): JsonObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const kind of endpointErrorKinds(name)) {
    const { status } = ERROR_CODES[kind];
    byStatus.set(status, [...(byStatus.get(status) ?? []), kind]);
  }
  const out: JsonObject = {};
  for (const [status, kinds] of [...byStatus].sort(([a], [b]) => a - b)) {
    const shared = SHARED_ERRORS[status];
    out[String(status)] =
      shared && sameKinds(shared.kinds, kinds)
        ? { $ref: `#/components/responses/${shared.name}` }
        : errorResponse(kinds);
  }
  return out;
}

/**
 * The device token's app id: the table takes those of every environment (the SDK's), each instance only its own
 * (domains/device/routes.ts), which is what this instance's document says.
 */
function onlyThisEnvironmentsAppId(body: JsonObject | undefined, appEnv: AppEnv): void {
  const content = body?.content as Record<string, { schema?: { properties?: Record<string, JsonObject> } }> | undefined;
  const appId = content?.["application/json"]?.schema?.properties?.appId;
  if (!appId) throw new Error("deviceTokenIssue: the document has no appId to narrow");
  appId.enum = [deviceTokenAppIdOf(appEnv)];
}

/**
 * What the routes' schemas do not say, added to each table operation of the whole document: its summary, its
 * security (`[]` for a public one: no global requirement applies), and its error answers with their codes.
 */
const completeDocument =
  (appEnv: AppEnv): SwaggerTransformObject =>
  (documentObject) => {
    if (!("openapiObject" in documentObject)) return documentObject.swaggerObject;
    const { openapiObject } = documentObject;
    const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, JsonObject>>;
    for (const methods of Object.values(paths)) {
      for (const operation of Object.values(methods)) {
        const name = operation.operationId;
        if (!isEndpointName(name)) continue;
        operation.summary = ENDPOINT_SUMMARIES[name];
        // The payload-less POSTs read no body as `{}`: the body is optional there.
        const body = operation.requestBody as JsonObject | undefined;
        if (body) body.required = !endpointSchemasOf(name).emptyBodyAsObject;
        if (name === "deviceTokenIssue") onlyThisEnvironmentsAppId(body, appEnv);
        operation.security ??= [];
        operation.responses = { ...(operation.responses as JsonObject), ...errorResponses(name) };
        const rules = ENDPOINT_RULES[name];
        if (rules) {
          operation["x-rules"] = rules.map(({ rule, refusal }) => ({ rule, refusal: refusal.source }));
          operation.description = `Refused with 400 even when the input matches its schema unless: ${rules.map((r) => r.rule).join("; ")}.`;
        }
      }
    }
    const components = (openapiObject.components ?? {}) as JsonObject;
    return {
      ...openapiObject,
      components: {
        ...components,
        schemas: { ...(components.schemas as JsonObject), ErrorEnvelope: ERROR_ENVELOPE_SCHEMA },
        responses: Object.fromEntries(
          Object.values(SHARED_ERRORS).map(({ name, kinds }) => [name, errorResponse(kinds)]),
        ),
      },
    } as unknown as typeof openapiObject;
  };

export interface OpenApiOptions {
  appEnv: AppEnv;
}

/**
 * `GET /v1/openapi.json`: the endpoint table as an OpenAPI 3.1 document (every /v1 route, its parameters, query or
 * body, and its answer). `GET /v1/docs`: Swagger UI on that document, outside APP_ENV=online (404 there).
 * Registered before the routes: the document collects routes as they are added.
 */
async function openApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Exchange Partners API",
        version: "1",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
        description:
          "Every answer is the envelope `{code, msg, data}`: code `00000` on success, else the HTTP status or a business code, and `msg` naming the field at fault (`email: Invalid email address`).",
      },
      servers: [{ url: "/", description: "The API's own origin (the web app's, behind nginx)" }],
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: "refresh_token",
            description: "The login session (POST /v1/user/login).",
          },
          dyToken: {
            type: "apiKey",
            in: "header",
            name: "dy-token",
            description: "A live device token (POST /v1/constantid/udid/c1); 403 with code 22001 otherwise.",
          },
          adminToken: {
            type: "apiKey",
            in: "header",
            name: "x-admin-token",
            description: "The operators' token (ADMIN_TOKEN).",
          },
        },
      },
    },
    transform,
    transformObject: completeDocument(options.appEnv),
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return app.swagger();
  });

  if (options.appEnv === "online") return;
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: DOCS_CSP,
    uiConfig: { url: OPENAPI_PATH, validatorUrl: null, deepLinking: true },
  });
}

export default fp(openApi, { name: "openapi" });
