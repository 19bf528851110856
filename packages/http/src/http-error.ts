import { SILENT_CODES, type HttpVerb } from "@affiliates/contracts";

/**
 * business: the server answered with an envelope whose code is not a success code.
 * http: a non-2xx answer without an envelope (code = the status).
 * timeout: no answer within the time-out (code 408).
 * network: the request failed or the answer was unreadable (code -1).
 */
export type HttpErrorKind = "business" | "http" | "timeout" | "network";
/** requirements.md §3's verbs, and PATCH for the partial updates of the reference API. */
export type HttpMethod = (typeof HttpVerb)[keyof typeof HttpVerb] | "PATCH";

interface HttpErrorInit {
  code: string;
  msg: string;
  kind: HttpErrorKind;
  url: string;
  method: HttpMethod;
  status?: number;
  cause?: unknown;
}

/** True for codes after which no toast is shown and nothing is reported (requirements.md §8). */
export const isSilentCode = (code: string): boolean => SILENT_CODES.includes(code);

/** Every rejection of the http client is one of these. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly code: string;
  readonly msg: string;
  readonly kind: HttpErrorKind;
  readonly status?: number;
  readonly silent: boolean;
  readonly url: string;
  readonly method: HttpMethod;

  constructor(init: HttpErrorInit) {
    super(`[${init.code}] ${init.msg}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.msg = init.msg;
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
    this.silent = isSilentCode(init.code);
    this.url = init.url;
    this.method = init.method;
  }
}

export const isHttpError = (value: unknown): value is HttpError => value instanceof HttpError;
