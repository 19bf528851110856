// Zod-free: the request client sets these headers and the API reads them.

/** Header names of requirements.md §7, in one place. */
export const HeaderName = {
  contentType: "Content-Type",
  customToken: "custom-token",
  language: "Language",
  locale: "Locale",
  terminalType: "TerminalType",
  terminalCode: "TerminalCode",
  deviceId: "DeviceId",
  dyToken: "dy-token",
  /** requirements.md §3's trace id, a new one on every request; the API echoes it and names it in its log lines. */
  traceId: "TraceId",
} as const;

/** requirements.md §3: a trace id is "w", a millisecond timestamp (13 digits until the year 2286) and 11 characters [0-9a-z]. */
export const TRACE_ID_PATTERN = /^w\d{13}[0-9a-z]{11}$/;
