import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";
import { define, generateSync, registerFormat } from "json-schema-faker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_PATH } from "../src/platform/http/openapi";
import { AFFILIATE, DIALECT, createTestApp, deviceToken, login, sessionCookie, type TestApp } from "./helpers/test-app";

/**
 * The served document against the server, by a third party's reading of it: for every operation, requests generated
 * from its schemas (json-schema-faker, seeded: the same requests every run) that the document calls valid are never
 * refused with 400, and ones it calls invalid (a required field dropped, a wrong type, a pattern, bound or enum
 * broken, an unknown field where none is allowed) are; every status that comes back is one the operation declares,
 * and every answer matches the schema declared for it (ajv).
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: Array<Record<string, string[]>>;
  /** Rules no schema states (several fields, the stored state, the clock): a 400 naming one is declared. */
  "x-rules"?: Array<{ rule: string; refusal: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, Operation["responses"][string]> };
}

/** The document with its `#/components/...` references replaced by what they name (the schemas have no cycles). */
function inlineRefs<T>(value: T, root: Document): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/")) {
      const [, , group, key] = ref.split("/");
      const target = (root.components as Record<string, Record<string, unknown>> | undefined)?.[group ?? ""]?.[
        key ?? ""
      ];
      if (target === undefined) throw new Error(`${ref}: not in the document`);
      return walk(target);
    }
    return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, walk(inner)]));
  };
  return walk(value) as T;
}

/** One request as the document describes it. */
interface Sample {
  params: Record<string, Json>;
  query: Record<string, Json> | undefined;
  body: { type: string; value: Json } | undefined;
}

const ADMIN_TOKEN = "conformance-admin-token";
const SEED = 35;
const VALID_PER_OPERATION = 3;

let t: TestApp;
let doc: Document;
let dy: string;
let session: string;
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
ajv.addFormat("sentry-envelope", true);

// json-schema-faker knows no `date`: a day of this century, as the pattern zod writes beside it also requires.
registerFormat("date", (random) => {
  const day = new Date(Date.UTC(2000, 0, 1) + random.int(0, 9_000) * 86_400_000);
  return day.toISOString().slice(0, 10);
});

// Times near the test's clock: the trade feed takes fills of a window around now (its documented rule).
registerFormat("date-time", (random) => new Date(Date.now() - random.int(0, 86_400_000)).toISOString());

// A string whose content is JSON in base64 (contentEncoding/contentMediaType): its content from its contentSchema.
define("contentSchema", (value, _schema, ctx) => {
  const inner = generateSync(value as Schema, { seed: ctx.random.int(1, 1_000_000) });
  return Buffer.from(JSON.stringify(inner), "utf8").toString("base64");
});

const DSN = "https://public@localhost/1";
// The tunnel's body: an envelope of one event, with a DSN of the tunnel's own test project.
registerFormat("sentry-envelope", (random) => {
  const eventId = random
    .int(0, 2 ** 30)
    .toString(16)
    .padStart(32, "0");
  return [
    JSON.stringify({ event_id: eventId, dsn: DSN }),
    JSON.stringify({ type: "event" }),
    JSON.stringify({ event_id: eventId, message: "conformance", level: "error" }),
  ].join("\n");
});

/**
 * A value of a schema, checked by ajv: a generator may miss a rule (`not`, `oneOf` over requirements); the next seed
 * is tried then, so every sample sent as valid is valid by the document.
 */
function generate(schema: Schema, seed: number): Json {
  const validate = ajv.compile(schema);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    let value: Json;
    try {
      value = generateSync(schema, {
        seed: seed + attempt * 7919,
        optionalsProbability: 0.5,
        maxDefaultItems: 2,
        // Every other attempt with all optional properties: the generator cannot meet minProperties otherwise.
        alwaysFakeOptionals: attempt % 2 === 1,
      }) as Json;
    } catch {
      continue;
    }
    if (validate(value)) return value;
  }
  throw new Error(`no valid sample of ${JSON.stringify(schema).slice(0, 200)}: ${ajv.errorsText(validate.errors)}`);
}

const operations = (): Array<{ method: string; path: string; op: Operation }> =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

/** A query or the path parameters as one object schema (each parameter a property). */
function parametersSchema(op: Operation, where: "path" | "query"): Schema | undefined {
  const list = (op.parameters ?? []).filter((p) => p.in === where);
  if (!list.length) return undefined;
  return {
    type: "object",
    properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
    required: list.filter((p) => p.required).map((p) => p.name),
  };
}

function bodyOf(op: Operation): { type: string; schema: Schema; required: boolean } | undefined {
  const [entry] = Object.entries(op.requestBody?.content ?? {});
  if (!entry) return undefined;
  return { type: entry[0], schema: entry[1].schema, required: op.requestBody?.required === true };
}

function validSample(op: Operation, seed: number): Sample {
  const path = parametersSchema(op, "path");
  const query = parametersSchema(op, "query");
  const body = bodyOf(op);
  const params = path ? (generate(path, seed) as Record<string, Json>) : {};
  // An optional body is left out every other time: the document says the call is valid without it.
  const withBody = body && (body.required || seed % 2 === 0);
  return {
    params,
    query: query ? (generate(query, seed + 1) as Record<string, Json>) : undefined,
    body: withBody ? { type: body.type, value: generate(body.schema, seed + 2) } : undefined,
  };
}

const text = (value: Json): string => (typeof value === "string" ? value : JSON.stringify(value));

function send(method: string, path: string, op: Operation, sample: Sample): Promise<LightMyRequestResponse> {
  const url = path.replace(/\{([^}]+)\}/g, (_m, key: string) => encodeURIComponent(text(sample.params[key] ?? "")));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(sample.query ?? {})) if (value !== undefined) search.set(key, text(value));
  const requirement = op.security?.[0] ?? {};
  const headers: Record<string, string> = {};
  if ("dyToken" in requirement) headers["dy-token"] = dy;
  if ("adminToken" in requirement) headers["x-admin-token"] = ADMIN_TOKEN;
  if (sample.body) headers["content-type"] = sample.body.type;
  const query = search.toString();
  return t.app.inject({
    method: method as "GET",
    url: query ? `${url}?${query}` : url,
    headers,
    cookies: "session" in requirement ? { refresh_token: session } : {},
    ...(sample.body ? { payload: text(sample.body.value) } : {}),
  });
}

/** What a status of an operation must look like, or why the answer breaks the document. */
function checkAnswer(op: Operation, response: LightMyRequestResponse): string | undefined {
  const declared = op.responses[String(response.statusCode)] ?? op.responses.default;
  if (!declared) return `status ${response.statusCode} is not declared (${response.body.slice(0, 120)})`;
  const type = String(response.headers["content-type"] ?? "").split(";")[0] ?? "";
  const media = declared.content?.[type];
  if (!declared.content) return undefined;
  if (!media) return `${response.statusCode} answered ${type}, declared ${Object.keys(declared.content).join(", ")}`;
  if (type !== "application/json") return undefined;
  const validate = ajv.compile(media.schema);
  if (validate(response.json())) return undefined;
  return `${response.statusCode} does not match its schema: ${ajv.errorsText(validate.errors)}`;
}

/** Whether a 400 names one of the operation's documented rules (x-rules). */
function documentedRule(op: Operation, response: LightMyRequestResponse): boolean {
  const { msg } = response.json<{ msg: string }>();
  return (op["x-rules"] ?? []).some(({ refusal }) => new RegExp(refusal).test(msg));
}

/** Invalid variants of a valid sample, each with what it breaks. */
function invalidSamples(op: Operation, valid: Sample): Array<{ why: string; sample: Sample }> {
  const out: Array<{ why: string; sample: Sample }> = [];
  const variants = (where: "params" | "query" | "body", schema: Schema | undefined, value: Json | undefined) => {
    if (!schema || typeof value !== "object" || value === null || Array.isArray(value)) return;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = (schema.required ?? []) as string[];
    const put = (why: string, next: Record<string, Json>) => {
      const sample: Sample = { ...valid };
      if (where === "params") sample.params = next;
      else if (where === "query") sample.query = next;
      else sample.body = { type: valid.body?.type ?? "application/json", value: next };
      out.push({ why: `${where}: ${why}`, sample });
    };
    for (const key of required) {
      if (where === "params") continue;
      const { [key]: _dropped, ...rest } = value;
      put(`${key} dropped`, rest);
    }
    for (const [key, property] of Object.entries(properties)) {
      for (const [why, broken] of brokenValues(property, where !== "body"))
        put(`${key} ${why}`, { ...value, [key]: broken });
    }
    if (schema.additionalProperties === false && where !== "params") put("unknown field", { ...value, zzUnknown: 1 });
  };
  variants("params", parametersSchema(op, "path"), valid.params);
  variants("query", parametersSchema(op, "query"), valid.query ?? {});
  const body = bodyOf(op);
  if (body?.type === "application/json") {
    variants("body", body.schema, valid.body?.value ?? generate(body.schema, SEED));
    if (body.required) out.push({ why: "body: missing", sample: { ...valid, body: undefined } });
  }
  return out;
}

/** Values the property's schema refuses: a wrong type, and each bound, pattern or enum broken. */
function brokenValues(schema: Schema, asText: boolean): Array<[string, Json]> {
  const out: Array<[string, Json]> = [];
  const type = schema.type;
  if (type === "string" || (schema.enum && !schema.type)) {
    if (!asText) out.push(["of a wrong type", 12345]);
    if (typeof schema.maxLength === "number") out.push(["too long", "a".repeat(schema.maxLength + 1)]);
    if (typeof schema.minLength === "number" && schema.minLength > 0) out.push(["too short", ""]);
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test("\u0001~"))
      out.push(["against its pattern", "\u0001~"]);
    if (Array.isArray(schema.enum)) out.push(["outside its enum", "zz-not-listed"]);
  } else if (type === "integer" || type === "number") {
    out.push(["of a wrong type", asText ? "not-a-number" : "12"]);
    if (typeof schema.maximum === "number") out.push(["above its maximum", schema.maximum + 1]);
    if (typeof schema.minimum === "number") out.push(["below its minimum", schema.minimum - 1]);
    if (type === "integer") out.push(["not whole", 1.5]);
  } else if (type === "boolean" && !asText) {
    out.push(["of a wrong type", "yes"]);
  } else if (type === "array" && !asText) {
    out.push(["of a wrong type", "not-an-array"]);
    if (typeof schema.maxItems === "number")
      out.push(["too long", Array.from({ length: schema.maxItems + 1 }, () => null)]);
  } else if (type === "object" && !asText) {
    out.push(["of a wrong type", "not-an-object"]);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({
    adminToken: ADMIN_TOKEN,
    registerRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    referralSignupRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    supportRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    analyticsRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    rateLimit: { max: 100_000, timeWindowMs: 60_000 },
  });
  const response = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
  const served = response.json<Document>();
  doc = { ...served, paths: inlineRefs(served.paths, served) };
  dy = await deviceToken(t.app);
  session = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
});
afterAll(async () => {
  await t.close();
});

describe(`the served OpenAPI document against the server (${DIALECT})`, () => {
  it("accepts what it calls valid, refuses what it calls invalid, and answers only as declared", async () => {
    const problems: string[] = [];
    let sent = 0;
    let ruleRefusals = 0;
    let index = 0;
    for (const { method, path, op } of operations()) {
      const name = `${op.operationId} (${method} ${path})`;
      index += 1;
      for (let n = 0; n < VALID_PER_OPERATION; n += 1) {
        const sample = validSample(op, SEED * 1000 + index * 10 + n);
        const response = await send(method, path, op, sample);
        sent += 1;
        if (response.statusCode === 400 && documentedRule(op, response)) ruleRefusals += 1;
        else if (response.statusCode === 400)
          problems.push(`${name}: valid refused: ${response.body.slice(0, 160)} — sent ${JSON.stringify(sample)}`);
        const wrong = checkAnswer(op, response);
        if (wrong) problems.push(`${name}: valid: ${wrong}`);
      }
      const base = validSample(op, SEED * 1000 + index * 10 + 9);
      for (const { why, sample } of invalidSamples(op, base)) {
        const response = await send(method, path, op, sample);
        sent += 1;
        if (response.statusCode < 400)
          problems.push(
            `${name}: invalid (${why}) accepted with ${response.statusCode} — sent ${JSON.stringify(sample)}`,
          );
        const wrong = checkAnswer(op, response);
        if (wrong) problems.push(`${name}: invalid (${why}): ${wrong}`);
      }
    }
    console.log(
      `conformance: ${sent} requests, ${ruleRefusals} valid ones refused by a documented rule, ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
  }, 120_000);
});
