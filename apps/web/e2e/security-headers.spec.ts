import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { AFFILIATE, logIn, waitForHydration } from "./fixtures";
import { chunksAfterPaint } from "../src/lib/after-paint";

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Records every CSP violation of the page (the event fires in the document before any page script runs). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** What a browser's navigation sends (the proxy answers those from the pre-rendered variant). */
const DOCUMENT = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

const PUBLIC_PAGES = [
  "/affiliates",
  "/ar/affiliates",
  "/zh-CN/affiliates/fee",
  "/affiliates/fee?appTheme=dark",
  "/affiliates/no-such-page",
];
/** Pages behind the login (the session is put in the browser first). */
const LOGGED_IN_PAGES = ["/affiliates/apply", "/affiliates/dashboard"];

test("every page has a strict CSP: a nonce per response and 'strict-dynamic', no 'unsafe-inline' for scripts, framing by own hosts only", async ({
  request,
}) => {
  for (const path of PUBLIC_PAGES) {
    const response = await request.get(path, { headers: DOCUMENT });
    expect(response.status(), path).toBe(path.includes("no-such-page") ? 404 : 200);
    const csp = directives(response.headers()["content-security-policy"]);
    const scripts = csp.get("script-src") ?? [];
    expect(scripts, path).toContain("'strict-dynamic'");
    expect(scripts, path).not.toContain("'unsafe-inline'");
    expect(scripts, path).not.toContain("'unsafe-eval'");
    // Every script is allowed by the response's nonce, never by host alone ('self' is only the CSP2 fallback).
    expect(
      scripts.filter((s) => s.startsWith("'nonce-")),
      path,
    ).toHaveLength(1);
    expect(csp.get("frame-ancestors"), path).toEqual([
      "'self'",
      "https://www.exchange.example",
      "https://*.exchange.example",
    ]);
    expect(csp.get("object-src"), path).toEqual(["'none'"]);
    expect(csp.get("base-uri"), path).toEqual(["'self'"]);
    expect(csp.get("connect-src"), path).toEqual(["'self'"]);
  }
  // A pre-rendered page gets a fresh nonce on every response, written on each of its scripts.
  const nonceIn = (header: string | undefined) => /'nonce-([^']+)'/.exec(header ?? "")?.[1] ?? "";
  const first = await request.get("/affiliates", { headers: DOCUMENT });
  const second = await request.get("/affiliates", { headers: DOCUMENT });
  const nonce = nonceIn(first.headers()["content-security-policy"]);
  expect(nonce.length).toBeGreaterThanOrEqual(22);
  expect(nonceIn(second.headers()["content-security-policy"])).not.toBe(nonce);
  const html = await first.text();
  const scriptTags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scriptTags.length).toBeGreaterThan(3);
  for (const tag of scriptTags) expect(tag).toContain(` nonce="${nonce}"`);
  // Script files also carry their SRI hash.
  for (const tag of scriptTags.filter((t) => t.includes(" src=")))
    expect(tag).toMatch(/ integrity="sha256-[A-Za-z0-9+/=]+"/);
  // … and so do the chunks the loader adds after the first paint (lib/after-paint.ts), listed as [src, integrity].
  const chunks = chunksAfterPaint(html);
  expect(chunks.length).toBeGreaterThan(3);
  for (const [src, integrity] of chunks) expect(integrity, src).toMatch(/^sha256-[A-Za-z0-9+/=]+$/);
  // The HTML depends on cookies and carries its nonce: no shared cache may keep it, and there is no validator to
  // revalidate a stored copy with (a 304 would pair an old nonce with a new policy).
  expect(first.headers()["cache-control"]).toBe("private, no-cache");
  expect(first.headers()["etag"]).toBeUndefined();
  // A page rendered per request gets a fresh nonce each time too.
  const nonceOf = async () =>
    nonceIn((await request.get("/affiliates/no-such-page")).headers()["content-security-policy"]);
  const [one, two] = [await nonceOf(), await nonceOf()];
  expect(one).toBeTruthy();
  expect(two).not.toBe(one);
});

test("the scripts a page starts with carry V8's compile hint, and each integrity hash matches what is served", async ({
  request,
}) => {
  const sha256 = (body: Buffer) => `sha256-${createHash("sha256").update(body).digest("base64")}`;
  // A pre-rendered page and one rendered per request (its hashes come from the server's manifest).
  for (const path of ["/affiliates", "/affiliates/no-such-page"]) {
    const html = await (await request.get(path, { headers: DOCUMENT })).text();
    const tags = [...html.matchAll(/<script src="([^"]+)"[^>]*>/g)];
    // Next's polyfills (noModule) are left alone: a current browser never runs them.
    const polyfills = tags.filter((m) => m[0].includes("noModule")).map((m) => m[1]);
    const tagged = tags.map((m) => [m[1], / integrity="([^"]+)"/.exec(m[0])?.[1] ?? null] as const);
    const scripts = [...tagged, ...chunksAfterPaint(html)];
    const unhinted = [];
    for (const [src = "", integrity] of scripts) {
      const body = await (await request.get(src)).body();
      expect(integrity, `${path}: ${src}`).toBe(sha256(body));
      if (!body.toString("utf8").startsWith("//# allFunctionsCalledOnLoad\n")) unhinted.push(src);
    }
    expect(scripts.length, path).toBeGreaterThan(4);
    expect(unhinted, path).toEqual(polyfills);
  }
});

test("pages and assets carry the other security headers; HSTS only behind https", async ({ request }) => {
  for (const path of ["/affiliates", "/ar/affiliates/fee", "/affiliates/static/icon.svg", "/affiliates/no-such-page"]) {
    const response = await request.get(path, { headers: DOCUMENT });
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["permissions-policy"], path).toContain("geolocation=()");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'self'");
    expect(headers["strict-transport-security"], path).toBeUndefined();
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
  const asset = directives((await request.get("/affiliates/static/icon.svg")).headers()["content-security-policy"]);
  expect(asset.get("default-src")).toEqual(["'none'"]);
  // The suite's web tier trusts no hop (TRUST_PROXY unset): a client's own claim of https is not believed.
  // The trusted case (a load balancer's X-Forwarded-Proto) is in runtime-origin.spec.ts.
  for (const path of ["/affiliates", "/affiliates/static/icon.svg"]) {
    const spoofed = await request.get(path, { headers: { ...DOCUMENT, "x-forwarded-proto": "https" } });
    expect(spoofed.headers()["strict-transport-security"], path).toBeUndefined();
  }
});

test("the pages work under the CSP: no violation reported, nothing refused in the console", async ({
  page,
  context,
}) => {
  await watchViolations(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto("/affiliates");
  await expect(page.getByTestId("headline-rate")).toContainText("50%");
  // Client-side navigation loads further chunks (trusted through 'strict-dynamic').
  await page.locator(`a[href$="/affiliates/fee"]`).first().click();
  await page.waitForURL(/\/affiliates\/fee/);
  await page.waitForLoadState("networkidle");
  expect(await violations(page)).toEqual([]);

  // Logged in: the dashboard and the application form (device-token SDK script, analytics, images) work too.
  await logIn(context, AFFILIATE);
  for (const path of LOGGED_IN_PAGES) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], path).toContain("'strict-dynamic'");
    await page.waitForLoadState("networkidle");
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto("/affiliates/dashboard");
  await expect(page.getByTestId("figures").locator(".figure")).toHaveCount(9);
  expect(await violations(page)).toEqual([]);
  // Nothing the browser refused (Chromium logs each refusal as a console error as well) and no script failed for it.
  expect(errors.filter((e) => /Content Security Policy|Refused to|EvalError|integrity/i.test(e))).toEqual([]);
});

test("injected markup cannot run script: an inline handler is blocked and reported", async ({ page }) => {
  await watchViolations(page);
  await page.goto("/affiliates");
  await page.waitForLoadState("networkidle");
  // What an HTML injection would try: markup with an inline event handler.
  const ran = await page.evaluate(async () => {
    const holder = document.createElement("div");
    holder.innerHTML = '<img src="data:," alt="" onerror="window.__injected = true">';
    document.body.append(holder);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect(await violations(page)).toEqual(["script-src-attr inline "]);
});

test("cookies: refresh_token httpOnly and SameSite; language and theme readable by scripts with SameSite=Lax", async ({
  page,
  context,
}) => {
  await logIn(context, AFFILIATE);
  const session = (await context.cookies()).find((c) => c.name === "refresh_token");
  expect(session?.httpOnly).toBe(true);
  expect(["Lax", "Strict"]).toContain(session?.sameSite);

  await page.goto("/affiliates/fee?language=zh-CN");
  await page.waitForURL(/\/zh-CN\/affiliates\/fee/);
  const language = (await context.cookies()).find((c) => c.name === "language");
  expect(language?.httpOnly).toBe(false);
  expect(language?.sameSite).toBe("Lax");

  await waitForHydration(page, ".theme-toggle"); // its click is React's, not the browser's
  await page.locator(".theme-toggle").click();
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "theme")?.value).toBeTruthy();
  const theme = (await context.cookies()).find((c) => c.name === "theme");
  expect(theme?.httpOnly).toBe(false);
  expect(theme?.sameSite).toBe("Lax");
});
