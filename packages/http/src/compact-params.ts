/** A value that can go into a query string; arrays become repeated keys. */
export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly (QueryScalar | null | undefined)[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

export type Compacted<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };

/** True for "", null, undefined, an empty array and an object without own keys. */
export function isEmptyParam(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") {
    return Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0;
  }
  return false;
}

/**
 * Drops the entries whose value is empty (spec §2, §7): "", null, undefined, [] and {}.
 * 0, false and whitespace are kept. Shallow: nested values are not inspected.
 */
export function compactParams<T extends Readonly<Record<string, unknown>>>(params: T): Compacted<T> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!isEmptyParam(value)) result[key] = value;
  }
  return result as Compacted<T>;
}

/**
 * Serialises params as a query string without the leading "?": empties dropped,
 * arrays as repeated keys (`a=1&a=2`, empty elements skipped), values URL-encoded.
 */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(compactParams(params))) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as readonly (QueryScalar | null | undefined)[]) {
      if (!isEmptyParam(item)) search.append(key, String(item));
    }
  }
  return search.toString();
}
