import type { FastifySchema, FastifySchemaCompiler, FastifySerializerCompiler } from "fastify";
import { z } from "zod";
import { ApiError, describeZodError } from "./errors";

/**
 * Request validation by the table's zod schemas. A failure is the ApiError the routes always threw: 400 with
 * "field: message" (describeZodError), not Fastify's own validation format. Fastify hands a missing body over as
 * `null`, so a call without a body reads "expected object, received null" (see `emptyBodyAsObject` for the calls
 * that take none). A raw body (the Sentry tunnel's envelope, a Buffer) is its route's to check.
 */
/** The table's schemas are zod's; anything else on a table route is a wiring bug, found when the route is built. */
function zodSchema(schema: unknown, method: string, url: string): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error(`${method} ${url}: not a zod schema`);
}

export const zodValidatorCompiler: FastifySchemaCompiler<FastifySchema> = ({
  schema: given,
  method,
  url,
  httpPart,
}) => {
  const schema = zodSchema(given, method, url);
  const where = httpPart === "querystring" ? "query" : httpPart === "params" ? "params" : "body";
  return (data: unknown) => {
    if (Buffer.isBuffer(data)) return { value: data };
    const result = schema.safeParse(data);
    if (!result.success) return { error: new ApiError("bad_request", describeZodError(result.error, where)) };
    return { value: result.data };
  };
};

/** A route answered something its table entry does not describe (tests and development only). */
export class AnswerMismatchError extends Error {
  constructor(method: string, url: string, detail: string) {
    super(`${method} ${url}: the answer does not match its schema (${detail})`);
    this.name = "AnswerMismatchError";
  }
}

/**
 * Serialises a 200 answer as JSON.stringify would (the wire format does not depend on the check); with `check` on
 * (tests and development) the answer is first checked against the entry's schema, and a mismatch fails the call
 * with a 500 that names the field. Off in production: the answers are typed by the same schemas at compile time.
 */
export function answerSerializerCompiler(check: boolean): FastifySerializerCompiler<FastifySchema> {
  return ({ schema: given, method, url }) => {
    const schema = zodSchema(given, method, url);
    return (data: unknown) => {
      if (check) {
        const result = schema.safeParse(data);
        if (!result.success) throw new AnswerMismatchError(method, url, describeZodError(result.error));
      }
      return JSON.stringify(data);
    };
  };
}

/**
 * Answers are checked where a mismatch should fail loudly: APP_ENV=test or dev, or NODE_ENV test (vitest) or
 * development. Read from the process, as the routes are built, so a bare test instance checks them too.
 */
export function answersChecked(appEnv: string, nodeEnv: string | undefined = process.env.NODE_ENV): boolean {
  return appEnv === "test" || appEnv === "dev" || nodeEnv === "test" || nodeEnv === "development";
}
