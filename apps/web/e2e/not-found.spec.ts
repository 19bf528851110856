import { expect, test } from "@playwright/test";
import { getLocale, localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "../src/lib/pages";
import { MAIN_PAGES } from "../src/components/error/main-pages";
import en from "../messages/status/en.json";
import ja from "../messages/status/ja.json";

/**
 * A real 404 page: status 404, its translated title, heading and links to the main pages in the HTML the server
 * sends (readable without scripts), in the language of the URL, and the error page with a way home.
 */
const CASES = [
  { path: "/affiliates/does-not-exist", locale: "en", messages: en.status },
  { path: "/ja/affiliates/does-not-exist", locale: "ja", messages: ja.status },
] as const satisfies readonly { path: string; locale: Locale; messages: typeof en.status }[];

const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[e] ?? _,
  );
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
/** The not-found section of the page's HTML, from its opening tag to its end. */
function notFoundSection(html: string): string {
  const start = html.search(/<section[^>]*data-testid="not-found"/);
  expect(start, "the not-found section is in the HTML").toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf("</section>", start));
}
/** What a browser's navigation sends. */
const DOCUMENT = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

for (const { path, locale, messages } of CASES) {
  test.describe(`${path} (${locale})`, () => {
    test("status 404; the HTML the server sends has the translated title, the heading and links to the main pages", async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const html = await response!.text();
      expect(titleOf(html)).toBe(messages.notFound.title);
      expect(html).toMatch(new RegExp(`<html[^>]*\\slang="${getLocale(locale).htmlLang}"`));
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      const section = decode(notFoundSection(html));
      expect(section).toContain(`>${messages.notFound.heading}</h1>`);
      for (const key of MAIN_PAGES) {
        expect(section, key).toContain(`href="${localePath(locale, PAGES[key].path)}"`);
        expect(section, key).toContain(`>${messages.notFound.links[key]}<`);
      }
    });

    test("without JavaScript the page is readable and its links lead to the main pages", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(messages.notFound.title);
      const view = page.getByTestId("not-found");
      await expect(view.getByRole("heading", { level: 1 })).toHaveText(messages.notFound.heading);
      for (const key of MAIN_PAGES)
        await expect(view.getByRole("link", { name: messages.notFound.links[key], exact: true })).toBeVisible();

      await view.getByRole("link", { name: messages.notFound.links.fee, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, PAGES.fee.path)}$`));
      await expect(page.getByTestId("not-found")).toHaveCount(0);
      await context.close();
    });

    test("every link answers with its page", async ({ page }) => {
      await page.goto(path);
      const hrefs = await page
        .getByTestId("not-found")
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(hrefs).toEqual(MAIN_PAGES.map((key) => localePath(locale, PAGES[key].path)));
      for (const href of hrefs) {
        // The dashboard asks a visitor without a session to log in first (requirements.md §2): that page answers too.
        const answer = await page.request.get(href, { headers: DOCUMENT });
        expect(answer.status(), href).toBe(200);
      }
    });
  });
}

test("a path outside /affiliates gets the not-found page too, with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-section/anything");
  expect(response?.status()).toBe(404);
  expect(titleOf(await response!.text())).toBe(en.status.notFound.title);
  await expect(page.getByTestId("not-found").getByRole("heading", { level: 1 })).toHaveText(en.status.notFound.heading);
});

test("the error page keeps Retry and offers a way back to the programme", async ({ page }) => {
  page.on("pageerror", () => undefined);
  await page.goto("/ja/affiliates/e2e-crash");
  await expect(page.getByTestId("retry")).toBeVisible();
  const home = page.getByTestId("error-home");
  await expect(home).toHaveText(ja.status.errorPage.home);
  await home.click();
  await expect(page).toHaveURL(/\/ja\/affiliates$/);
});
