import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { isApiCall, waitForHydration } from "./fixtures";
import { DIST_DIR, SUITE_ORIGIN, freePort, startWebInstance, type WebInstance } from "./web-instance";

/**
 * One build, any origin and environment (architecture.md "Decisions"). The suite's build is started twice more,
 * with other ports, PUBLIC_ORIGINs and APP_ENVs (and, on one, a SENTRY_DSN); each must show its own: every head link
 * (canonical, hreflang alternates, og:url) on its own origin, its APP_ENV and DSN in the browser. The build itself
 * holds none of them, and neither do the RSC payloads of client navigation and prefetch.
 */
interface Instance {
  /** The host of its PUBLIC_ORIGIN (the port is the OS's choice, known once it is started). */
  host: "localhost" | "127.0.0.1";
  appEnv: "beta" | "online";
  logEnv: string;
  sentryDsn: string | undefined;
  env?: Record<string, string>;
  port: number;
  publicOrigin: string;
}
const INSTANCES: [Instance, Instance] = [
  // The first sits behind a trusted hop (as behind nginx): its X-Forwarded-Proto is believed.
  {
    host: "localhost",
    appEnv: "beta",
    logEnv: "pre",
    sentryDsn: undefined,
    env: { TRUST_PROXY: "loopback" },
    port: 0,
    publicOrigin: "",
  },
  {
    host: "127.0.0.1",
    appEnv: "online",
    logEnv: "online",
    sentryDsn: "https://runtimekey0123@localhost/1",
    port: 0,
    publicOrigin: "",
  },
];
/** The suite's origin and the instances' (once started). */
const ORIGINS: string[] = [SUITE_ORIGIN];

/** Pages of several locales (prefixed or not), one behind the login (the proxy asks only for a session cookie). */
const PAGES = [
  "/affiliates",
  "/affiliates/fee",
  "/ja/affiliates/vip/detail",
  "/ar/affiliates/broker",
  "/affiliates/no-such-page",
];
const DOCUMENT = { accept: "text/html,application/xhtml+xml,*/*;q=0.8", cookie: "refresh_token=e2e-runtime-origin" };
const LOCALE_COUNT = 31;
/** Variants of the build whose files are read whole (every page, its RSC payload and its segments). */
const SAMPLED_VARIANTS = ["en/white", "ja/black-app", "ar/white"];

interface HeadLink {
  kind: string;
  url: string;
}

const decode = (text: string) => text.replace(/&amp;/g, "&");
/** Every URL-carrying head tag of an HTML text: canonical, hreflang alternates, og:url, og:image, twitter:image. */
function headLinksOf(html: string): HeadLink[] {
  const head = html.slice(0, html.indexOf("</head>"));
  const links: HeadLink[] = [];
  for (const [tag] of head.matchAll(/<(?:link|meta)\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
    const rel = attr("rel");
    const property = attr("property") ?? attr("name");
    if (rel === "canonical") links.push({ kind: "canonical", url: decode(attr("href") ?? "") });
    else if (rel === "alternate")
      links.push({ kind: `alternate ${attr("hrefLang") ?? ""}`, url: decode(attr("href") ?? "") });
    else if (property && /^(og:url|og:image(:url|:secure_url)?|twitter:image)$/.test(property))
      links.push({ kind: property, url: decode(attr("content") ?? "") });
  }
  return links;
}

/** The head links of the page as the browser has them (after hydration: React must not have added a second set). */
const headLinksInBrowser = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.head.querySelectorAll<HTMLLinkElement | HTMLMetaElement>(
        'link[rel="canonical"], link[rel="alternate"], meta[property="og:url"], meta[property^="og:image"], meta[name="twitter:image"]',
      ),
    ].map((el) =>
      el instanceof HTMLLinkElement
        ? {
            kind: el.rel === "canonical" ? "canonical" : `alternate ${el.hreflang}`,
            url: el.getAttribute("href") ?? "",
          }
        : { kind: el.getAttribute("property") ?? el.getAttribute("name") ?? "", url: el.getAttribute("content") ?? "" },
    ),
  );

function expectAllOn(links: HeadLink[], origin: string, where: string): void {
  expect(links.filter((l) => l.kind === "canonical" || l.kind.startsWith("alternate ")).length, where).toBeGreaterThan(
    0,
  );
  for (const link of links) expect(link.url.startsWith(`${origin}/`), `${where}: ${link.kind} ${link.url}`).toBe(true);
}

/** The log_env of every analytics event uploaded (JSON arrays of events). */
function logEnvsOf(bodies: string[]): Array<string | undefined> {
  return bodies.flatMap((body) => {
    try {
      return (JSON.parse(body) as Array<{ log_env?: string }>).map((event) => event.log_env);
    } catch {
      return [];
    }
  });
}

async function get(request: APIRequestContext, url: string, headers: Record<string, string>) {
  const response = await request.get(url, { headers, maxRedirects: 0 });
  return { status: response.status(), headers: response.headers(), text: await response.text() };
}

/** Every file under these directories of the build's server/app with one of these endings. */
function buildFiles(dirs: string[], endings: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (endings.some((e) => entry.name.endsWith(e))) found.push(full);
    }
  };
  for (const dir of dirs) walk(path.join(DIST_DIR, "server", "app", dir));
  return found;
}

/**
 * The URLs of a file's canonical, hreflang alternates and og:url, wherever they are: HTML markup, and RSC payloads
 * (the .rsc and segment files, and the payload inlined in the HTML with its quotes escaped).
 */
function headUrlsIn(text: string): string[] {
  const json = text.replaceAll('\\"', '"');
  return [
    ...[...text.matchAll(/<link rel="(?:canonical|alternate)"[^>]*?\shref="([^"]*)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/<meta property="og:url" content="([^"]*)"/g)].map((m) => m[1]),
    ...[...json.matchAll(/"rel":"(?:canonical|alternate)"(?:,"hrefLang":"[^"]*")?,"href":"([^"]*)"/g)].map((m) => m[1]),
    ...[...json.matchAll(/"property":"og:url","content":"([^"]*)"/g)].map((m) => m[1]),
  ].filter((url): url is string => url !== undefined);
}

test.describe("one build, any origin and environment", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  const running: WebInstance[] = [];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    for (const instance of INSTANCES) {
      instance.port = await freePort();
      instance.publicOrigin = `http://${instance.host}:${instance.port}`;
      ORIGINS.push(instance.publicOrigin);
      running.push(await startWebInstance(instance));
    }
  });

  test.afterAll(async () => {
    await Promise.all(running.map((instance) => instance.stop()));
  });

  test("the build holds no origin and no environment: root-relative head links in its HTML and RSC payloads", () => {
    test.setTimeout(180_000);
    const files = buildFiles(SAMPLED_VARIANTS, [".html", ".rsc"]);
    expect(files.filter((f) => f.endsWith(".segment.rsc")).length).toBeGreaterThan(20);
    const offending: string[] = [];
    let urls = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const origin of ORIGINS)
        if (text.includes(origin)) offending.push(`${path.relative(DIST_DIR, file)}: ${origin}`);
      if (text.includes("data-app-env") || text.includes("data-sentry-dsn"))
        offending.push(`${path.relative(DIST_DIR, file)}: run-time settings`);
      for (const url of headUrlsIn(text)) {
        urls += 1;
        if (!url.startsWith("/") || url.startsWith("//")) offending.push(`${path.relative(DIST_DIR, file)}: ${url}`);
      }
    }
    expect(urls).toBeGreaterThan(1000);
    expect(offending.slice(0, 20)).toEqual([]);
  });

  for (const instance of INSTANCES) {
    test(`the ${instance.host} instance (APP_ENV=${instance.appEnv}): every head link of the served HTML is on its origin`, async ({
      request,
    }) => {
      const others = ORIGINS.filter((o) => o !== instance.publicOrigin);
      for (const pagePath of PAGES) {
        const { status, text } = await get(request, `${instance.publicOrigin}${pagePath}`, DOCUMENT);
        expect(status, pagePath).toBe(pagePath.includes("no-such-page") ? 404 : 200);
        for (const other of others) expect(text.includes(other), `${pagePath} mentions ${other}`).toBe(false);
        expect(/<html[^>]*\sdata-app-env="([^"]*)"/.exec(text)?.[1], pagePath).toBe(instance.appEnv);
        expect(/<html[^>]*\sdata-sentry-dsn="([^"]*)"/.exec(text)?.[1], pagePath).toBe(instance.sentryDsn);
        if (pagePath.includes("no-such-page")) continue; // the not-found page has no canonical (it is not indexed)
        const links = headLinksOf(text);
        expectAllOn(links, instance.publicOrigin, pagePath);
        expect(
          links.filter((l) => l.kind === "canonical").map((l) => l.url),
          pagePath,
        ).toEqual([`${instance.publicOrigin}${pagePath}`]);
        expect(
          links.filter((l) => l.kind.startsWith("alternate ")),
          pagePath,
        ).toHaveLength(LOCALE_COUNT + 1);
        expect(links.find((l) => l.kind === "alternate x-default")?.url, pagePath).toBe(
          `${instance.publicOrigin}${pagePath.replace(/^\/[^/]+(?=\/affiliates)/, "")}`,
        );
        expect(
          links.filter((l) => l.kind === "og:url").map((l) => l.url),
          pagePath,
        ).toEqual([`${instance.publicOrigin}${pagePath}`]);
      }
      // A client that does not ask for HTML (curl, `Accept: */*`) gets Next's copy: root-relative links, never another origin.
      const plain = await get(request, `${instance.publicOrigin}/affiliates/fee`, { accept: "*/*" });
      expect(plain.status).toBe(200);
      for (const other of others) expect(plain.text.includes(other), `*/* mentions ${other}`).toBe(false);
      for (const link of headLinksOf(plain.text))
        expect(link.url.startsWith("/") || link.url.startsWith(`${instance.publicOrigin}/`), link.url).toBe(true);
    });

    test(`the ${instance.host} instance (APP_ENV=${instance.appEnv}): the browser gets its origin, APP_ENV and DSN`, async ({
      page,
    }) => {
      const tunnel: string[] = [];
      const uploads: string[] = [];
      page.on("request", (r) => {
        if (isApiCall(r.url(), "sentryTunnel")) tunnel.push(r.postData() ?? "");
        if (isApiCall(r.url(), "analyticsIngest")) uploads.push(r.postData() ?? "");
      });
      await page.goto(`${instance.publicOrigin}/ja/affiliates/fee`);
      await waitForHydration(page, ".theme-toggle");
      // The head after hydration: one set of links, all on this origin (the inline RSC payload matched the markup).
      const links = await headLinksInBrowser(page);
      expectAllOn(links, instance.publicOrigin, "browser");
      expect(links.filter((l) => l.kind === "canonical").map((l) => l.url)).toEqual([
        `${instance.publicOrigin}/ja/affiliates/fee`,
      ]);
      expect(links.filter((l) => l.kind.startsWith("alternate "))).toHaveLength(LOCALE_COUNT + 1);

      // The client's APP_ENV: what the server wrote, what the analytics log env and error reporting use.
      expect(await page.evaluate(() => document.documentElement.dataset.appEnv)).toBe(instance.appEnv);
      await expect.poll(() => logEnvsOf(uploads), { timeout: 30_000 }).toContain(instance.logEnv);
      expect(new Set(logEnvsOf(uploads))).toEqual(new Set([instance.logEnv]));
      // Error reporting is on (beta and online) and reports this environment, with this DSN.
      await page.waitForFunction(() => "__SENTRY__" in globalThis, undefined, { timeout: 15_000 });
      const marker = `runtime-origin ${instance.port} ${Date.now()}`;
      await page.evaluate((m) => {
        setTimeout(() => {
          throw new Error(m);
        }, 0);
      }, marker);
      await expect.poll(() => tunnel.find((body) => body.includes(marker)), { timeout: 15_000 }).toBeDefined();
      const envelope = tunnel.find((body) => body.includes(marker)) ?? "";
      expect(envelope).toContain(`"environment":"${instance.appEnv}"`);
      expect(envelope).toContain(`"dsn":"${instance.sentryDsn ?? "https://public@localhost/1"}"`);
    });
  }

  test("the RSC payload of a page is the same on every instance and names no origin", async ({ request }) => {
    const payloads: string[] = [];
    // `_rsc` as Next's client sends it (Next redirects an RSC request without it to the same URL with it).
    for (const instance of INSTANCES) {
      const { status, headers, text } = await get(request, `${instance.publicOrigin}/ja/affiliates/fee?_rsc`, {
        rsc: "1",
      });
      expect(status).toBe(200);
      expect(headers["content-type"]).toContain("text/x-component");
      expect(text).toContain('"rel":"canonical","href":"/ja/affiliates/fee"');
      for (const origin of ORIGINS) expect(text.includes(origin), `RSC payload mentions ${origin}`).toBe(false);
      expect(text).not.toContain("data-app-env");
      payloads.push(text);
    }
    expect(payloads[1]).toBe(payloads[0]);
  });
  test("behind a trusted hop, the load balancer's https is believed (HSTS); from any other client it is not", async ({
    request,
  }) => {
    const https = { accept: "text/html", "x-forwarded-proto": "https" };
    const trusted = await request.get(`${INSTANCES[0].publicOrigin}/affiliates`, { headers: https });
    expect(trusted.headers()["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
    const untrusted = await request.get(`${INSTANCES[1].publicOrigin}/affiliates`, { headers: https });
    expect(untrusted.headers()["strict-transport-security"]).toBeUndefined();
  });
  test("the instances' logs hold no listener-leak warning after proxying the API's calls (APP_ENV beta and online)", () => {
    for (const instance of running) {
      expect(instance.output(), instance.origin).not.toContain("MaxListenersExceededWarning");
      expect(instance.output(), instance.origin).not.toContain("API unreachable");
    }
  });
});
