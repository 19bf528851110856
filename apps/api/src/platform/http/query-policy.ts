import { z } from "zod";
import { ApiError } from "./errors";

/**
 * The one policy for query parameters no endpoint names: campaign tags that links and ads append (`utm_*`, the ad
 * networks' click ids) are ignored on every call; anything else is refused with 400 naming it and "query".
 */
export const MARKETING_QUERY_PARAMETER =
  /^(?:utm_[a-z0-9_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|ttclid|twclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl)$/i;

export const isMarketingParameter = (key: string): boolean => MARKETING_QUERY_PARAMETER.test(key);

/** The parameter names a query schema takes (none for an endpoint without a query). */
export function queryParameterNames(schema: z.ZodType | undefined): ReadonlySet<string> {
  if (!schema) return new Set();
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return queryParameterNames(schema.in as z.ZodType);
  throw new Error("a query schema must be an object (or a pipe from one)");
}

/**
 * Drops the marketing parameters from a parsed query (in place: the schema then sees only the endpoint's own) and
 * refuses any other one the endpoint does not name.
 */
export function applyQueryPolicy(query: Record<string, unknown>, names: ReadonlySet<string>): void {
  const unknown: string[] = [];
  for (const key of Object.keys(query)) {
    if (isMarketingParameter(key)) delete query[key];
    else if (!names.has(key)) unknown.push(key);
  }
  if (unknown.length)
    throw new ApiError("bad_request", `${unknown.join(", ")}: unknown field${unknown.length > 1 ? "s" : ""} in query`);
}
