import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INTL_WARMUP } from "../src/lib/intl-warmup";

// A build directory with one pre-rendered page, read the way the proxy reads the real one.
const dist = mkdtempSync(path.join(tmpdir(), "page-csp-"));
const HTML =
  '<html><head><script src="/affiliates/_next/static/chunks/a.js" async=""></script></head><body><script>self.__next_f.push([0])</script></body></html>';
/** A page with a head link as the build leaves it: root-relative, in the markup and in the inline RSC payload. */
const LINKED =
  '<!DOCTYPE html><html lang="en"><head><link rel="canonical" href="/affiliates/fee"/></head><body><script>self.__next_f.push([1,"2:[[\\"$\\",\\"link\\",\\"2\\",{\\"rel\\":\\"canonical\\",\\"href\\":\\"/affiliates/fee\\"}]]\\n"])</script></body></html>';
let saved: string | undefined;
const RUNTIME_ENV = ["PUBLIC_ORIGIN", "APP_ENV", "SENTRY_DSN"] as const;
const savedRuntime = Object.fromEntries(RUNTIME_ENV.map((name) => [name, process.env[name]]));

beforeAll(() => {
  mkdirSync(path.join(dist, "server", "app", "en", "w"), { recursive: true });
  writeFileSync(path.join(dist, "server", "app", "en", "w", "affiliates.html"), HTML);
  mkdirSync(path.join(dist, "server", "app", "en", "w", "affiliates"), { recursive: true });
  writeFileSync(path.join(dist, "server", "app", "en", "w", "affiliates", "fee.html"), LINKED);
  writeFileSync(
    path.join(dist, "server", "subresource-integrity-manifest.json"),
    JSON.stringify({ "static/chunks/a.js": "sha256-AAA=" }),
  );
  saved = process.env.NEXT_DIST_DIR;
  process.env.NEXT_DIST_DIR = path.relative(process.cwd(), dist);
  for (const name of RUNTIME_ENV) delete process.env[name];
});
afterAll(() => {
  if (saved === undefined) delete process.env.NEXT_DIST_DIR;
  else process.env.NEXT_DIST_DIR = saved;
  for (const name of RUNTIME_ENV) {
    if (savedRuntime[name] === undefined) delete process.env[name];
    else process.env[name] = savedRuntime[name];
  }
});

describe("pre-rendered pages get a nonce per response", () => {
  it("each response has a fresh nonce on every script, the policy names exactly that nonce, and the rest is the page", async () => {
    const { prerenderedPage, prerenderedResponse } = await import("../src/lib/page-csp");
    const page = prerenderedPage("/en/w/affiliates");
    expect(page).not.toBeNull();
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { body, policy } = prerenderedResponse(page!);
      const html = new TextDecoder().decode(body);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? "";
      expect(nonce.length).toBeGreaterThanOrEqual(22); // 16 random bytes
      // Every script carries it: the inline one, the formatters' warm-up (intl-warmup.ts) and the loader that adds the
      // chunk after the first paint (after-paint.ts)…
      expect(html.split(`<script nonce="${nonce}"`)).toHaveLength(4);
      // … which adds it with the SRI hash from the manifest …
      expect(html).toContain('["/affiliates/_next/static/chunks/a.js","sha256-AAA="]');
      // … and the run-time APP_ENV on <html> (unset here: test).
      const added = [`<script>${INTL_WARMUP}</script>`, /<script>\(\(chunks\)=>.*?<\/script>/] as const;
      expect(
        html
          .replace(/ nonce="[^"]+"/g, "")
          .replace(/ data-ua="[^"]*"/, "")
          .replace(added[0], "")
          .replace(added[1], ""),
      ).toBe(
        HTML.replace("<html>", '<html data-app-env="test">').replace(
          '<script src="/affiliates/_next/static/chunks/a.js" async=""></script>',
          "",
        ),
      );
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
  });

  it("a path that was not pre-rendered (or tries to leave the build) is not served from memory", async () => {
    const { prerenderedPage } = await import("../src/lib/page-csp");
    expect(prerenderedPage("/en/w/nothing-here")).toBeNull();
    expect(prerenderedPage("/../../etc/passwd")).toBeNull();
  });
});

describe("pre-rendered pages are served with the run-time origin and settings", () => {
  it("the head links get PUBLIC_ORIGIN and <html> gets APP_ENV, SENTRY_DSN and PUBLIC_ORIGIN, as the server has them when it serves", async () => {
    process.env.PUBLIC_ORIGIN = "https://partners.exchange.example";
    process.env.APP_ENV = "online";
    process.env.SENTRY_DSN = "https://key@sentry.exchange.example/7";
    const { prerenderedPage, prerenderedResponse } = await import("../src/lib/page-csp");
    const html = new TextDecoder().decode(prerenderedResponse(prerenderedPage("/en/w/affiliates/fee")!).body);
    expect(html).toContain(
      '<html data-app-env="online" data-sentry-dsn="https://key@sentry.exchange.example/7" data-public-origin="https://partners.exchange.example" lang="en" data-ua="',
    );
    expect(html).toContain('<link rel="canonical" href="https://partners.exchange.example/affiliates/fee"/>');
    expect(html).toContain('\\"href\\":\\"https://partners.exchange.example/affiliates/fee\\"');
    expect(html).not.toMatch(/href(=|\\":\\)"\/affiliates/);
  });
});

describe("page responses are private to the visitor", () => {
  it("whatever Next would have said: private, no-cache, and Vary on the cookies", async () => {
    const { withPrivateCaching, PER_REQUEST_CACHE_CONTROL } = await import("../src/lib/page-csp");
    const fromNext = new Response(null, { headers: { "cache-control": "s-maxage=31536000", vary: "rsc" } });
    const response = withPrivateCaching(fromNext);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("vary")).toBe("cookie, accept");
    expect(withPrivateCaching(new Response(null), PER_REQUEST_CACHE_CONTROL).headers.get("cache-control")).toMatch(
      /^private, .*no-store/,
    );
  });
});

describe("pre-rendered pages are gzipped from pieces compressed once", () => {
  it("a gzip answer decompresses to the page with its nonce, and Accept-Encoding decides", async () => {
    const { gunzipSync } = await import("node:zlib");
    const { acceptsGzip, prerenderedPage, prerenderedResponse } = await import("../src/lib/page-csp");
    const page = prerenderedPage("/en/w/affiliates")!;
    const zipped = prerenderedResponse(page, { gzip: true });
    expect(zipped.encoding).toBe("gzip");
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(zipped.policy)?.[1] ?? "";
    const html = gunzipSync(zipped.body).toString();
    expect(html.split(`<script nonce="${nonce}"`)).toHaveLength(4);
    expect(prerenderedResponse(page).encoding).toBeUndefined();
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});

describe("a served page carries the server's parse of the visitor's user agent (issue 36)", () => {
  const IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
  const parsedOn = (html: string): unknown => {
    const value = /<html[^>]* data-ua="([^"]*)">/.exec(html)?.[1];
    return value === undefined
      ? undefined
      : JSON.parse(
          value
            .replace(/&quot;/g, '"')
            .replace(/&lt;/g, "<")
            .replace(/&gt;/g, ">")
            .replace(/&#39;/g, "'")
            .replace(/&amp;/g, "&"),
        );
  };

  it("on <html>, plain and gzipped alike, the same parse the browser would make", async () => {
    const { gunzipSync } = await import("node:zlib");
    const { parseUserAgent } = await import("@affiliates/analytics/user-agent");
    const { prerenderedPage, prerenderedResponse } = await import("../src/lib/page-csp");
    const page = prerenderedPage("/en/w/affiliates/fee")!;
    const plain = new TextDecoder().decode(prerenderedResponse(page, { userAgent: IPHONE }).body);
    const zipped = gunzipSync(prerenderedResponse(page, { gzip: true, userAgent: IPHONE }).body).toString();
    expect(parsedOn(plain)).toEqual(parseUserAgent(IPHONE));
    expect(parsedOn(plain)).toMatchObject({ browser: "Mobile Safari", os: "iOS", manufacturer: "Apple" });
    expect(parsedOn(zipped)).toEqual(parseUserAgent(IPHONE));
    // The rest of the page is as before: the attribute ends the <html> start tag.
    expect(plain).toMatch(/^<!DOCTYPE html><html [^>]*lang="en" data-ua="[^"]*"><head>/);
    expect(prerenderedResponse(page, { userAgent: "curl/8.5.0" }).body).not.toEqual(
      prerenderedResponse(page, { userAgent: IPHONE }).body,
    );
  });

  it("a hostile user agent stays inside the attribute, and no user agent gives empty fields", async () => {
    const { prerenderedPage, prerenderedResponse } = await import("../src/lib/page-csp");
    const page = prerenderedPage("/en/w/affiliates/fee")!;
    const hostile = `Mozilla/5.0 (Linux; Android 14; "><script>alert(1)</script> Build/UP1A) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36`;
    const html = new TextDecoder().decode(prerenderedResponse(page, { userAgent: hostile }).body);
    const plain = new TextDecoder().decode(prerenderedResponse(page, { userAgent: "Mozilla/5.0" }).body);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html.match(/<script/g)).toHaveLength(plain.match(/<script/g)!.length);
    expect(parsedOn(html)).toMatchObject({ os: "Android" });
    const none = new TextDecoder().decode(prerenderedResponse(page, { userAgent: null }).body);
    expect(parsedOn(none)).toMatchObject({ browser: "", os: "", model: "" });
  });
});

describe("pages served from memory are rendered anew with the API's current offers (issue 20)", () => {
  it("a page held past the interval is rendered anew once in the background and replaces the copy held", async () => {
    const { OFFER_RENEW_S } = await import("../src/lib/offers");
    const { prerenderedPage, prerenderedResponse } = await import("../src/lib/page-csp");
    writeFileSync(
      path.join(dist, "server", "app", "en", "w", "affiliates", "offer.html"),
      "<html><body><p>rate 40%</p></body></html>",
    );
    let answer: { status: number; html: string } = { status: 200, html: "<html><body><p>rate 50%</p></body></html>" };
    const renderAnew = vi.fn((_path: string) => Promise.resolve(answer));
    const html = () =>
      new TextDecoder().decode(prerenderedResponse(prerenderedPage("/en/w/affiliates/offer", renderAnew)!).body);
    vi.useFakeTimers();
    try {
      expect(html()).toContain("rate 40%");
      vi.advanceTimersByTime(OFFER_RENEW_S * 1000 - 1);
      expect(html()).toContain("rate 40%");
      expect(renderAnew).not.toHaveBeenCalled();

      vi.advanceTimersByTime(2);
      expect(html()).toContain("rate 40%"); // the copy in memory meanwhile: no visitor waits
      expect(html()).toContain("rate 40%");
      expect(renderAnew).toHaveBeenCalledTimes(1); // one renewal at a time
      expect(renderAnew).toHaveBeenCalledWith("/en/w/affiliates/offer");
      await vi.advanceTimersByTimeAsync(0);
      expect(html()).toContain("rate 50%");
      expect(html()).toMatch(/^<html data-app-env="[a-z]+"[^>]*><body>/); // served as the build's copy is

      // An answer with another status (a failed rendering) keeps the page held; so does a rendering that throws.
      answer = { status: 500, html: "<html><body>Internal error</body></html>" };
      vi.advanceTimersByTime(OFFER_RENEW_S * 1000);
      await vi.advanceTimersByTimeAsync(0);
      expect(html()).toContain("rate 50%");
      renderAnew.mockRejectedValueOnce(new Error("connection refused"));
      vi.advanceTimersByTime(OFFER_RENEW_S * 1000);
      await vi.advanceTimersByTimeAsync(0);
      expect(html()).toContain("rate 50%");
      expect(renderAnew).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the interval is OFFERS_RENEW_S when it is a positive number of seconds, else 5 minutes", async () => {
    const { renewIntervalMs } = await import("../src/lib/page-csp");
    expect(renewIntervalMs({})).toBe(300_000);
    expect(renewIntervalMs({ OFFERS_RENEW_S: "2" })).toBe(2_000);
    expect(renewIntervalMs({ OFFERS_RENEW_S: "0" })).toBe(300_000);
    expect(renewIntervalMs({ OFFERS_RENEW_S: "soon" })).toBe(300_000);
  });
});

describe("AFTER_PAINT=off (the bench's comparison, issue 37)", () => {
  it("serves the chunk scripts as Next wrote them, requested with the HTML, with their SRI hash and the nonce", async () => {
    vi.resetModules(); // a fresh cache of pages: the flag is read as a page is first read from the build
    process.env.AFTER_PAINT = "off";
    try {
      const { prerenderedPage, prerenderedResponse } = await import("../src/lib/page-csp");
      const html = new TextDecoder().decode(prerenderedResponse(prerenderedPage("/en/w/affiliates")!).body);
      expect(html).toMatch(
        /<script nonce="[^"]+" src="\/affiliates\/_next\/static\/chunks\/a\.js" async="" integrity="sha256-AAA="><\/script>/,
      );
      expect(html).not.toContain("(chunks)=>");
    } finally {
      delete process.env.AFTER_PAINT;
      vi.resetModules();
    }
  });
});
