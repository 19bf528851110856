import { createHash } from "node:crypto";

/**
 * Content-Security-Policy of the pages (issue 12).
 *
 * Pages are pre-rendered once per (locale, theme, app) variant, and Next only writes nonces into HTML it renders per
 * request, so a nonce would cost the pre-rendering (and the SSR throughput budget). Instead each pre-rendered page
 * gets its exact policy: the sha256 of every inline script of its HTML, and the SRI hash (`experimental.sri`) of every
 * script file it loads, with 'strict-dynamic' so the scripts those start (Next's chunks, the device-token SDK, the
 * chat widget) are trusted and nothing else is. The proxy reads the HTML once per variant and caches the policy.
 * A page that is not pre-rendered (rendered per request) gets a per-request nonce instead, which Next applies.
 */

/** The product's own hosts, the only ones allowed to frame it (besides itself). */
export const FRAME_ANCESTORS = ["'self'", "https://www.exchange.example", "https://*.exchange.example"];

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const SRC_ATTRIBUTE = /\bsrc\s*=/i;
const INTEGRITY_ATTRIBUTE = /\bintegrity="(sha(?:256|384|512)-[A-Za-z0-9+/=]+)"/i;

/** 'sha256-…' of every inline script and the integrity hash of every script file of the HTML, deduplicated. */
export function scriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) {
      const integrity = INTEGRITY_ATTRIBUTE.exec(attributes)?.[1];
      if (integrity) hashes.add(`'${integrity}'`);
    } else if (!/\btype="application\/(?:ld\+)?json"/i.test(attributes)) {
      hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
    }
  }
  return [...hashes];
}

const SCRIPT_FILE_TAG = /<(script|link)\b([^>]*?)(\/?)>/gi;
const SRC_OR_HREF = /\b(?:src|href)="([^"]+)"/i;

/**
 * Adds `integrity` to every script tag and script preload of the HTML that lacks it, from the build's SRI manifest
 * (`integrityOf(src)`): React writes the tags of client-component chunks without it, and under 'strict-dynamic' a
 * script file in the HTML runs only when its hash is listed.
 */
export function withIntegrity(html: string, integrityOf: (src: string) => string | undefined): string {
  return html.replace(SCRIPT_FILE_TAG, (tag: string, name: string, attributes: string, selfClosing: string) => {
    if (/\bintegrity=/i.test(attributes)) return tag;
    const isScriptFile = name.toLowerCase() === "script" ? SRC_ATTRIBUTE.test(attributes) : /\bas="script"/i.test(attributes) || /\brel="modulepreload"/i.test(attributes);
    if (!isScriptFile) return tag;
    const src = SRC_OR_HREF.exec(attributes)?.[1];
    const integrity = src ? integrityOf(src) : undefined;
    return integrity ? `<${name}${attributes} integrity="${integrity}"${selfClosing}>` : tag;
  });
}

/**
 * The policy. Scripts: only the listed hashes or nonce, and what they load ('strict-dynamic'); 'self' is a fallback
 * for CSP2 browsers, which ignore it when they understand 'strict-dynamic'. Styles need 'unsafe-inline': antd's
 * cssinjs writes <style> elements at run time and React writes style attributes, neither of which a build-time hash
 * can cover; styles cannot run code, and img-src/font-src/connect-src keep CSS from sending data anywhere else.
 */
export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'strict-dynamic' ${scriptSources.join(" ")} 'self'`,
    "style-src 'self' 'unsafe-inline'",
    // Images come from the image hosts of the domain config (spec §7), chosen at run time: any https host.
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
