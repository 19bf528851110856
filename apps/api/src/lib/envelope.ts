import { ResponseCode, type Envelope } from "@affiliates/contracts";
import type { z } from "zod";
import { badRequestFromZod } from "./errors";

export const ok = <T>(data: T): Envelope<T> => ({ code: ResponseCode.success, msg: "success", data });

/**
 * Validates a JSON body. `undefined` (no body at all) counts as `{}` when `emptyAsObject` is set,
 * for calls the spec sends without payload. Failures become 400 envelopes naming the field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, emptyAsObject = false): z.output<S> {
  const result = schema.safeParse(body === undefined && emptyAsObject ? {} : body);
  if (!result.success) throw badRequestFromZod(result.error);
  return result.data;
}
