import {
  ENDPOINTS,
  pathParamNames,
  type EndpointName,
  type EndpointPathArgs,
  type Endpoints,
  type PathParamNames,
  endpointUrl,
} from "@affiliates/contracts/endpoints";

export type ApiQueryValue = string | number | boolean | undefined;

/**
 * A query as fields (encoded here, `undefined` fields left out) or, for tables of malformed or hand-built queries,
 * the query string exactly as it is to be sent (without its `?`).
 */
export type ApiQuery = Readonly<Record<string, ApiQueryValue>> | string;

/**
 * Path parameters may be `undefined` (an optional lookup such as `offer?.id`): the table's `endpointPath` throws on it,
 * so a test that lost its value fails by name instead of calling `…/undefined`.
 */
type ApiUrlParams<N extends EndpointName> = {
  readonly [K in PathParamNames<Endpoints[N]["path"]>]: string | number | undefined;
};

/** After the name: the path parameters when the entry's path has any, then an optional query. */
export type ApiUrlArgs<N extends EndpointName> = [PathParamNames<Endpoints[N]["path"]>] extends [never]
  ? [query?: ApiQuery]
  : [params: ApiUrlParams<N>, query?: ApiQuery];

function queryString(query: ApiQuery | undefined): string {
  if (query === undefined) return "";
  if (typeof query === "string") return query === "" ? "" : `?${query}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.append(key, String(value));
  const encoded = search.toString();
  return encoded === "" ? "" : `?${encoded}`;
}

/**
 * The URL an endpoint of the table answers on, for `app.inject` and the cluster's requests:
 * `apiUrl("linkUpdate", { id: 7 })` → `/v1/affiliate/links/7`, `apiUrl("invitees", { search: "80**78" })` →
 * `/v1/affiliate/invitees?search=80**78`.
 */
export function apiUrl<N extends EndpointName>(name: N, ...args: ApiUrlArgs<N>): string {
  const hasParams = pathParamNames(ENDPOINTS[name].path).length > 0;
  const pathArgs = (hasParams ? [args[0]] : []) as EndpointPathArgs<N>;
  const query: ApiQuery | undefined = hasParams ? args[1] : args[0];
  return `${endpointUrl(name, ...pathArgs)}${queryString(query)}`;
}

/**
 * A test title naming an endpoint of the table, so a title cannot drift from the route it tests:
 * `routeTitle("vipStatus")` → `vipStatus (GET /v1/vip/me)`, parameters left as `:name`.
 */
export function routeTitle(name: EndpointName): string {
  const { method, path } = ENDPOINTS[name];
  return `${name} (${method} /${path})`;
}
