/**
 * Strips sensitive parameters from everything an error report carries (requirements.md §8): any key or query parameter whose
 * name matches login name, password, token, email, mobile, phone, address, id card, secure or salary — in URLs,
 * request bodies (objects, JSON strings, form-encoded strings), breadcrumbs, extra data, contexts, tags and user.
 * Framework-free: the Sentry hooks (`beforeSend`, `beforeBreadcrumb`) and `reportError` call these functions.
 */

export const FILTERED = "[Filtered]";

/** Name fragments, compared with the key lower-cased and stripped of `_`, `-`, `.` and spaces (login_name → loginname). */
export const SENSITIVE_NAME_PARTS = [
  "loginname",
  "password",
  "passwd",
  "pwd",
  "token",
  "email",
  "mobile",
  "phone",
  "address",
  "idcard",
  "secure",
  "salary",
] as const;

const MAX_DEPTH = 12;
/** Addresses written out in free text (messages, breadcrumbs), whatever parameter they came in. */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** `name=value` pairs in query strings, form bodies and free text (a URL inside an error message). */
const PAIR_IN_TEXT = /([?&;#]|^|\s)([^=&?#;\s"']+)=([^&#;\s"']*)/g;
/** `"name": "value"` / `"name": 123` fragments of JSON that did not parse as a whole (cut at 250 characters). */
const JSON_PAIR_IN_TEXT = /("([^"\\]{1,100})"\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/g;

const normalizeName = (name: string): string => name.toLowerCase().replace(/[\s_.\-[\]]/g, "");

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** True for names like password, loginName, login_name, access_token, idCard, id-card, userEmail, phoneNumber, pwd. */
export function isSensitiveKey(name: string): boolean {
  const normalized = normalizeName(decodeName(name));
  return SENSITIVE_NAME_PARTS.some((part) => normalized.includes(part));
}

/** Replaces the values of sensitive `name=value` pairs, and e-mail addresses, anywhere in a text. */
export function scrubText(text: string): string {
  return text
    .replace(PAIR_IN_TEXT, (match, lead: string, name: string) =>
      isSensitiveKey(name) ? `${lead}${name}=${FILTERED}` : match,
    )
    .replace(JSON_PAIR_IN_TEXT, (match, head: string, name: string) =>
      isSensitiveKey(name) ? `${head}"${FILTERED}"` : match,
    )
    .replace(EMAIL_IN_TEXT, FILTERED);
}

/** A URL (absolute or relative) with sensitive query and fragment parameters filtered; the rest untouched. */
export function scrubUrl(url: string): string {
  return scrubText(url);
}

function parseJsonContainer(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") && trimmed.endsWith("}")) && !(trimmed.startsWith("[") && trimmed.endsWith("]")))
    return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A string value: JSON text is parsed, scrubbed and written back; anything else (a URL, a form body, a message)
 * has its sensitive pairs and e-mail addresses filtered.
 */
export function scrubString(text: string): string {
  const parsed = parseJsonContainer(text);
  if (parsed !== undefined) return JSON.stringify(scrubValue(parsed));
  return scrubText(text);
}

function scrubAt(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return scrubString(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    // [name, value] pairs (Sentry's query_string and headers may come as lists of pairs).
    if (value.length === 2 && typeof value[0] === "string" && isSensitiveKey(value[0])) return [value[0], FILTERED];
    return value.map((item: unknown) => scrubAt(item, depth + 1, seen));
  }
  if (typeof URLSearchParams !== "undefined" && value instanceof URLSearchParams) return scrubText(value.toString());
  if (value instanceof Error || value instanceof Date || value instanceof RegExp) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSensitiveKey(key) ? FILTERED : scrubAt(item, depth + 1, seen);
  }
  return out;
}

/** Deep copy of any value with sensitive keys' values replaced by `[Filtered]` and every string scrubbed. */
export function scrubValue<T>(value: T): T {
  return scrubAt(value, 0, new WeakSet()) as T;
}

/** The parts of a breadcrumb that may carry data: message, data (url, body, arguments). */
export interface BreadcrumbLike {
  message?: string | undefined;
  data?: object | undefined;
}

export function scrubBreadcrumb<B extends BreadcrumbLike>(breadcrumb: B): B {
  const out = { ...breadcrumb };
  if (typeof out.message === "string") out.message = scrubString(out.message);
  if (out.data) out.data = scrubValue(out.data);
  return out;
}

/** The parts of an error event that may carry user data (Sentry's Event shape, structurally). */
export interface EventLike {
  message?: string | undefined;
  request?: object | undefined;
  breadcrumbs?: BreadcrumbLike[] | undefined;
  extra?: object | undefined;
  contexts?: object | undefined;
  tags?: object | undefined;
  user?: object | undefined;
  transaction?: string | undefined;
  exception?: { values?: Array<{ value?: string | undefined }> | undefined } | undefined;
}

/** The event with request (url, query, body, headers, cookies), breadcrumbs, extra, contexts, tags, user and messages scrubbed. */
export function scrubEvent<E extends EventLike>(event: E): E {
  const out = { ...event };
  if (typeof out.message === "string") out.message = scrubText(out.message);
  if (typeof out.transaction === "string") out.transaction = scrubText(out.transaction);
  if (out.request) out.request = scrubValue(out.request);
  if (out.breadcrumbs) out.breadcrumbs = out.breadcrumbs.map((b) => scrubBreadcrumb(b));
  if (out.extra) out.extra = scrubValue(out.extra);
  if (out.contexts) out.contexts = scrubValue(out.contexts);
  if (out.tags) out.tags = scrubValue(out.tags);
  if (out.user) out.user = scrubValue(out.user);
  if (out.exception?.values) {
    out.exception = {
      ...out.exception,
      values: out.exception.values.map((v) => (typeof v.value === "string" ? { ...v, value: scrubText(v.value) } : v)),
    };
  }
  return out;
}
