export { decodeHtmlEntities } from "./decode-entities";
export {
  APP_SCHEMES,
  SAFE_SCHEMES,
  getScheme,
  isSafeDataImage,
  isSafeUrl,
  normalizeUrl,
  safeUrl,
  type AppScheme,
  type SafeScheme,
} from "./is-safe-url";
export {
  defaultWarn,
  safeHrefProps,
  safeSrcProps,
  setSafeAttribute,
  setSafeHref,
  setSafeSrc,
  type AttributeTarget,
  type UrlAttribute,
  type Warn,
} from "./safe-attribute";
export {
  CROSS_ORIGIN_FEATURES,
  isCrossOrigin,
  openWindow,
  type OpenFunction,
  type OpenWindowOptions,
  type OpenedWindow,
} from "./open-window";
export { MAX_NESTING_DEPTH } from "./limit-nesting";
export {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  FORBIDDEN_WITH_CONTENT,
  MAX_HTML_LENGTH,
  createHtmlSanitizer,
  sanitizeHtml,
  type HtmlSanitizer,
  type HtmlSanitizerOptions,
} from "./sanitize-html";
