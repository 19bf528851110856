import { NETWORK_ERROR_CODE } from "./constants";
import type { HttpError } from "./http-error";

/** HTTP statuses with their own translated text (requirements.md §8). */
export const TRANSLATED_HTTP_STATUSES = [
  "400",
  "401",
  "403",
  "404",
  "408",
  "500",
  "501",
  "502",
  "503",
  "504",
  "505",
] as const;
type TranslatedHttpStatus = (typeof TRANSLATED_HTTP_STATUSES)[number];
type HttpStatusMessageKey = `http.status.${TranslatedHttpStatus}`;

export const UNKNOWN_ERROR_KEY = "http.unknownError";
const NETWORK_ERROR_KEY = "http.networkError";
/** Used when a business error arrives without a server message: the generic unknown-error text. */
const BUSINESS_FALLBACK_KEY = UNKNOWN_ERROR_KEY;

export type ErrorMessageKey = HttpStatusMessageKey | typeof UNKNOWN_ERROR_KEY | typeof NETWORK_ERROR_KEY;

const httpStatusMessageKey = (status: TranslatedHttpStatus): HttpStatusMessageKey => `http.status.${status}`;

/** Every key errorToastText may ask for; the app's message catalogue must define each of them. */
export const ERROR_MESSAGE_KEYS: readonly ErrorMessageKey[] = [
  ...TRANSLATED_HTTP_STATUSES.map(httpStatusMessageKey),
  UNKNOWN_ERROR_KEY,
  NETWORK_ERROR_KEY,
];

const isTranslatedHttpStatus = (code: string): code is TranslatedHttpStatus =>
  (TRANSLATED_HTTP_STATUSES as readonly string[]).includes(code);

type Translate = (key: ErrorMessageKey) => string;
type ToastableError = Pick<HttpError, "code" | "msg" | "kind">;

/** The message part of the toast, before the code is prepended. */
function errorMessage(error: ToastableError, t: Translate): string {
  if (error.code === NETWORK_ERROR_CODE) return t(NETWORK_ERROR_KEY);
  if (error.kind === "business") return error.msg.trim() === "" ? t(BUSINESS_FALLBACK_KEY) : error.msg;
  return isTranslatedHttpStatus(error.code) ? t(httpStatusMessageKey(error.code)) : t(UNKNOWN_ERROR_KEY);
}

/** Toast text of requirements.md §8: `[code] message`. */
export function errorToastText(error: ToastableError, t: Translate): string {
  return `[${error.code}] ${errorMessage(error, t)}`;
}

/** False for the silent codes 00004, 00005 and 429 (requirements.md §8). */
export const shouldToast = (error: Pick<HttpError, "silent">): boolean => !error.silent;
