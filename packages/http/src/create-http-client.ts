import { HeaderName, systemClock, type Clock } from "@affiliates/contracts";
import type { BodyEncoding, DynamicHeaders, ExtraHeaders } from "./build-headers";
import { buildQuery, buildUrl, normalizePath, type QueryParams } from "./build-url";
import { createReject } from "./call-outcome";
import { BRIDGE_TIMEOUT_MS, REQUEST_TIMEOUT_MS, type ClientPlatformValue } from "./constants";
import type { HttpError } from "./http-error";
import { createHttpTransport } from "./http-transport";
import { createHeadersFor } from "./request-headers";
import type { AnswerReader, WireEnvelope } from "./settle-response";

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

/** The framework-free request client of requirements.md §7 with the error catalogue of requirements.md §8. */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? "";
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const bridgeTimeoutMs = options.bridgeTimeoutMs ?? BRIDGE_TIMEOUT_MS;
  const headersFor = createHeadersFor(options);
  const transport = createHttpTransport(
    options.fetch ?? defaultFetch,
    options.clock ?? systemClock,
    createReject((error) => options.onError?.(error)),
  );

  const encode = (body: unknown, encoding: BodyEncoding = "json"): string =>
    encoding === "form" ? encodeFormBody(body) : JSON.stringify(body);

  /** PUT and PATCH: a body over fetch, also inside the app (the bridge's `request` action takes POSTs only). */
  async function sendBody<T>(method: "PUT" | "PATCH", path: string, body: unknown, call?: RequestOptions<T>) {
    const headers = await headersFor(call?.encoding ?? "json", call?.headers);
    return transport.send<T>(
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
      return transport.send<T>("GET", buildUrl(baseUrl, path, params), { headers }, call?.timeoutMs ?? timeoutMs, call);
    },
    async post<T = unknown>(path: string, body?: unknown, call?: RequestOptions<T>): Promise<T> {
      const headers = await headersFor(call?.encoding ?? "json", call?.headers);
      const payload = body ?? {};
      if (options.postTransport) {
        return transport.sendThroughBridge<T>(
          options.postTransport,
          normalizePath(path),
          payload,
          headers,
          call?.timeoutMs ?? bridgeTimeoutMs,
          call,
        );
      }
      return transport.send<T>(
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
      return transport.send<T>("DELETE", buildUrl(baseUrl, path), { headers }, call?.timeoutMs ?? timeoutMs, call);
    },
    async upload<T = unknown>(path: string, formData: FormData, dyToken: string, call?: RequestOptions<T>): Promise<T> {
      const headers = await headersFor("multipart", { ...call?.headers, [HeaderName.dyToken]: dyToken });
      return transport.send<T>(
        "POST",
        buildUrl(baseUrl, path),
        { headers, body: formData },
        call?.timeoutMs ?? timeoutMs,
        call,
      );
    },
  };
}
