import { ResponseCode } from "@affiliates/contracts";
import type { ZodError } from "zod";

/** Every failure the API answers with: one table (HTTP status, envelope code, default message). */
export const ERROR_CODES = {
  bad_request: { status: 400, code: ResponseCode.badRequest, msg: "Bad request" },
  no_session: { status: 401, code: ResponseCode.noSession, msg: "Not logged in" },
  invalid_token: { status: 401, code: ResponseCode.tokenInvalid, msg: "Session is invalid or has expired" },
  invalid_credentials: { status: 401, code: ResponseCode.invalidCredentials, msg: "Incorrect email or password" },
  forbidden: { status: 403, code: ResponseCode.forbidden, msg: "Forbidden" },
  not_found: { status: 404, code: ResponseCode.notFound, msg: "Not found" },
  method_not_allowed: { status: 405, code: ResponseCode.methodNotAllowed, msg: "Method not allowed" },
  /** A business refusal: the answer's code is the business code given (refusal()), e.g. 10009. */
  conflict: { status: 409, code: "409", msg: "Conflict" },
  /** A register password zxcvbn scores below 3 (a field error like any other 400: the web registers nobody). */
  weak_password: { status: 400, code: ResponseCode.badRequest, msg: "password: too easy to guess" },
  email_taken: { status: 409, code: ResponseCode.emailTaken, msg: "email: this address is already registered" },
  payload_too_large: { status: 413, code: ResponseCode.payloadTooLarge, msg: "body: the request body is too large" },
  unsupported_media_type: {
    status: 415,
    code: ResponseCode.unsupportedMediaType,
    msg: "content-type: unsupported media type, send application/json",
  },
  rate_limited: { status: 429, code: ResponseCode.rateLimited, msg: "Too many requests, try again later" },
  internal: { status: 500, code: ResponseCode.internal, msg: "Internal server error" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(readonly kind: ErrorCode, msg?: string, headers: Record<string, string> = {}, businessCode?: string) {
    const entry = ERROR_CODES[kind];
    super(msg ?? entry.msg);
    this.name = "ApiError";
    this.status = entry.status;
    this.code = businessCode ?? entry.code;
    this.headers = headers;
  }
}

/** A 409 refusal with its own business code (the AffiliateResponseCode table), e.g. a payout below the minimum. */
export const refusal = (businessCode: string, msg: string): ApiError => new ApiError("conflict", msg, {}, businessCode);

/** "email: Invalid email address" — the first issue, named by its path (or "body" for the whole payload). */
export function describeZodError(error: ZodError): string {
  // An unknown field is named first: it usually explains the other issues (a misspelt key).
  const issue = error.issues.find((i) => i.code === "unrecognized_keys") ?? error.issues[0];
  if (!issue) return "body: invalid input";
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.join(", ");
    const where = issue.path.length ? issue.path.join(".") : "body";
    return `${keys}: unknown field${issue.keys.length > 1 ? "s" : ""} in ${where}`;
  }
  const field = issue.path.length ? issue.path.map(String).join(".") : "body";
  return `${field}: ${issue.message}`;
}

export function badRequestFromZod(error: ZodError): ApiError {
  return new ApiError("bad_request", describeZodError(error));
}
