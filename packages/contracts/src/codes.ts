// Zod-free, so the browser's first load can use the codes without the schema library.
/** Codes shared by the API and the web client (requirements.md §7, §8). One table; everything else refers to it. */
export const ResponseCode = {
  success: "00000",
  successHttp: "200",
  noSession: "00004",
  tokenInvalid: "00005",
  rateLimited: "429",
  badRequest: "400",
  forbidden: "403",
  notFound: "404",
  methodNotAllowed: "405",
  timeout: "408",
  internal: "500",
  deviceTokenRequired: "22001",
  /** Reference API business codes (not in the spec; the spec leaves them "not shown"). */
  payloadTooLarge: "413",
  unsupportedMediaType: "415",
  headersTooLarge: "431",
  invalidCredentials: "10001",
  emailTaken: "10002",
} as const;

export const SUCCESS_CODES: readonly string[] = [ResponseCode.success, ResponseCode.successHttp];
/** Codes after which no toast is shown and nothing is reported (requirements.md §8). */
export const SILENT_CODES: readonly string[] = [
  ResponseCode.noSession,
  ResponseCode.tokenInvalid,
  ResponseCode.rateLimited,
];

export const isSuccessCode = (code: unknown): boolean => SUCCESS_CODES.includes(String(code));
