import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";

/**
 * No shared cache may keep a page: every page answer — the pre-rendered HTML served from memory or by Next,
 * RSC payloads, redirects, the not-found page, pages rendered per request — depends on cookies (language, theme,
 * login), so it is private to the visitor and varies on Cookie, whatever the request's Accept header.
 */
const DOCUMENT = "text/html,application/xhtml+xml,*/*;q=0.8";
const SESSION = { cookie: "refresh_token=e2e-page-caching" };

/** How a page is asked for: a browser's navigation, curl or a crawler, client navigation and prefetch of the router. */
const REQUESTS: Array<{ name: string; headers: Record<string, string> }> = [
  { name: "document", headers: { accept: DOCUMENT } },
  { name: "Accept */*", headers: { accept: "*/*" } },
  { name: "no Accept", headers: {} },
  { name: "RSC", headers: { rsc: "1" } },
  { name: "RSC prefetch", headers: { rsc: "1", "next-router-prefetch": "1" } },
];

const PAGES = [
  "/affiliates",
  "/ja/affiliates/fee",
  "/affiliates/fee?appTheme=dark",
  "/affiliates/dashboard",
  "/affiliates/no-such-page",
  "/affiliates/e2e-crash",
];

/** Every value of a response header, joined (a response may carry it more than once). */
const headerOf = (response: APIResponse, name: string): string =>
  response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === name)
    .map((h) => h.value)
    .join(", ");

/** Cache-Control: private to the visitor, revalidated or not stored, never for a shared cache. */
function expectPrivate(response: APIResponse, where: string): void {
  const cacheControl = headerOf(response, "cache-control").toLowerCase();
  const directives = cacheControl.split(",").map((d) => d.trim());
  expect(directives, `${where}: Cache-Control ${cacheControl}`).toContain("private");
  expect(
    directives.some((d) => d === "public" || d.startsWith("s-maxage")),
    `${where}: Cache-Control ${cacheControl}`,
  ).toBe(false);
  expect(
    directives.some((d) => d === "no-cache" || d === "no-store"),
    `${where}: Cache-Control ${cacheControl}`,
  ).toBe(true);
}

/** Vary: on the cookies (besides whatever else, e.g. Next's RSC headers). */
function expectVaryOnCookie(response: APIResponse, where: string): void {
  const vary = headerOf(response, "vary")
    .toLowerCase()
    .split(",")
    .map((v) => v.trim());
  expect(vary, `${where}: Vary ${vary.join(", ")}`).toContain("cookie");
}

/** Every page, asked for every way, by GET and HEAD. */
async function everyPageAnswer(
  request: APIRequestContext,
  check: (response: APIResponse, where: string) => void,
): Promise<void> {
  for (const path of PAGES) {
    for (const { name, headers } of REQUESTS) {
      for (const method of ["GET", "HEAD"] as const) {
        const where = `${method} ${path} (${name})`;
        const response = await request.fetch(path, { method, headers: { ...headers, ...SESSION }, maxRedirects: 0 });
        expect(response.status(), where).toBeLessThan(500);
        check(response, where);
      }
    }
  }
}

test("every page answer is private, whatever the Accept header: HTML, Next's copy of it, RSC payloads", async ({
  request,
}) => {
  await everyPageAnswer(request, expectPrivate);
});

// Next's page handler replaces any Vary with its RSC headers, so the answers Next serves (RSC payloads, the HTML for
// `Accept: */*`, pages rendered per request) get Cookie in Vary from the web server (server.mjs); the HTML the proxy
// serves from memory and its redirects carry it themselves.
test("every page answer varies on Cookie, whatever the Accept header", async ({ request }) => {
  await everyPageAnswer(request, expectVaryOnCookie);
});

test("the pre-rendered HTML Next serves to a client that does not ask for HTML is private too (no year-long s-maxage)", async ({
  request,
}) => {
  const response = await request.get("/affiliates/fee", { headers: { accept: "*/*" } });
  expect(response.status()).toBe(200);
  expect(headerOf(response, "content-type")).toContain("text/html");
  expect(headerOf(response, "cache-control")).toBe("private, no-cache");
});

test("redirects that depend on the language cookie or the login are private too", async ({ request }) => {
  // An unprefixed URL follows the language cookie; a language parameter sets it; a page behind the login sends a
  // visitor without a session to the login page.
  const cases: Array<{ path: string; headers?: Record<string, string> }> = [
    { path: "/affiliates/fee", headers: { accept: DOCUMENT, cookie: "language=ja" } },
    { path: "/affiliates/fee?language=ja", headers: { accept: DOCUMENT } },
    { path: "/affiliates/dashboard", headers: { accept: DOCUMENT } },
  ];
  for (const { path, headers } of cases) {
    const response = await request.get(path, { headers, maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expectPrivate(response, path);
    expectVaryOnCookie(response, path);
  }
});
