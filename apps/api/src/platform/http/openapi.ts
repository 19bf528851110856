import fastifySwagger, { type SwaggerTransform } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { ENDPOINTS, type EndpointName } from "@affiliates/contracts/endpoints";
import { endpointSchemasOf } from "@affiliates/contracts/endpoint-schemas";
import type { AppEnv } from "../config";

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
        description:
          "Every answer is the envelope `{code, msg, data}`: code `00000` on success, else the HTTP status or a business code, and `msg` naming the field at fault (`email: Invalid email address`).",
      },
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
