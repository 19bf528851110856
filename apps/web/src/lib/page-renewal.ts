import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { distDir, type RenderAnew } from "./page-csp";

/**
 * How the proxy renews a pre-rendered page (page-csp.ts serves it from memory, so Next never sees it go stale): it asks
 * this same server for the internal page in Next's draft mode, which renders the page per request, fetching the
 * offers from the API anew (draft mode skips Next's fetch cache), and renders it the way the build did
 * (shared-rendering.ts): no run-time settings, no nonces. Draft mode needs the build's own secret (`previewModeId`
 * in the prerender manifest, new with each build); the proxy lets the request through to Next only with this
 * process's random secret in RENEW_HEADER.
 */
export const RENEW_HEADER = "x-render-anew";
const RENEW_SECRET = crypto.randomUUID();
/** Next's draft-mode cookie. */
const DRAFT_MODE_COOKIE = "__prerender_bypass";
const RENDER_TIMEOUT_MS = 30_000;

export const isRenewalRequest = (headers: Headers): boolean => headers.get(RENEW_HEADER) === RENEW_SECRET;

let previewModeId: string | null | undefined;
function draftModeSecret(): string | null {
  if (previewModeId === undefined) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(distDir(), "prerender-manifest.json"), "utf8")) as {
        preview?: { previewModeId?: unknown };
      };
      previewModeId = typeof manifest.preview?.previewModeId === "string" ? manifest.preview.previewModeId : null;
    } catch {
      previewModeId = null;
    }
  }
  return previewModeId;
}

/** This server on loopback (server.mjs listens on WEB_HOST:PORT; unset: every interface). */
function ownOrigin(): string {
  const host = process.env.WEB_HOST;
  const loopback = !host || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${loopback}:${process.env.PORT ?? "3000"}`;
}

export const renderAnew: RenderAnew = async (internalPath) => {
  const secret = draftModeSecret();
  if (secret === null) return undefined; // a development server has no pre-rendered pages to renew
  const response = await fetch(`${ownOrigin()}${internalPath}`, {
    headers: { [RENEW_HEADER]: RENEW_SECRET, cookie: `${DRAFT_MODE_COOKIE}=${secret}`, accept: "text/html" },
    redirect: "manual",
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
  });
  return { status: response.status, html: await response.text() };
};
