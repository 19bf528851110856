import { NextResponse, type NextRequest } from "next/server";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_QUERY_PARAMS,
  DEFAULT_LOCALE,
  THEME_COOKIE,
  localePath,
  loginPath,
  parseProductPath,
  prefixOf,
  resolveLocale,
  resolveTheme,
  getLocale,
} from "@affiliates/locales";
import { pageOfPath, requiresLogin } from "@/lib/pages";
import { internalPath, NOT_FOUND_PAGE } from "@/lib/internal-route";
import { REFRESH_TOKEN_COOKIE } from "@/lib/constants";
import { isAppUserAgent } from "@/lib/app-detect";
import {
  PER_REQUEST_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
  PAGE_VARY,
  RSC_VARY,
  perRequestPolicy,
  prerenderedPage,
  prerenderedResponse,
  acceptsGzip,
  PRECOMPRESSED_HEADER,
  withPrivateCaching,
} from "@/lib/page-csp";
import { isRenewalRequest, renderAnew } from "@/lib/page-renewal";

const CSP_HEADER = "Content-Security-Policy";

/**
 * A browser asking for a page's HTML. Next strips its RSC headers before the proxy sees a request, so the RSC
 * payload fetches of client-side navigation and prefetch are told apart by what browsers send: a navigation
 * accepts text/html (Next's fetches accept anything) and, where sent, has the fetch destination "document".
 */
function isDocumentRequest(request: NextRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!(request.headers.get("accept") ?? "").includes("text/html")) return false;
  const destination = request.headers.get("sec-fetch-dest");
  return destination === null || destination === "document" || destination === "iframe";
}

/**
 * Answers with the internal page and its Content-Security-Policy (lib/csp.ts). A pre-rendered page's HTML
 * is sent from memory with a fresh nonce on its scripts (the fast path: no second pass through the router); its
 * RSC payload is rewritten to Next. A page rendered per request gets a nonce too, which Next reads from the request
 * header and writes into its scripts.
 * Every answer depends on cookies (language, theme, login): all are private to the visitor.
 */
function rewriteToPage(internal: URL, request: NextRequest, init?: { status?: number }): NextResponse {
  const page = prerenderedPage(internal.pathname, renderAnew);
  if (page && isDocumentRequest(request)) {
    const { body, policy, encoding } = prerenderedResponse(page, {
      gzip: acceptsGzip(request.headers.get("accept-encoding")),
      userAgent: request.headers.get("user-agent"),
    });
    return new NextResponse(request.method === "HEAD" ? null : body, {
      status: init?.status ?? page.status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        // Compressed here, from pieces compressed once; the web server (server.mjs) turns this into Content-Encoding,
        // which Next would drop from a proxy answer.
        ...(encoding ? { [PRECOMPRESSED_HEADER]: encoding } : {}),
        // The HTML depends on cookies (language, theme, login), and each copy carries its own nonce: no cache may
        // keep it by URL alone, nor revalidate it (no validator: a 304 would pair a stored copy's nonce with a new policy).
        "cache-control": PAGE_CACHE_CONTROL,
        vary: `${RSC_VARY}, ${PAGE_VARY}, accept-encoding, user-agent`,
        [CSP_HEADER]: policy,
      },
    });
  }
  const policy = perRequestPolicy();
  if (page) {
    // The RSC payload of a pre-rendered page (client navigation, prefetch), or its HTML to a client that does not
    // ask for HTML (curl, `Accept: */*`): Next serves them as built, with this Cache-Control instead of its own
    // `s-maxage=31536000` (it keeps one the proxy set). Vary: see withPrivateCaching.
    const response = withPrivateCaching(NextResponse.rewrite(internal, init));
    response.headers.set(CSP_HEADER, policy);
    return response;
  }
  const headers = new Headers(request.headers);
  headers.set(CSP_HEADER, policy);
  const response = withPrivateCaching(
    NextResponse.rewrite(internal, { ...init, request: { headers } }),
    PER_REQUEST_CACHE_CONTROL,
  );
  response.headers.set(CSP_HEADER, policy);
  return response;
}

/** A redirect of the proxy: where it points depends on the language cookie and the login, so it is private too. */
const redirectTo = (target: URL): NextResponse => withPrivateCaching(NextResponse.redirect(target, 307));

/** Pages that exist only for the end-to-end suites (each answers 404 itself unless ENABLE_TEST_ROUTES=1). */
const TEST_PAGES: ReadonlySet<string> = new Set(["/e2e-crash"]);

function cleanSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of LANGUAGE_QUERY_PARAMS) kept.delete(name);
  const text = kept.toString();
  return text ? `?${text}` : "";
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname, searchParams, search } = request.nextUrl;
  // The proxy's own request to render an internal page anew (page-renewal.ts): Next renders it in draft mode.
  if (isRenewalRequest(request.headers)) return NextResponse.next();

  // The exchange API's own paths (/v1, /login, …) never get here: the web server (server.mjs) forwards them.
  const parsed = parseProductPath(pathname);
  if (!parsed) {
    return rewriteToPage(
      new URL(internalPath(DEFAULT_LOCALE, { theme: "White", inApp: false }, NOT_FOUND_PAGE), request.url),
      request,
      {
        status: 404,
      },
    );
  }

  const cookieLocale = request.cookies.get(LANGUAGE_COOKIE)?.value;
  const { locale, source } = resolveLocale({
    languageType: searchParams.get("languageType"),
    language: searchParams.get("language"),
    cookie: cookieLocale,
    prefix: parsed.prefix,
  });
  const rememberLocale = (response: NextResponse) =>
    response.cookies.set(LANGUAGE_COOKIE, locale, { path: "/", maxAge: LANGUAGE_COOKIE_MAX_AGE_S, sameSite: "lax" });

  const fromQuery = source === "languageType" || source === "language";
  // Unknown or unsupported language parameters (e.g. a languageType without a catalogue) go too; the language stays.
  const languageQuery = LANGUAGE_QUERY_PARAMS.some((name) => searchParams.has(name));
  if (fromQuery || languageQuery || prefixOf(locale).toLowerCase() !== parsed.prefix.toLowerCase()) {
    // Put the visitor on the URL of the language they see, without the one-shot language parameters.
    const target = new URL(`${localePath(locale, parsed.page)}${cleanSearch(searchParams)}`, request.url);
    const response = redirectTo(target);
    if (fromQuery) rememberLocale(response);
    return response;
  }
  // The prefix the visitor opened won over a cookie of another language: the cookie follows it.
  const cookieOutdated = source === "prefix" && cookieLocale !== undefined && cookieLocale !== locale;

  const inApp = isAppUserAgent(request.headers.get("user-agent"));
  if (requiresLogin(parsed.page) && !inApp && !request.cookies.has(REFRESH_TOKEN_COOKIE)) {
    const response = redirectTo(new URL(loginPath(locale, `${pathname}${search}`), request.url));
    if (cookieOutdated) rememberLocale(response);
    return response;
  }

  const theme = resolveTheme({
    pathname: pathname,
    appTheme: searchParams.get("appTheme"),
    cookie: request.cookies.get(THEME_COOKIE)?.value,
  });
  // An unknown page gets the pre-rendered not-found page of its language and theme (content in the HTML), as a 404.
  const served = pageOfPath(parsed.page) !== undefined || TEST_PAGES.has(parsed.page);
  const rewritten = new URL(
    internalPath(getLocale(locale).locale, { theme, inApp }, served ? parsed.page : NOT_FOUND_PAGE),
    request.url,
  );
  if (served) rewritten.search = search;
  const response = rewriteToPage(rewritten, request, served ? undefined : { status: 404 });
  if (cookieOutdated) rememberLocale(response);
  return response;
}

export const config = {
  // Next's own files, and static files under /affiliates/static, skip the proxy.
  matcher: ["/((?!_next/|affiliates/_next/|affiliates/static/|favicon\\.ico|robots\\.txt).*)"],
};
