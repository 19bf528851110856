import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DEVICE_TOKEN_APP_IDS } from "@affiliates/contracts";
import { ENDPOINT_NAMES, ENDPOINTS, pathParamNames, type EndpointName } from "@affiliates/contracts/endpoints";
import { endpointSchemasOf } from "@affiliates/contracts/endpoint-schemas";
// The document and its page are not calls of the table: their paths come from the plugin that serves them.
import { DOCS_CSP, DOCS_PATH, OPENAPI_PATH } from "../src/platform/http/openapi";
import { endpointErrorKinds } from "../src/platform/http/endpoint-errors";
import { ENDPOINT_SUMMARIES } from "../src/platform/http/endpoint-summaries";
import { ERROR_CODES } from "../src/platform/http/errors";
import { DIALECT, createTestApp, type TestApp } from "./helpers/test-app";

/**
 * `/v1/openapi.json` is the endpoint table: exactly its routes, each with its parameters, query or body, answer and
 * security, the schemas as zod 4 writes them (OpenAPI 3.1 spells a `const` as a one-value `enum`). `/v1/docs` serves
 * Swagger UI on it outside APP_ENV=online.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Json }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<
    string,
    {
      $ref?: string;
      description?: string;
      content?: Record<string, { schema: { properties?: Record<string, Json> } & Record<string, Json> }>;
    }
  >;
  security?: Array<Record<string, string[]>>;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<string, unknown>;
    responses?: Record<string, { description: string; content: Record<string, { schema: Json }> }>;
  };
}

/** The JSON Schema zod writes for a schema, as OpenAPI 3.1 carries it: no `$schema`, `const` as a one-value `enum`. */
function expected(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  const walk = (value: unknown): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== "object") return value as Json;
    const out: Record<string, Json> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "const") out.enum = [walk(inner)];
      // @fastify/swagger writes base64 content as OpenAPI's `format: byte`.
      else if (key === "contentEncoding" && inner === "base64") out.format = "byte";
      else out[key] = walk(inner);
    }
    return out;
  };
  return walk(rest);
}

const openApiPath = (name: EndpointName): string =>
  `/${ENDPOINTS[name].path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, "{$1}")}`;

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
  expect(response.statusCode, response.body).toBe(200);
  doc = response.json<Document>();
});
afterAll(async () => {
  await t.close();
});

describe(`GET ${OPENAPI_PATH} (${DIALECT})`, () => {
  it("is an OpenAPI 3.1 document of exactly the table's routes", () => {
    expect(doc.openapi).toBe("3.1.0");
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const table = ENDPOINT_NAMES.map((name) => `${ENDPOINTS[name].method} ${openApiPath(name)}`);
    expect(listed.sort()).toEqual(table.sort());
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(["adminToken", "dyToken", "session"]);
  });

  it.each(ENDPOINT_NAMES)("%s: parameters, input, answer and security as the table says", (name) => {
    const spec = ENDPOINTS[name];
    const schemas = endpointSchemasOf(name);
    const operation = doc.paths[openApiPath(name)]?.[spec.method.toLowerCase()];
    if (!operation) throw new Error(`${name} is not in the document`);
    expect(operation.operationId).toBe(name);

    const parameters = operation.parameters ?? [];
    expect(parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(pathParamNames(spec.path));
    const queryNames = parameters.filter((p) => p.in === "query").map((p) => p.name);
    if (spec.input === "query" && schemas.request) {
      const properties = (expected(schemas.request, "input") as { properties?: Record<string, Json> }).properties ?? {};
      expect(queryNames.sort()).toEqual(Object.keys(properties).sort());
      for (const parameter of parameters.filter((p) => p.in === "query"))
        expect(parameter.schema).toEqual(properties[parameter.name]);
    } else {
      expect(queryNames).toEqual([]);
    }

    if (spec.input === "body" && schemas.request) {
      const type = spec.format === "sentry" ? "application/x-sentry-envelope" : "application/json";
      const body = expected(schemas.request, "input") as { properties: Record<string, Record<string, Json>> };
      // The table takes every environment's device-token app id; this instance's document (APP_ENV=test) its own.
      if (name === "deviceTokenIssue" && body.properties.appId)
        body.properties.appId.enum = [DEVICE_TOKEN_APP_IDS.test];
      expect(operation.requestBody?.content[type]?.schema).toEqual(body);
      expect(operation.requestBody?.required).toBe(!schemas.emptyBodyAsObject);
    } else {
      expect(operation.requestBody).toBeUndefined();
    }

    const ok = operation.responses["200"];
    if (spec.format === "envelope") {
      const envelope = ok?.content?.["application/json"]?.schema;
      expect(Object.keys(envelope?.properties ?? {})).toEqual(["code", "msg", "data"]);
      expect(envelope?.properties?.data).toEqual(expected(schemas.answer, "output"));
    } else if (spec.format === "csv") {
      expect(ok?.content?.["text/csv"]?.schema).toEqual({ type: "string" });
    } else {
      expect(ok?.content?.["application/json"]?.schema).toEqual(expected(schemas.answer, "output"));
    }

    const requirement: Record<string, string[]> = {};
    if (spec.access === "login" || spec.access === "affiliate") requirement.session = [];
    if (spec.access === "admin") requirement.adminToken = [];
    if (spec.dyToken) requirement.dyToken = [];
    // Explicit, `[]` for a public call: the document has no global requirement to fall back on.
    expect(operation.security).toEqual(Object.keys(requirement).length ? [requirement] : []);
    expect(operation.summary).toBe(ENDPOINT_SUMMARIES[name]);
  });

  it.each(ENDPOINT_NAMES)("%s: declares every error it can answer, with its codes", (name) => {
    const spec = ENDPOINTS[name];
    const operation = doc.paths[openApiPath(name)]?.[spec.method.toLowerCase()];
    if (!operation) throw new Error(`${name} is not in the document`);
    const kinds = endpointErrorKinds(name);
    const statuses = [...new Set(kinds.map((kind) => String(ERROR_CODES[kind].status)))];
    expect(Object.keys(operation.responses).sort()).toEqual(["200", ...statuses].sort());
    for (const status of statuses) {
      const declared = operation.responses[status];
      const response = declared?.$ref
        ? doc.components?.responses?.[declared.$ref.replace("#/components/responses/", "")]
        : declared;
      const expectedKinds = kinds.filter((kind) => String(ERROR_CODES[kind].status) === status);
      for (const kind of expectedKinds) expect(response?.description, `${name} ${status}`).toContain(`\`${kind}\``);
      const schema = response?.content?.["application/json"]?.schema as {
        allOf: [Json, { properties: { code: { enum: string[] } } }];
      };
      expect(schema.allOf[0]).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
      expect(schema.allOf[1].properties.code.enum).toEqual(
        [...new Set(expectedKinds.map((kind) => ERROR_CODES[kind].code))].sort(),
      );
    }
  });
});

describe(`GET ${DOCS_PATH}`, () => {
  it("serves Swagger UI on the document, under a policy that lets its own scripts run and nothing else", async () => {
    const page = await t.app.inject({ method: "GET", url: `${DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toBe(DOCS_CSP);
    // Every script the page loads is a file of this origin (script-src 'self' allows them; no inline script).
    const scripts = Array.from(page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\.\/static\/[^"]+\.js"/);
      expect(inline?.trim()).toBe("");
    }
    const script = await t.app.inject({ method: "GET", url: `${DOCS_PATH}/static/swagger-initializer.js` });
    expect(script.statusCode).toBe(200);
    // The JSON API's own policy stays as it was everywhere else.
    const api = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(api.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it("is 404 with APP_ENV=online, where the document is still served", async () => {
    const online = await createTestApp({ appEnv: "online" });
    try {
      for (const url of [DOCS_PATH, `${DOCS_PATH}/`, `${DOCS_PATH}/static/swagger-initializer.js`]) {
        expect((await online.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
      }
      expect((await online.app.inject({ method: "GET", url: OPENAPI_PATH })).statusCode).toBe(200);
    } finally {
      await online.close();
    }
  });
});
