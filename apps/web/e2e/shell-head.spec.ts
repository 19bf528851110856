import { expect, test } from "@playwright/test";

test("the head has title, description, canonical, 31 alternates + x-default, OG, Twitter and a zoomable viewport", async ({
  page,
  baseURL,
}) => {
  await page.goto("/ja/affiliates/fee");
  const head = page.locator("head");
  await expect(page).toHaveTitle(/.+/);
  const title = await page.title();
  expect(title).not.toBe("");
  await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/ja/affiliates/fee`);
  const alternates = head.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(32);
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    "href",
    `${baseURL}/affiliates/fee`,
  );
  await expect(head.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute(
    "href",
    `${baseURL}/ar/affiliates/fee`,
  );
  await expect(head.locator('link[rel="alternate"][hreflang="fr-FR"]')).toHaveAttribute(
    "href",
    `${baseURL}/fr/affiliates/fee`,
  );
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/ja/affiliates/fee`);
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
  // On the web the page can be zoomed (WCAG 1.4.4, architecture.md Decisions 2026-11-26).
  await expect(head.locator('meta[name="viewport"]')).toHaveAttribute("content", "width=device-width, initial-scale=1");
  expect(await page.locator("html").getAttribute("lang")).toBe("ja");
});

test("inside the app the same page keeps requirements.md §2's fixed viewport: scale 1, no zoom", async ({
  browser,
}) => {
  // The app is recognised by its user agent (ExchangeApp/<version>, lib/app-detect.ts), as in e2e/app-mode.spec.ts.
  const ua =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ExchangeApp/2.60.0";
  const context = await browser.newContext({ userAgent: ua });
  const page = await context.newPage();
  await page.goto("/ja/affiliates/fee");
  await expect(page.locator("html")).toHaveClass(/in-app/);
  await expect(page.locator('head meta[name="viewport"]')).toHaveAttribute(
    "content",
    "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no",
  );
  await context.close();
});

test("every page has the header, nav, main and footer landmarks", async ({ page }) => {
  for (const path of ["/affiliates", "/affiliates/fee", "/ar/affiliates"]) {
    await page.goto(path);
    await expect(page.locator("header")).toHaveCount(1);
    await expect(page.locator("nav")).toHaveCount(1);
    await expect(page.locator("main")).toHaveCount(1);
    await expect(page.locator("footer")).toHaveCount(1);
  }
});

test("assets are served under /affiliates", async ({ page }) => {
  const assetUrls: string[] = [];
  page.on("request", (request) => {
    if (/\.(js|css)(\?|$)/.test(request.url())) assetUrls.push(new URL(request.url()).pathname);
  });
  await page.goto("/affiliates");
  await page.waitForLoadState("networkidle");
  expect(assetUrls.length).toBeGreaterThan(0);
  for (const url of assetUrls) expect(url.startsWith("/affiliates/")).toBe(true);
});
