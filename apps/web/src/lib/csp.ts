/**
 * Content-Security-Policy of the pages: a fresh nonce per response with 'strict-dynamic', no
 * 'unsafe-inline' for scripts.
 *
 * Pages are pre-rendered once per (locale, theme, app) variant, and Next writes nonces only into HTML it renders per
 * request, so the proxy puts them in itself: it reads each variant's HTML once, cut at every place a `nonce`
 * attribute goes (each <script> tag and each script preload), and joins the pieces around a new nonce per response
 * (a few buffer copies, no rendering). The scripts those start (Next's chunks, the device-token SDK, the chat
 * widget) are trusted through 'strict-dynamic', nothing else. Script files also carry their SRI hash
 * (`experimental.sri`), so a file altered on its way cannot run either. A page rendered per request gets its nonce
 * from Next, which reads it from the request's policy.
 */

/** The product's own hosts, the only ones allowed to frame it (besides itself). */
export const FRAME_ANCESTORS = ["'self'", "https://www.exchange.example", "https://*.exchange.example"];

const SRC_ATTRIBUTE = /\bsrc\s*=/i;

/** Where a nonce attribute goes: right after the name of every script tag and of every script preload. */
const NONCE_SLOT = /<script\b|<link\b(?=[^>]*(?:\bas="script"|\brel="modulepreload"))/gi;

/**
 * The HTML cut at every place a nonce attribute goes: joining the pieces with `nonceAttribute(nonce)` gives the
 * page with that nonce on each of its scripts (JSON data blocks included, where it does no harm).
 */
export function nonceSlots(html: string): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const match of html.matchAll(NONCE_SLOT)) {
    const end = match.index + match[0].length;
    pieces.push(html.slice(from, end));
    from = end;
  }
  pieces.push(html.slice(from));
  return pieces;
}

export const nonceAttribute = (nonce: string): string => ` nonce="${nonce}"`;

const SCRIPT_FILE_TAG = /<(script|link)\b([^>]*?)(\/?)>/gi;
const SRC_OR_HREF = /\b(?:src|href)="([^"]+)"/i;

/**
 * Adds `integrity` to every script tag and script preload of the HTML that lacks it, from the build's SRI manifest
 * (`integrityOf(src)`; React writes the tags of client-component chunks without it): a script file changed on its way
 * to the browser does not run.
 */
export function withIntegrity(html: string, integrityOf: (src: string) => string | undefined): string {
  return html.replace(SCRIPT_FILE_TAG, (tag: string, name: string, attributes: string, selfClosing: string) => {
    if (/\bintegrity=/i.test(attributes)) return tag;
    const isScriptFile =
      name.toLowerCase() === "script"
        ? SRC_ATTRIBUTE.test(attributes)
        : /\bas="script"/i.test(attributes) || /\brel="modulepreload"/i.test(attributes);
    if (!isScriptFile) return tag;
    const src = SRC_OR_HREF.exec(attributes)?.[1];
    const integrity = src ? integrityOf(src) : undefined;
    return integrity ? `<${name}${attributes} integrity="${integrity}"${selfClosing}>` : tag;
  });
}

/**
 * The policy. Scripts: only those with the nonce, and what they load ('strict-dynamic'); 'self' is a fallback
 * for CSP2 browsers, which ignore it when they understand 'strict-dynamic'. Styles need 'unsafe-inline': antd's
 * cssinjs writes <style> elements at run time and React writes style attributes, neither of which a build-time hash
 * can cover; styles cannot run code, and img-src/font-src/connect-src keep CSS from sending data anywhere else.
 */
export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'strict-dynamic' ${scriptSources.join(" ")} 'self'`,
    "style-src 'self' 'unsafe-inline'",
    // Images come from the image hosts of the domain config (requirements.md §7), chosen at run time: any https host.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // The API, the Sentry tunnel and the analytics beacons are all on the product's own origin.
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${FRAME_ANCESTORS.join(" ")}`,
  ].join("; ");
}

/** A fresh nonce for a page rendered per request. */
export const newNonce = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
