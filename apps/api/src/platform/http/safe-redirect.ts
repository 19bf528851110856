import { BASE_PATH } from "@affiliates/locales";

export const DEFAULT_RETURN_PATH = BASE_PATH;
const PROBE_ORIGIN = "http://same-origin.invalid";

/**
 * `from` is followed only when it is a same-origin path: a single `/` then a character that is neither `/` nor `\`,
 * with no whitespace, control characters or backslashes anywhere. Everything else gives `/affiliates`.
 * The answer is the normalised path + query + hash (percent-encoded), safe for a Location header.
 */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== "string" || from.length === 0 || from.length > 2048) return DEFAULT_RETURN_PATH;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/.test(from) || /\s/u.test(from)) return DEFAULT_RETURN_PATH;
  if (!/^\/[^/\\]/.test(from)) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(from, PROBE_ORIGIN);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_RETURN_PATH;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? DEFAULT_RETURN_PATH : path;
}
