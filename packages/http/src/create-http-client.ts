import { HeaderName, systemClock, withTimeout, type Clock } from "@affiliates/contracts";
import { buildHeaders, type BodyEncoding, type DynamicHeaders, type ExtraHeaders } from "./build-headers";
import { buildQuery, buildUrl, normalizePath, type QueryParams } from "./build-url";
import {
  BRIDGE_TIMEOUT_MS,
  ClientPlatform,
  NETWORK_ERROR_CODE,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_CODE,
  type ClientPlatformValue,
} from "./constants";
import { createTraceId } from "./trace-id";
import { HttpError, type HttpMethod } from "./http-error";
import { readJsonBody, settleAnswer, type AnswerReader, type Settled, type WireEnvelope } from "./settle-response";

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** The timer functions the client uses; injected so tests can drive time. */
export type TimerClock = Pick<Clock, "setTimeout" | "clearTimeout">;

/** Inside the native app, POSTs go through the bridge: `(path, params) => {code, data, msg}`. */
export type PostTransport = (
  path: string,
  params: unknown,
  context: { headers: Record<string, string> },
) => Promise<WireEnvelope>;

export interface HttpClientOptions {
  fetch?: FetchLike;
  clock?: TimerClock;
  /** Called before every request for custom-token, Language, Locale, TerminalCode, DeviceId. */
  getHeaders?: () => DynamicHeaders | Promise<DynamicHeaders>;
  baseUrl?: string;
  timeoutMs?: number;
  bridgeTimeoutMs?: number;
  terminalType?: ClientPlatformValue;
  /** Called with every rejection (silent ones included; check `shouldToast`) before the promise rejects. */
  onError?: (error: HttpError) => void;
  /** When set (inside the native app), POST requests use it instead of fetch. */
  postTransport?: PostTransport;
  /** A new trace id for each request (requirements.md §3), sent as the `TraceId` header; default `createTraceId`. */
  newTraceId?: () => string;
}

export interface RequestOptions<T = unknown> {
  /** Extra headers for this call, e.g. `dy-token` on sensitive POSTs; empty values are omitted. */
  headers?: ExtraHeaders;
  timeoutMs?: number;
  /**
   * Business codes this caller shows itself, next to the field they concern: such a refusal still rejects the call
   * but skips `onError` (no toast, no report), so the user reads it once.
   */
  handledCodes?: readonly string[];
  /**
   * Reads the answer's data as `T` (`endpointAnswer(name)`: checked in tests and development); a data that does not
   * fit rejects like an unexpected response. Without it the data is handed over as it came.
   */
  read?: AnswerReader<T>;
  /**
   * How a POST, PUT or PATCH body is written: JSON (the default) or form-urlencoded (`a=1&b=x`, arrays as repeated
   * keys, empty values left out, as in a query string). Inside the app a POST goes to the bridge as an object either way.
   */
  encoding?: BodyEncoding;
}

export interface HttpClient {
  get<T = unknown>(path: string, params?: QueryParams, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  /** A whole replacement (e.g. the operators' `PUT /v1/admin/affiliate/card-quota/:userId`); always over fetch. */
  put<T = unknown>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  /** A partial update (e.g. `PATCH /v1/affiliate/links/:id`); always over fetch, also inside the app. */
  patch<T = unknown>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  /** Removes or ends a resource (e.g. `DELETE /v1/affiliate/sub-invitations/:id`), without a body; always over fetch. */
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  upload<T = unknown>(path: string, formData: FormData, dyToken: string, options?: RequestOptions<T>): Promise<T>;
}

const defaultFetch: FetchLike = (url, init) => globalThis.fetch(url, init);

/** A body as form-urlencoded text: scalars as they are, arrays as repeated keys, nested objects as JSON. */
export function encodeFormBody(body: unknown): string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "";
  const fields: Record<string, QueryParams[string]> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const scalarOrList =
      typeof value === "object" && value !== null && !Array.isArray(value) ? JSON.stringify(value) : value;
    fields[key] = scalarOrList as QueryParams[string];
  }
  return buildQuery(fields);
}

const errorMessageOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));

/** The framework-free request client of requirements.md §7 with the error catalogue of requirements.md §8. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const fetchImpl = options.fetch ?? defaultFetch;
  const clock = options.clock ?? systemClock;
  const baseUrl = options.baseUrl ?? "";
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const bridgeTimeoutMs = options.bridgeTimeoutMs ?? BRIDGE_TIMEOUT_MS;
  const getHeaders = (): Promise<DynamicHeaders> => Promise.resolve(options.getHeaders?.() ?? {});
  const newTraceId = options.newTraceId ?? (() => createTraceId());

  const fail = (error: HttpError, handledCodes?: readonly string[]): never => {
    const handledByCaller = error.kind === "business" && handledCodes?.includes(error.code) === true;
    try {
      if (!handledByCaller) options.onError?.(error);
    } catch {
      // A failing hook must not replace the request's own error.
    }
    throw error;
  };

  /** The data of a settled answer, read by the caller's reader; a reader's refusal is an unexpected response. */
  async function finish<T>(
    settled: Settled<unknown>,
    meta: { url: string; method: HttpMethod },
    call?: RequestOptions<T>,
  ): Promise<T> {
    if (!settled.ok) return fail(settled.error, call?.handledCodes);
    if (!call?.read) return settled.data as T; // an untyped call: the caller asked for no check
    try {
      return await call.read(settled.data);
    } catch (cause) {
      return fail(
        new HttpError({
          code: NETWORK_ERROR_CODE,
          msg: `Unexpected response: ${errorMessageOf(cause)}`,
          kind: "network",
          ...meta,
          cause,
        }),
      );
    }
  }

  const timeoutError = (url: string, method: HttpMethod, ms: number) => () =>
    new HttpError({ code: TIMEOUT_CODE, msg: `Request timed out after ${ms} ms`, kind: "timeout", url, method });

  const networkError = (url: string, method: HttpMethod, cause: unknown) =>
    new HttpError({ code: NETWORK_ERROR_CODE, msg: errorMessageOf(cause), kind: "network", url, method, cause });

  async function send<T>(
    method: HttpMethod,
    url: string,
    init: { headers: Record<string, string>; body?: BodyInit },
    ms: number,
    call?: RequestOptions<T>,
  ): Promise<T> {
    let settled: Settled<unknown>;
    try {
      settled = await withTimeout(clock, ms, timeoutError(url, method, ms), async (signal) => {
        let response: Response;
        try {
          response = await fetchImpl(url, {
            method,
            headers: init.headers,
            body: init.body,
            credentials: "same-origin",
            signal,
          });
        } catch (cause) {
          throw networkError(url, method, cause);
        }
        let body: unknown;
        try {
          body = await readJsonBody(response);
        } catch (cause) {
          throw networkError(url, method, cause);
        }
        return settleAnswer(body, { url, method, status: response.status, statusText: response.statusText });
      });
    } catch (error) {
      return fail(error instanceof HttpError ? error : networkError(url, method, error), call?.handledCodes);
    }
    return finish(settled, { url, method }, call);
  }

  async function sendThroughBridge<T>(
    transport: PostTransport,
    path: string,
    params: unknown,
    headers: Record<string, string>,
    ms: number,
    call?: RequestOptions<T>,
  ): Promise<T> {
    const method = "POST";
    let settled: Settled<unknown>;
    try {
      settled = await withTimeout(clock, ms, timeoutError(path, method, ms), async () => {
        let answer: WireEnvelope;
        try {
          answer = await transport(path, params, { headers });
        } catch (cause) {
          throw networkError(path, method, cause);
        }
        return settleAnswer(answer, { url: path, method });
      });
    } catch (error) {
      return fail(error instanceof HttpError ? error : networkError(path, method, error), call?.handledCodes);
    }
    return finish(settled, { url: path, method }, call);
  }

  const headersFor = async (body: BodyEncoding | "multipart", extra?: ExtraHeaders) =>
    buildHeaders({
      dynamic: await getHeaders(),
      body,
      terminalType: options.terminalType ?? ClientPlatform.WEB,
      extra: { [HeaderName.traceId]: newTraceId(), ...extra },
    });

  const encode = (body: unknown, encoding: BodyEncoding = "json"): string =>
    encoding === "form" ? encodeFormBody(body) : JSON.stringify(body);

  /** PUT and PATCH: a body over fetch, also inside the app (the bridge's `request` action takes POSTs only). */
  async function sendBody<T>(method: "PUT" | "PATCH", path: string, body: unknown, call?: RequestOptions<T>) {
    const headers = await headersFor(call?.encoding ?? "json", call?.headers);
    return send<T>(
      method,
      buildUrl(baseUrl, path),
      { headers, body: encode(body, call?.encoding) },
      call?.timeoutMs ?? timeoutMs,
      call,
    );
  }

  return {
    async get<T = unknown>(path: string, params?: QueryParams, call?: RequestOptions<T>): Promise<T> {
      const headers = await headersFor("json", call?.headers);
      return send<T>("GET", buildUrl(baseUrl, path, params), { headers }, call?.timeoutMs ?? timeoutMs, call);
    },
    async post<T = unknown>(path: string, body?: unknown, call?: RequestOptions<T>): Promise<T> {
      const headers = await headersFor(call?.encoding ?? "json", call?.headers);
      const payload = body ?? {};
      if (options.postTransport) {
        return sendThroughBridge<T>(
          options.postTransport,
          normalizePath(path),
          payload,
          headers,
          call?.timeoutMs ?? bridgeTimeoutMs,
          call,
        );
      }
      return send<T>(
        "POST",
        buildUrl(baseUrl, path),
        { headers, body: encode(payload, call?.encoding) },
        call?.timeoutMs ?? timeoutMs,
        call,
      );
    },
    put<T = unknown>(path: string, body: unknown, call?: RequestOptions<T>): Promise<T> {
      return sendBody<T>("PUT", path, body, call);
    },
    patch<T = unknown>(path: string, body: unknown, call?: RequestOptions<T>): Promise<T> {
      return sendBody<T>("PATCH", path, body, call);
    },
    async delete<T = unknown>(path: string, call?: RequestOptions<T>): Promise<T> {
      const headers = await headersFor("json", call?.headers);
      return send<T>("DELETE", buildUrl(baseUrl, path), { headers }, call?.timeoutMs ?? timeoutMs, call);
    },
    async upload<T = unknown>(path: string, formData: FormData, dyToken: string, call?: RequestOptions<T>): Promise<T> {
      const headers = await headersFor("multipart", { ...call?.headers, [HeaderName.dyToken]: dyToken });
      return send<T>("POST", buildUrl(baseUrl, path), { headers, body: formData }, call?.timeoutMs ?? timeoutMs, call);
    },
  };
}
