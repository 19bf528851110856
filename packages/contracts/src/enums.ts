// Zod-free: small enumerations of requirements.md §3 that the browser, the API and the stand-in scripts share.

/**
 * The enumeration requirements.md §3 lists without naming it ("default 0, strategy 1, subscriber 2"): the role of an exchange
 * account in copy trading (an ordinary account, a strategy's lead trader, a subscriber copying one).
 */
export const AccountRole = {
  default: 0,
  strategy: 1,
  subscriber: 2,
} as const;

/**
 * requirements.md §3's shared response codes: the outcome of a client-side operation that is not an HTTP call (our stand-in
 * scripts, such as the risk SDK, answer with them). Numbers, unlike the envelope codes of `ResponseCode`.
 */
export const SharedResponseCode = {
  SUCCESS: 0,
  ERROR: 1,
  TIMEOUT: 401,
} as const;
export type SharedResponseCodeValue = (typeof SharedResponseCode)[keyof typeof SharedResponseCode];

/** requirements.md §3's HTTP verbs. */
export const HttpVerb = {
  GET: "GET",
  POST: "POST",
  PUT: "PUT",
  DELETE: "DELETE",
} as const;

/** requirements.md §3's content types: JSON, form-urlencoded and multipart form-data. */
export const ContentType = {
  json: "application/json",
  formUrlencoded: "application/x-www-form-urlencoded",
  multipart: "multipart/form-data",
} as const;

const valuesOf = (table: Record<string, number>): readonly number[] => Object.values(table);

export const isSharedResponseCode = (value: unknown): value is SharedResponseCodeValue =>
  typeof value === "number" && valuesOf(SharedResponseCode).includes(value);
