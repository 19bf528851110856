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
import { requiresLogin } from "@/lib/pages";
import { internalPath, NOT_FOUND_PAGE } from "@/lib/internal-route";
import { REFRESH_TOKEN_COOKIE } from "@/lib/constants";
import { isAppUserAgent } from "@/lib/app-detect";

/** Main-site and API paths answered by the exchange API on the same origin (issue 2). */
const API_PATH = /^\/(?:v1\/|(?:[A-Za-z-]{2,5}\/)?(?:login|register)(?:\/|$)|logout(?:\/|$))/;

const apiOrigin = () => process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? "4000"}`;

function cleanSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of LANGUAGE_QUERY_PARAMS) kept.delete(name);
  const text = kept.toString();
  return text ? `?${text}` : "";
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname, searchParams, search } = request.nextUrl;

  if (API_PATH.test(pathname)) {
    return NextResponse.rewrite(new URL(`${pathname}${search}`, apiOrigin()));
  }

  const parsed = parseProductPath(pathname);
  if (!parsed) {
    return NextResponse.rewrite(new URL(internalPath(DEFAULT_LOCALE, { theme: "White", inApp: false }, NOT_FOUND_PAGE), request.url), {
      status: 404,
    });
  }

  const { locale, source } = resolveLocale({
    languageType: searchParams.get("languageType"),
    language: searchParams.get("language"),
    cookie: request.cookies.get(LANGUAGE_COOKIE)?.value,
    prefix: parsed.prefix,
  });

  const fromQuery = source === "languageType" || source === "language";
  if (fromQuery || prefixOf(locale).toLowerCase() !== parsed.prefix.toLowerCase()) {
    // Put the visitor on the URL of the language they see, without the one-shot language parameters.
    const target = new URL(`${localePath(locale, parsed.page)}${cleanSearch(searchParams)}`, request.url);
    const response = NextResponse.redirect(target, 307);
    if (fromQuery) {
      response.cookies.set(LANGUAGE_COOKIE, locale, { path: "/", maxAge: LANGUAGE_COOKIE_MAX_AGE_S, sameSite: "lax" });
    }
    return response;
  }

  const inApp = isAppUserAgent(request.headers.get("user-agent"));
  if (requiresLogin(parsed.page) && !inApp && !request.cookies.has(REFRESH_TOKEN_COOKIE)) {
    return NextResponse.redirect(new URL(loginPath(locale, `${pathname}${search}`), request.url), 307);
  }

  const theme = resolveTheme({
    pathname: pathname,
    appTheme: searchParams.get("appTheme"),
    cookie: request.cookies.get(THEME_COOKIE)?.value,
  });
  const rewritten = new URL(internalPath(getLocale(locale).locale, { theme, inApp }, parsed.page), request.url);
  rewritten.search = search;
  return NextResponse.rewrite(rewritten);
}

export const config = {
  // Next's own files, and static files under /affiliates/static, skip the proxy.
  matcher: ["/((?!_next/|affiliates/_next/|affiliates/static/|favicon\\.ico|robots\\.txt).*)"],
};
