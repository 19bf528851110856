import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../http/errors";

export interface SameOriginOptions {
  /** PUBLIC_ORIGIN: the site's public origin, accepted besides the request's own. */
  publicOrigin: string | undefined;
  /** ALLOWED_ORIGINS: further accepted origins. */
  allowedOrigins: readonly string[];
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** `scheme://host[:port]` as browsers serialise it (default port dropped, host lower-cased), or "null" when unusable. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}

/**
 * The origin a state-changing request says it comes from: the Origin header, else the Referer's origin; undefined
 * when it sends neither (a native app, curl, a server), which is not a browser's cross-site request.
 */
export function claimedOrigin(request: FastifyRequest): string | undefined {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const origin = first(request.headers.origin);
  if (origin !== undefined) return origin.trim() === "null" ? "null" : originOf(origin.trim());
  const referer = first(request.headers.referer);
  if (referer !== undefined) return originOf(referer.trim());
  return undefined;
}

/**
 * Cross-site request forgery guard on every route: a POST, PUT, PATCH or DELETE whose Origin (or Referer) is not the
 * site's own is refused with 403 before anything runs. The own origin is the request's protocol and host (Fastify
 * applies trustProxy to X-Forwarded-Proto/Host; the proxies keep Host), plus PUBLIC_ORIGIN and ALLOWED_ORIGINS.
 * `Origin: null` (sandboxed frames, some redirects) is refused; cookies are SameSite=Lax, this covers the rest.
 */
export default fp<SameOriginOptions>(
  (app, options, done) => {
    const configured = new Set(
      [options.publicOrigin, ...options.allowedOrigins].filter((o): o is string => !!o).map(originOf),
    );
    configured.delete("null");

    app.addHook("onRequest", (request, _reply, next) => {
      if (!STATE_CHANGING.has(request.method)) return next();
      const claimed = claimedOrigin(request);
      if (claimed === undefined) return next();
      if (
        claimed !== "null" &&
        (claimed === originOf(`${request.protocol}://${request.host}`) || configured.has(claimed))
      )
        return next();
      next(new ApiError("forbidden", "origin: cross-site request refused"));
    });
    done();
  },
  { name: "same-origin" },
);
