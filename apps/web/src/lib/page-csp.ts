import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { contentSecurityPolicy, newNonce, scriptHashes, withIntegrity } from "./csp";

/**
 * Pre-rendered pages and their Content-Security-Policy (see csp.ts). The HTML of each (locale, theme, app) variant
 * is read from the build the first time it is served: every script tag gets its SRI hash (Next's
 * `experimental.sri` manifest; React's client-component chunk tags lack it), the policy lists exactly those hashes
 * and the hashes of the inline scripts, and the proxy answers document requests with it straight from memory.
 * A path that is not pre-rendered (rendered per request) gets a per-request nonce instead.
 */
export interface PrerenderedPage {
  html: string;
  /** The HTML encoded once, so that serving it costs no encoding. */
  body: Uint8Array<ArrayBuffer>;
  policy: string;
  status: number;
  /** A strong validator of the HTML, for conditional requests. */
  etag: string;
}

// The build output is beside the server at run time, not a dependency to trace into a deployment.
const distDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), process.env.NEXT_DIST_DIR ?? ".next");
const cache = new Map<string, PrerenderedPage | null>();
/** Locales × variants × pages, with room (~50 KB each). Paths that are not pre-rendered are not cached. */
const MAX_ENTRIES = 2_000;

let sriManifest: Record<string, string> | null = null;
function integrityOf(src: string): string | undefined {
  if (sriManifest === null) {
    try {
      sriManifest = JSON.parse(readFileSync(path.join(distDir(), "server", "subresource-integrity-manifest.json"), "utf8")) as Record<string, string>;
    } catch {
      sriManifest = {};
    }
  }
  const at = src.indexOf("/_next/");
  return at < 0 ? undefined : sriManifest[decodeURIComponent(src.slice(at + "/_next/".length).split("?")[0] ?? "")];
}

function readPage(internalPath: string): PrerenderedPage | null {
  if (internalPath.includes("..") || internalPath.includes("\0")) return null;
  const base = path.join(distDir(), "server", "app", internalPath);
  let raw: string;
  try {
    raw = readFileSync(`${base}.html`, "utf8");
  } catch {
    return null;
  }
  let status = 200;
  try {
    const meta = JSON.parse(readFileSync(`${base}.meta`, "utf8")) as { status?: number };
    if (typeof meta.status === "number") status = meta.status;
  } catch {
    // no meta: a plain 200 page
  }
  const html = withIntegrity(raw, integrityOf);
  const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
  return { html, body: new TextEncoder().encode(html), status, etag, policy: contentSecurityPolicy(scriptHashes(html)) };
}

/** The pre-rendered page at an internal path, or null when the path is rendered per request. */
export function prerenderedPage(internalPath: string): PrerenderedPage | null {
  const cached = cache.get(internalPath);
  if (cached !== undefined) return cached;
  const page = readPage(internalPath);
  if (page !== null && cache.size < MAX_ENTRIES) cache.set(internalPath, page);
  return page;
}

/** The policy of a page rendered per request: a fresh nonce, which Next writes into the scripts it renders. */
export function perRequestPolicy(): string {
  // The development server evaluates code for its error overlay and fast refresh.
  const dev = process.env.NODE_ENV === "development" ? ["'unsafe-eval'"] : [];
  return contentSecurityPolicy([`'nonce-${newNonce()}'`, ...dev]);
}
