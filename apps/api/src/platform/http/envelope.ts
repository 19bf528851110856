import { ResponseCode, type Envelope } from "@affiliates/contracts";
import type { FastifyReply } from "fastify";
import type { ApiError } from "./errors";

export const ok = <T>(data: T): Envelope<T> => ({ code: ResponseCode.success, msg: "success", data });

/** The envelope of a failure: `{code, msg, data: null}` with the error's HTTP status. */
export function sendError(reply: FastifyReply, apiError: ApiError): FastifyReply {
  return (
    reply
      .code(apiError.status)
      // The id also on errors raised before the request's hooks ran (a malformed URL).
      .headers({ "cache-control": "no-store", "x-request-id": reply.request.id, ...apiError.headers })
      .type("application/json; charset=utf-8")
      .send({ code: apiError.code, msg: apiError.message, data: null, requestId: reply.request.id })
  );
}
