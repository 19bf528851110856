import { decodeHtmlEntities } from "./decode-entities";

/**
 * The product's native-app deep-link schemes (requirements.md §2 "Native-app deep-link
 * targets"): links in content and API data may open the exchange app directly.
 * - `exchangeapp:` the app's router scheme (login, coin page, deposit, coupons ...);
 * - `exchange:`    the short alias the app also registers (older app versions, QR codes);
 * - `exchangepro:` the pro/derivatives app, opened from contract pages.
 * Add a scheme here and nowhere else: the URL check and the sanitiser derive from this list.
 */
export const APP_SCHEMES = ["exchangeapp:", "exchange:", "exchangepro:"] as const;

/**
 * Every scheme a link or image source may use (requirements.md §5). `data:` is not in it:
 * only `data:image/...` (not SVG) is accepted, see {@link isSafeDataImage}.
 * `blob:` URLs can only point at objects this origin created; an unknown blob
 * URL is a network error, never a script.
 */
export const SAFE_SCHEMES = ["http:", "https:", "mailto:", "tel:", "blob:", "ftp:", "market:", ...APP_SCHEMES] as const;

const SAFE_SCHEME_SET: ReadonlySet<string> = new Set<string>(SAFE_SCHEMES);

/** Longest decoding chain followed (`&amp;#106;` → `&#106;` → `j`); deeper nesting is treated as unsafe. */
const MAX_DECODE_ROUNDS = 4;

// WHATWG URL parser: leading/trailing "C0 control or space" is stripped, then every ASCII tab or newline is removed.
// eslint-disable-next-line no-control-regex
const EDGE_C0_OR_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
/** `//host`, `/\host`, `\/host`, `\\host`: browsers treat `\` as `/` in http(s) URLs, so all four leave the origin. */
const PROTOCOL_RELATIVE = /^[/\\]{2}/;
/** A colon in the first segment of a scheme-less value (RFC 3986 §4.2), e.g. `\u00a0javascript:` or `java script:`. */
const COLON_IN_FIRST_SEGMENT = /^[^/?#\\]*:/;
/** Raster image types only; any subtype mentioning svg or xml is refused because SVG (an XML document) can carry script. */
const DATA_IMAGE = /^data:image\/([a-z0-9.+-]+)(?:[;,]|$)/i;

/** Normalises a URL string as the WHATWG URL parser does before it looks for a scheme. */
export function normalizeUrl(value: string): string {
  return value.replace(EDGE_C0_OR_SPACE, "").replace(TAB_OR_NEWLINE, "");
}

/** The lower-cased scheme with its colon (`"javascript:"`), or null when the value has no scheme (a relative URL). */
export function getScheme(normalized: string): string | null {
  const match = SCHEME.exec(normalized);
  return match?.[1] === undefined ? null : `${match[1].toLowerCase()}:`;
}

/** `data:image/png;base64,...` and friends; never `data:image/svg+xml` (SVG can run script when opened as a document). */
function isSafeDataImage(normalized: string): boolean {
  const subtype = DATA_IMAGE.exec(normalized)?.[1]?.toLowerCase();
  return subtype !== undefined && !subtype.includes("svg") && !subtype.includes("xml");
}

function isSafeNormalized(normalized: string): boolean {
  if (normalized === "") return false;
  const scheme = getScheme(normalized);
  if (scheme !== null) {
    if (SAFE_SCHEME_SET.has(scheme)) return true;
    return scheme === "data:" && isSafeDataImage(normalized);
  }
  // No scheme: a relative reference. Protocol-relative values are not "relative paths": they load from another host.
  if (PROTOCOL_RELATIVE.test(normalized)) return false;
  // Not a URL scheme by WHATWG rules, but ambiguous (older parsers and other tools may read it as one): refuse.
  if (COLON_IN_FIRST_SEGMENT.test(normalized)) return false;
  // `foo/bar`, `./x`, `../x`, `?q=1`, `#x`, `/x` (and `\x`, which browsers read as `/x`).
  return true;
}

/**
 * True only for values a browser would resolve to an allowed scheme or to a
 * same-origin relative URL (requirements.md §5). The value is checked as given and after
 * each round of HTML entity decoding (a value may be written into an attribute
 * in markup, where `&#106;avascript:` means `javascript:`); every form must pass.
 * Non-strings and empty or whitespace-only strings are not safe.
 */
export function isSafeUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!isSafeNormalized(normalizeUrl(current))) return false;
    const decoded = decodeHtmlEntities(current);
    if (decoded === current) return true;
    current = decoded;
  }
  return false;
}
