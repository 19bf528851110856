export { decodeHtmlEntities } from "./decode-entities";
export { APP_SCHEMES, SAFE_SCHEMES, getScheme, isSafeUrl, normalizeUrl } from "./is-safe-url";
export { safeHrefProps } from "./safe-attribute";
export { CROSS_ORIGIN_FEATURES, isCrossOrigin, openWindow, type OpenFunction } from "./open-window";
export { MAX_NESTING_DEPTH } from "./limit-nesting";
export { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, MAX_HTML_LENGTH, createHtmlSanitizer, sanitizeHtml } from "./sanitize-html";
