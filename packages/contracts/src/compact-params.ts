// Zod-free: query strings (packages/http) and deep links (packages/bridge) drop empty parameters by this one rule.

/** True for "", null, undefined, an empty array and a plain object without own keys. */
export function isEmptyParam(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object")
    return Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0;
  return false;
}

export type Compacted<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };

/**
 * Drops the entries whose value is empty (requirements.md §2, §7): "", null, undefined, [] and {}.
 * 0, false and whitespace are kept. Shallow: nested values are not inspected.
 */
export function compactParams<T extends object>(params: T): Compacted<T> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!isEmptyParam(value)) result[key] = value;
  }
  return result as Compacted<T>;
}
