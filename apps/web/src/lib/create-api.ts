// The browser's table: the operators' calls (admin) are not in it, so they are not downloaded.
import {
  APP_ENDPOINTS,
  fillPath,
  pathParamNames,
  type AppEndpointName,
  type AppEndpoints,
  type EndpointSpec,
  type PathParamNames,
} from "@affiliates/contracts/app-endpoints";
// Types only: the whole table (with the operators' calls) is the type-level source of names and parameters.
import type { EndpointName, EndpointParams, Endpoints } from "@affiliates/contracts/endpoints";
// Types only: the schemas (and zod) are loaded by the request client in tests and development, never in production.
import type { EndpointAnswer, EndpointRequest } from "@affiliates/contracts/endpoint-schemas";
import { endpointAnswer, type HttpClient, type QueryParams, type RequestOptions } from "@affiliates/http";

/**
 * The calls the browser makes (APP_ENDPOINTS: not the operators'): envelope answers (not the CSV downloads or the
 * Sentry tunnel), with an object (or no) request (the analytics batch is the analytics SDK's).
 */
export type ApiName = {
  [N in AppEndpointName]: AppEndpoints[N]["format"] extends "envelope"
    ? EndpointRequest<N> extends readonly unknown[]
      ? never
      : N
    : never;
}[AppEndpointName];

/** The endpoints whose answer is a file the browser downloads. */
export type CsvName = {
  [N in AppEndpointName]: AppEndpoints[N]["format"] extends "csv" ? N : never;
}[AppEndpointName];

type NoFields = Record<never, never>;
type ParamsOf<N extends EndpointName> = [PathParamNames<Endpoints[N]["path"]>] extends [never]
  ? NoFields
  : EndpointParams<N>;
type RequestOf<N extends EndpointName> = EndpointRequest<N> extends undefined ? NoFields : EndpointRequest<N>;

/** One object: the path's parameters (`id` of `v1/affiliate/links/:id`) beside the query or body fields. */
export type ApiInput<N extends EndpointName> = ParamsOf<N> & RequestOf<N>;

/** What a caller may set per call; the headers (`dy-token`) come from the table. */
export type ApiOptions = Pick<RequestOptions, "handledCodes" | "timeoutMs">;

type ApiArgs<N extends EndpointName> =
  NoFields extends ApiInput<N>
    ? [input?: ApiInput<N>, options?: ApiOptions]
    : [input: ApiInput<N>, options?: ApiOptions];

export type Api = { readonly [N in ApiName]: (...args: ApiArgs<N>) => Promise<EndpointAnswer<N>> };

/** The run-time side of ApiName, without its type-only rule (an array request: the analytics batch stays callable here). */
function isApiName(name: AppEndpointName): name is ApiName {
  const entry: EndpointSpec = APP_ENDPOINTS[name];
  return entry.format === "envelope";
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The filled path and the remaining fields of an input (path parameters taken out). */
function split(name: ApiName, input: unknown): { path: string; fields: Readonly<Record<string, unknown>> } {
  const fields = isRecord(input) ? input : {};
  const { path } = APP_ENDPOINTS[name];
  const names = pathParamNames(path);
  // The parameters' types follow the name; here the name is any, so their check is the run-time one (a missing
  // parameter throws).
  const params = Object.fromEntries(names.map((key) => [key, fields[key] as string | number | undefined]));
  return {
    path: fillPath(name, path, params),
    fields: Object.fromEntries(Object.entries(fields).filter(([key]) => !names.includes(key))),
  };
}

/** What the API calls go through: the request client, and the headers of a sensitive call (the device token). */
export interface ApiWorld {
  client: HttpClient;
  sensitiveHeaders: () => Promise<Record<string, string>>;
}

async function call<N extends ApiName>(
  { client: http, sensitiveHeaders }: ApiWorld,
  name: N,
  input: unknown,
  options: ApiOptions = {},
): Promise<EndpointAnswer<N>> {
  const entry: EndpointSpec = APP_ENDPOINTS[name];
  const { path, fields } = split(name, input);
  const request: RequestOptions<EndpointAnswer<N>> = {
    ...options,
    read: endpointAnswer(name),
    // Money and identity actions carry the device token, obtained (or refreshed) just before sending.
    ...(entry.dyToken ? { headers: await sensitiveHeaders() } : {}),
  };
  const body = entry.input === "body" ? fields : undefined;
  switch (entry.method) {
    case "GET":
      // A query's fields are scalars by the contracts' schemas; empty ones are left out by the client.
      return http.get(path, entry.input === "query" ? (fields as QueryParams) : undefined, request);
    case "POST":
      return http.post(path, body, request);
    case "PUT":
      return http.put(path, body ?? {}, request);
    case "PATCH":
      return http.patch(path, body ?? {}, request);
    case "DELETE":
      return http.delete(path, request);
  }
}

/**
 * The API as the table (`@affiliates/contracts/app-endpoints`) describes it: `api.links({ from, to })`,
 * `api.linkUpdate({ id, label })`. The path (parameters filled), the method, the `dy-token` header and the answer's
 * type come from the entry; the call goes through the request client (headers, time-outs, success codes, the error
 * catalogue), which checks the answer against its schema in tests and development.
 */
export function createApi(world: ApiWorld): Api {
  const calls = (Object.keys(APP_ENDPOINTS) as AppEndpointName[])
    .filter(isApiName)
    .map((name) => [name, (input?: unknown, options?: ApiOptions) => call(world, name, input, options)] as const);
  // One function per name; the mapped type states what each takes and answers (checked where `call` builds the request).
  return Object.fromEntries(calls) as unknown as Api;
}
