import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { localePath, type Locale } from "@affiliates/locales";
import { OFFERS, type OfferName } from "../src/lib/offers";
import { API_ROUTES, apiPath, logIn } from "./fixtures";

/**
 * architecture.md "Decisions": the offer is in the HTML. Every page that shows programme figures the same for
 * every visitor (rates, levels, tiers, FAQ) carries them in the HTML the server sends: a crawler, a link preview or a
 * visitor whose calls fail sees them. Checked with JavaScript off and every API call refused, against the API's own
 * answers; and with JavaScript on, the page does not ask the API for them again (it renders once).
 */
interface Faq {
  faq: { id: string; question: string; answerHtml: string }[];
}
type Answer = Faq & { levels: { name: string }[]; tiers?: unknown[] };

async function apiAnswer(request: APIRequestContext, name: OfferName, locale: Locale): Promise<Answer> {
  const response = await request.get(apiPath(OFFERS[name].endpoint), { headers: { Locale: locale } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Answer }).data;
}

/** The FAQ in the page: one entry per question of the API, in its words, each answer present (sanitised). */
async function expectFaq(page: Page, testId: string, answer: Faq) {
  const items = page.getByTestId(testId).locator("details");
  await expect(items).toHaveCount(answer.faq.length);
  for (const [index, item] of answer.faq.entries()) {
    await expect(items.nth(index).locator("summary")).toHaveText(item.question);
    expect(((await items.nth(index).locator(".faq-answer").textContent()) ?? "").trim()).not.toBe("");
  }
  expect(await page.getByTestId(testId).locator("script, [onerror]").count()).toBe(0);
}

async function expectLevelRows(page: Page, testId: string, answer: { levels: { name: string }[] }) {
  const table = page.getByTestId(testId);
  await expect(table).not.toHaveAttribute("aria-busy", "true");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(answer.levels.length);
  for (const [index, level] of answer.levels.entries())
    await expect(rows.nth(index).locator("th")).toHaveText(level.name);
}

const CASES: {
  page: string;
  offers: OfferName[];
  check: (page: Page, answers: Answer[]) => Promise<void>;
  /** A string only the code of the page's overview carries, when the server renders it with no code sent (issue 36). */
  serverOnly?: string;
}[] = [
  {
    page: "",
    serverOnly: "levels-table",
    offers: ["programme"],
    check: async (page, [programme]) => {
      await expect(page.getByTestId("headline-rate")).toHaveText(/\d/);
      await expect(page.getByTestId("headline-rate").locator(".ghost")).toHaveCount(0);
      await expectLevelRows(page, "levels-table", programme!);
      await expectFaq(page, "faq", programme!);
    },
  },
  { page: "/fee", offers: ["feeSchedule"], check: (page, [schedule]) => expectLevelRows(page, "fee-table", schedule!) },
  {
    page: "/vip/vipIntroduce",
    serverOnly: "vip-qualify-table",
    offers: ["vipProgramme"],
    check: (page, [vip]) => expectLevelRows(page, "vip-qualify-table", vip!),
  },
  {
    page: "/vip/vip-guide",
    serverOnly: "vip-faq",
    offers: ["vipProgramme", "vipGuide"],
    check: (page, [, guide]) => expectFaq(page, "vip-faq", guide!),
  },
  {
    page: "/broker",
    serverOnly: "broker-tiers",
    offers: ["broker"],
    check: async (page, [broker]) => {
      await expect(page.getByTestId("broker-tiers")).not.toBeEmpty();
      await expectFaq(page, "partner-faq", broker!);
    },
  },
  {
    page: "/market-maker",
    serverOnly: "maker-tiers",
    offers: ["marketMaker"],
    check: async (page, [maker]) => {
      await expect(page.getByTestId("maker-tiers")).not.toBeEmpty();
      await expectFaq(page, "partner-faq", maker!);
    },
  },
  {
    page: "/vip-institutional-services",
    serverOnly: "institutional-pro-teaser",
    offers: ["institutional"],
    check: (page, [institutional]) => expectFaq(page, "partner-faq", institutional!),
  },
  {
    page: "/incubation-program",
    serverOnly: "incubation-cohorts",
    offers: ["incubation"],
    check: (page, [incubation]) => expectFaq(page, "partner-faq", incubation!),
  },
];

for (const locale of ["en", "ja"] as Locale[]) {
  for (const { page: pagePath, offers, check } of CASES) {
    test(`the offer of ${localePath(locale, pagePath)} is in its HTML (no JavaScript, every API call refused)`, async ({
      browser,
      request,
    }) => {
      const answers = await Promise.all(offers.map((name) => apiAnswer(request, name, locale)));
      const context = await browser.newContext({ javaScriptEnabled: false });
      await context.route(API_ROUTES, (route) => route.abort());
      const page = await context.newPage();
      const response = await page.goto(localePath(locale, pagePath));
      expect(response?.status()).toBe(200);
      await check(page, answers);
      await context.close();
    });
  }
}

test("with JavaScript on, the page shows the offer it was sent and does not ask the API for it again", async ({
  page,
}) => {
  const asked: string[] = [];
  const offerPaths = Object.values(OFFERS).map((offer) => apiPath(offer.endpoint));
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (offerPaths.includes(pathname)) asked.push(pathname);
  });
  for (const { page: pagePath } of CASES) {
    await page.goto(`/affiliates${pagePath}`);
    await page.waitForLoadState("networkidle");
  }
  await expect(page.getByTestId("load-failed")).toHaveCount(0);
  expect(asked).toEqual([]);
});

/** A string of ahooks' request hook that survives minification (the error a cancelled run rejects with). */
const REQUEST_LIBRARY_MARK = "CancelledError";

/** The bodies of the scripts a page loads until the network is quiet. */
async function scriptsLoaded(page: Page, path: string): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  const onResponse = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
  };
  page.on("response", onResponse);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  return Promise.all(bodies);
}

/** What only the operators' calls carry (their paths): the browser's table leaves them out. */
const OPERATORS_MARK = "v1/admin/";

test("a visitor's offer pages load no request library (nor the code of an overview the server rendered); a signed-in user's first call loads it and gets its answer; neither downloads the operators' calls", async ({
  browser,
}) => {
  // issue 36: every public section has the server's offer or waits for a login (lib/endpoint-demand.ts), so ahooks
  // loads only with a call a section waits for.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  for (const { page: pagePath, serverOnly } of CASES) {
    const scripts = await scriptsLoaded(page, `/affiliates${pagePath}`);
    // The overviews render on the server with their offer: none of their code is downloaded.
    if (serverOnly) expect(scripts.filter((body) => body.includes(serverOnly)).length, pagePath).toBe(0);
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((body) => body.includes(REQUEST_LIBRARY_MARK)).length, pagePath || "/").toBe(0);
    expect(scripts.filter((body) => body.includes(OPERATORS_MARK)).length, pagePath || "/").toBe(0);
  }
  await visitor.close();

  const member = await browser.newContext();
  await logIn(member);
  const signedIn = await member.newPage();
  const asked = signedIn.waitForResponse((response) => response.url().includes(apiPath("myAffiliateApplication")));
  const scripts = await scriptsLoaded(signedIn, "/affiliates");
  expect((await asked).status()).toBe(200);
  expect(scripts.some((body) => body.includes(REQUEST_LIBRARY_MARK))).toBe(true);
  expect(scripts.filter((body) => body.includes(OPERATORS_MARK)).length).toBe(0);
  // The call to action follows the answer: an approved affiliate is offered the dashboard, not the application.
  await expect(signedIn.locator('[data-track-id="b1002"]')).toBeVisible();
  await member.close();
});
