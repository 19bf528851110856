import { createServer, request as httpRequest, type Server } from "node:http";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { OFFERS, type OfferName } from "../src/lib/offers";
import { apiPath, watchErrors } from "./fixtures";
import { SUITE_API_ORIGIN, freePort, startWebInstance, type WebInstance } from "./web-instance";

/**
 * Issue 20: the offer in the HTML follows the API's programme data while the pages are served, not only at build. A
 * web instance (renewal every 2 s instead of 5 min; APP_ENV=test like the suite's API, which refuses other
 * environments' device tokens) reaches the suite's API through a relay that, once told to, renames the programme's
 * first level. Its pre-rendered landing page must then carry the new name, served as the build's pages are: its own
 * origin in the head links, its run-time settings once, a fresh nonce on every script, and a page that hydrates
 * without an error and without asking the API for the offer again. And when the API refuses the renewal's calls, the
 * page is served without the offers and the browser asks for them (the views' fallbacks, e.g. components/programme/programme-overview-fallback.tsx).
 */
/** Ports the OS hands out when the suite starts (never fixed ones another service may hold). */
let webPort = 0;
const RENEWED = "Renewed level";
const PROGRAMME_PATH = apiPath(OFFERS.programme.endpoint);
const DOCUMENT = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

let renamed = false;
/** The web server's calls for the offers are refused (503); a browser's (it sends Sec-Fetch-Site) still pass. */
let refusedToServer = false;
const OFFER_PATHS = new Set(Object.values(OFFERS).map((offer) => apiPath(offer.endpoint)));
let relay: Server;
let web: WebInstance | undefined;

/**
 * Forwards every request to the suite's API as it came (its Host too: the API checks a call's Origin against it); once
 * `renamed`, the programme's first level has another name; while `refusedToServer`, the web server's calls for the
 * offers fail.
 */
function startRelay(): Promise<Server> {
  const upstream = new URL(SUITE_API_ORIGIN);
  const server = createServer((incoming, response) => {
    const path = new URL(incoming.url ?? "/", SUITE_API_ORIGIN).pathname;
    if (refusedToServer && OFFER_PATHS.has(path) && incoming.headers["sec-fetch-site"] === undefined) {
      response.writeHead(503, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify({ code: "50000", msg: "refused by the test's relay", data: null }));
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        const isProgramme = new URL(incoming.url ?? "/", SUITE_API_ORIGIN).pathname === PROGRAMME_PATH;
        if (!renamed || !isProgramme) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as { data: { levels: { name: string }[] } };
          body.data.levels[0]!.name = RENEWED;
          response.writeHead(answer.statusCode ?? 502, { "content-type": "application/json; charset=utf-8" });
          response.end(JSON.stringify(body));
        });
      },
    );
    forwarded.on("error", (error) => {
      response.writeHead(502);
      response.end(String(error));
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * The server-rendered views (the programme, the VIP programme and guide, a partner overview) and what of each is shown
 * only with its offer's figures.
 */
const RENDERED_WITH_OFFER: { path: string; offer: OfferName; shown: (page: Page) => Locator }[] = [
  { path: "/affiliates", offer: "programme", shown: (page) => page.getByTestId("faq").locator("details") },
  { path: "/affiliates/vip/vipIntroduce", offer: "vipProgramme", shown: (page) => page.getByTestId("vip-trial") },
  {
    path: "/affiliates/vip/vip-guide",
    offer: "vipGuide",
    shown: (page) => page.getByTestId("vip-faq").locator("details"),
  },
  { path: "/affiliates/broker", offer: "broker", shown: (page) => page.getByTestId("partner-faq").locator("details") },
];

test.describe("the offer in the HTML is renewed while served", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    relay = await startRelay();
    const relayAddress = relay.address();
    const relayPort = typeof relayAddress === "object" && relayAddress ? relayAddress.port : 0;
    webPort = await freePort();
    web = await startWebInstance({
      port: webPort,
      publicOrigin: `http://127.0.0.1:${webPort}`,
      appEnv: "test",
      apiOrigin: `http://127.0.0.1:${relayPort}`,
      env: { OFFERS_RENEW_S: "2" },
    });
  });

  test.afterAll(async () => {
    await web?.stop();
    await new Promise((resolve) => relay.close(resolve));
  });

  test("a change of the API's programme reaches the served HTML, which is served as the build's is", async ({
    request,
  }) => {
    const url = `http://127.0.0.1:${webPort}/affiliates`;
    const first = await request.get(url, { headers: DOCUMENT });
    expect(first.status()).toBe(200);
    expect(await first.text()).not.toContain(RENEWED);

    renamed = true;
    // A request after the interval starts the renewal; the copy in memory is served meanwhile.
    let html = "";
    let policy = "";
    await expect
      .poll(
        async () => {
          const response = await request.get(url, { headers: DOCUMENT });
          html = await response.text();
          policy = response.headers()["content-security-policy"] ?? "";
          return html.includes(RENEWED);
        },
        { timeout: 40_000, intervals: [1_000] },
      )
      .toBe(true);

    // Served as a pre-rendered page: the run-time settings once, head links on the instance's origin, one nonce.
    expect(html.match(/data-app-env="test"/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:${webPort}/affiliates"`));
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
  });

  test("in a browser the renewed page shows the new level, hydrates cleanly and does not ask for the offer", async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === PROGRAMME_PATH) asked.push(request.url());
    });
    await page.goto(`http://127.0.0.1:${webPort}/affiliates`);
    await expect(page.getByTestId("levels-table").locator("tbody tr").first().locator("th")).toHaveText(RENEWED);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("an offer the API refuses at render time: the page is served without it, and the browser asks for it and shows it", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    refusedToServer = true;
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const html = await noScript.newPage();
    const withScript = await browser.newContext();
    const page = await withScript.newPage();
    const errors = watchErrors(page);
    for (const { path, offer, shown } of RENDERED_WITH_OFFER) {
      const url = `http://127.0.0.1:${webPort}${path}`;
      // A request after the interval starts the renewal, which gets no offer: the page is then served without it.
      await expect
        .poll(
          async () => {
            expect((await html.goto(url))?.status()).toBe(200);
            return shown(html).count();
          },
          { timeout: 40_000, intervals: [1_000] },
        )
        .toBe(0);
      const asked = page.waitForResponse(
        (response) => new URL(response.url()).pathname === apiPath(OFFERS[offer].endpoint),
      );
      await page.goto(url);
      expect((await asked).status(), path).toBe(200);
      await expect(shown(page).first(), path).toBeVisible();
      await expect(page.getByTestId("load-failed"), path).toHaveCount(0);
    }
    expect(errors).toEqual([]);
    await noScript.close();
    await withScript.close();
    refusedToServer = false;
  });
});
