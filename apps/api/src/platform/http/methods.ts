import type { FastifyInstance } from "fastify";
import type { Socket } from "node:net";
import { ApiError, ERROR_CODES } from "./errors";
import { ResponseCode } from "@affiliates/contracts";

/** The methods the API's routes use (HEAD comes with every GET). Anything else (TRACE, OPTIONS, PROPFIND…) is 405. */
export const SUPPORTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_METHODS);

export const isSupportedMethod = (method: string): boolean => SUPPORTED.has(method);

/** The methods `path` has routes for; every supported method when it has none (the method was the problem). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  const found = SUPPORTED_METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
  return found.length > 0 ? found : [...SUPPORTED_METHODS];
}

/** 405 naming the method and path, with the `Allow` header. */
export function methodNotAllowed(method: string, path: string, allow: readonly string[]): ApiError {
  return new ApiError("method_not_allowed", `${method} ${path}: method not allowed`, {
    headers: { allow: allow.join(", ") },
  });
}

const envelopeText = (code: string, msg: string) => JSON.stringify({ code, msg, data: null });

/**
 * Node's HTTP parser refuses what is no request at all before Fastify sees it (an unknown method such as `FOO`,
 * oversized headers, a time-out). The answer is still our envelope; an unknown method gets 405 and `Allow`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, body, extra] =
    error.code === "HPE_INVALID_METHOD"
      ? [
          405,
          "Method Not Allowed",
          envelopeText(ResponseCode.methodNotAllowed, "method: not allowed"),
          `Allow: ${SUPPORTED_METHODS.join(", ")}\r\n`,
        ]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", envelopeText(ResponseCode.timeout, "request: timed out"), ""]
        : error.code === "HPE_HEADER_OVERFLOW"
          ? [
              431,
              "Request Header Fields Too Large",
              envelopeText(ERROR_CODES.headers_too_large.code, ERROR_CODES.headers_too_large.msg),
              "",
            ]
          : [400, "Bad Request", envelopeText(ResponseCode.badRequest, "request: malformed"), ""];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n${extra}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
