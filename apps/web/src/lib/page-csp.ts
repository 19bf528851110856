import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { contentSecurityPolicy, newNonce, nonceAttribute, nonceSlots, withIntegrity } from "./csp";
import { serverPublicOrigin } from "./public-origin";
import { serverRuntimeConfig } from "./runtime-config";
import { servedHtml } from "./served-html";
import {
  compressPieces,
  compressSeparator,
  gzipJoin,
  type CompressedPieces,
  type CompressedSeparator,
} from "./gzip-pieces";
import { userAgentAttribute } from "./user-agent-slot";
import { OFFER_RENEW_S } from "./offers";
import { afterPaintEnabled, scriptsAfterFirstPaint } from "./after-paint";
import { withIntlWarmup } from "./intl-warmup";

/**
 * Pre-rendered pages and their Content-Security-Policy (see csp.ts). The HTML of each (locale, theme, app) variant
 * is read from the build the first time it is served: the run-time PUBLIC_ORIGIN goes into its head links and the
 * run-time APP_ENV and SENTRY_DSN onto its <html> (served-html.ts; the build holds neither), every script tag gets
 * its SRI hash (Next's `experimental.sri` manifest; React's client-component chunk tags lack it), Next's chunk scripts
 * are left to a loader that adds them after the first paint (after-paint.ts), and the page is cut where nonces go.
 * Each response then joins the pieces around a fresh nonce, and the policy names that nonce.
 * A path that is not pre-rendered (rendered per request) gets its nonce from Next instead.
 */
export interface PrerenderedPage {
  /** The HTML, encoded once and cut at every place a nonce attribute goes. */
  pieces: Buffer[];
  status: number;
  /** The pieces compressed, made the first time a client takes gzip (gzip-pieces.ts). */
  compressed?: CompressedPieces;
  /** When it was read from the build or last rendered anew (ms). */
  renewedAt: number;
  /**
   * The first piece ends inside the <html> start tag: the first gap takes the parsed user agent (user-agent-slot.ts), every other
   * gap a nonce attribute.
   */
  userAgentSlot: boolean;
}

// The build output is beside the server at run time, not a dependency to trace into a deployment.
export const distDir = (): string =>
  path.join(/*turbopackIgnore: true*/ process.cwd(), process.env.NEXT_DIST_DIR ?? ".next");
const cache = new Map<string, PrerenderedPage | null>();
/** Locales × variants × pages, with room (~50 KB each). Paths that are not pre-rendered are not cached. */
const MAX_ENTRIES = 2_000;

let sriManifest: Record<string, string> | null = null;
function integrityOf(src: string): string | undefined {
  if (sriManifest === null) {
    try {
      sriManifest = JSON.parse(
        readFileSync(path.join(distDir(), "server", "subresource-integrity-manifest.json"), "utf8"),
      ) as Record<string, string>;
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
  return pageOf(raw, status);
}

/** The <html> start tag up to its `>`, where the parsed user agent goes (after the page's own attributes). */
const HTML_TAG = /<html(?=[\s>])[^>]*/i;

function pageOf(raw: string, status: number): PrerenderedPage {
  const served = withIntegrity(servedHtml(raw, serverPublicOrigin(), serverRuntimeConfig()), integrityOf);
  // After the SRI hashes, so that the loader adds every chunk with its hash; the formatters' warm-up starts before it.
  const warmed = withIntlWarmup(served);
  const slots = nonceSlots(afterPaintEnabled() ? scriptsAfterFirstPaint(warmed) : warmed);
  const html = HTML_TAG.exec(slots[0] ?? "");
  if (html) {
    const end = html.index + html[0].length;
    slots.splice(0, 1, (slots[0] as string).slice(0, end), (slots[0] as string).slice(end));
  }
  const pieces = slots.map((piece) => Buffer.from(piece, "utf8"));
  return { pieces, status, renewedAt: Date.now(), userAgentSlot: html !== null };
}

/**
 * Renders an internal page anew as the build did, with the API's current offers (page-renewal.ts); resolves its status
 * and HTML, or undefined when it cannot.
 */
export type RenderAnew = (internalPath: string) => Promise<{ status: number; html: string } | undefined>;

/**
 * How often a page served from memory is rendered anew, so that its offers follow the API's (OFFERS_RENEW_S, else
 * OFFER_RENEW_S).
 */
export function renewIntervalMs(env: Record<string, string | undefined> = process.env): number {
  const seconds = Number(env.OFFERS_RENEW_S);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : OFFER_RENEW_S) * 1000;
}

/**
 * A page held longer than the interval is rendered anew in the background and replaces the one held once it arrives
 * with the same status. Visitors meanwhile get the copy in memory, never a wait; one renewal per page at a time, and
 * one that fails is tried again an interval later.
 */
function renew(internalPath: string, cached: PrerenderedPage, renderAnew: RenderAnew): void {
  if (Date.now() - cached.renewedAt < renewIntervalMs()) return;
  cached.renewedAt = Date.now();
  renderAnew(internalPath)
    .then((fresh) => {
      if (fresh?.status === cached.status && cache.get(internalPath) === cached) {
        cache.set(internalPath, pageOf(fresh.html, fresh.status));
      }
    })
    .catch((error: unknown) => {
      console.warn(
        `[offers] ${internalPath} not rendered anew: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
}

/**
 * The pre-rendered page at an internal path, or null when the path is rendered per request. Given `renderAnew`, a page
 * held past the renewal interval is renewed in the background.
 */
export function prerenderedPage(internalPath: string, renderAnew?: RenderAnew): PrerenderedPage | null {
  const cached = cache.get(internalPath);
  if (cached !== undefined) {
    if (cached !== null && renderAnew) renew(internalPath, cached, renderAnew);
    return cached;
  }
  const page = readPage(internalPath);
  if (page !== null && cache.size < MAX_ENTRIES) cache.set(internalPath, page);
  return page;
}

/** The policy of one response: its nonce (and, on the development server, eval for its error overlay and refresh). */
export function policyWithNonce(nonce: string): string {
  const dev = process.env.NODE_ENV === "development" ? ["'unsafe-eval'"] : [];
  return contentSecurityPolicy([`'nonce-${nonce}'`, ...dev]);
}

/** Names the encoding of a page the proxy compressed itself; server.mjs (same name) makes it Content-Encoding. */
export const PRECOMPRESSED_HEADER = "x-precompressed";

/** Whether a request's Accept-Encoding takes gzip (q=0 refuses it). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  return (acceptEncoding ?? "").split(",").some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "x-gzip") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * One response of a pre-rendered page: its HTML with a fresh nonce on every script and the parse of the visitor's user
 * agent on <html>, and the policy naming the nonce; gzipped when the client takes it, from pieces compressed once (the
 * nonce is the only part compressed per response; the user agent's attribute is kept compressed per user agent).
 */
export function prerenderedResponse(
  page: PrerenderedPage,
  { gzip = false, userAgent = null }: { gzip?: boolean; userAgent?: string | null } = {},
): { body: Uint8Array<ArrayBuffer>; policy: string; encoding?: "gzip" } {
  const nonce = newNonce();
  const attribute = compressSeparator(Buffer.from(nonceAttribute(nonce), "utf8"));
  const agent = page.userAgentSlot ? userAgentAttribute(userAgent) : undefined;
  const separatorAt = (gap: number): CompressedSeparator => (gap === 0 && agent ? agent : attribute);
  const policy = policyWithNonce(nonce);
  const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
  if (gzip) {
    page.compressed ??= compressPieces(page.pieces);
    return { body: bytes(gzipJoin(page.compressed, separatorAt)), policy, encoding: "gzip" };
  }
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(separatorAt(index - 1).raw);
    parts.push(piece);
  });
  return { body: bytes(Buffer.concat(parts)), policy };
}

/** The policy of a page rendered per request: a fresh nonce, which Next writes into the scripts it renders. */
export const perRequestPolicy = (): string => policyWithNonce(newNonce());

/**
 * Caching of every page response: HTML and RSC payloads alike depend on cookies (language, theme, login), so only
 * the visitor's own cache may keep one, and it must ask again before reusing it. `Vary` names what the
 * answer depends on besides Next's RSC headers: the cookies, and Accept (a browser's navigation gets the HTML from
 * memory with nonces, any other request Next's copy of it).
 */
export const PAGE_CACHE_CONTROL = "private, no-cache";
/** A page rendered per request carries a nonce no other response has: nothing to revalidate, nothing to store. */
export const PER_REQUEST_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";
export const PAGE_VARY = "cookie, accept";
/** Next's RSC request headers, which it names in `Vary` on the responses it renders. */
export const RSC_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

/**
 * Marks a response of the proxy as private and cookie-dependent. Answers the proxy makes itself (pre-rendered HTML,
 * redirects) keep both headers. On a rewrite, Next keeps the Cache-Control it finds (send-payload.ts sets its own
 * `s-maxage=31536000` only when none is set), so the pre-rendered HTML and RSC payloads it serves are private too;
 * but its page handler replaces `Vary` with its RSC headers (`res.setHeader("Vary", …)`), so on those answers the
 * web server (server.mjs) adds `Cookie, Accept` to Vary before the headers go out.
 */
export function withPrivateCaching<R extends { headers: Headers }>(response: R, cacheControl = PAGE_CACHE_CONTROL): R {
  response.headers.set("cache-control", cacheControl);
  response.headers.set("vary", PAGE_VARY);
  return response;
}
