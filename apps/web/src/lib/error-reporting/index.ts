/** Error reporting (spec §7-9): `reportError` for app code and packages; the rest is wired by the instrumentation files. */
export { reportError, type ReportContext } from "./report";
export { scrubValue, scrubUrl, scrubString, isSensitiveKey, FILTERED } from "./scrub";
export { isErrorReportingEnabled } from "./enabled";
