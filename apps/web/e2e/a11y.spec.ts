import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { nativeHostSimulatorScript } from "@affiliates/bridge/simulator";
import { isDarkOnlyPath, localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "../src/lib/pages";
import { AFFILIATE, logIn, lookAt } from "./fixtures";

/**
 * axe-core on every page of the PAGES registry (so pages added later are covered without editing this file), in both
 * themes and both directions, logged in as the affiliate where the page needs a login, once its data has loaded.
 * WCAG 2.0 and 2.1, levels A and AA, zero violations. Each page runs twice, English light and Arabic dark: every
 * theme and every direction is checked, and what depends on both at once (rare: colours do not change with the
 * direction) is left to the shell's overlays below, which run all four. The full four per page took over five minutes
 * of this 2-core machine's end-to-end run.
 */
/**
 * No rule is disabled for web pages: they are zoomable (WCAG 1.4.4, architecture.md Decisions 2026-11-26). Only inside the
 * app does requirements.md §2 fix the viewport; its test is at the end of this file.
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const LOCALES_UNDER_TEST: Locale[] = ["en", "ar"];
type Theme = "light" | "dark";

/** English light and Arabic dark; always-dark pages (requirements.md §2) dark in both. */
const runsOf = (path: string): { locale: Locale; theme: Theme }[] => [
  { locale: "en", theme: isDarkOnlyPath(localePath("en", path)) ? "dark" : "light" },
  { locale: "ar", theme: "dark" },
];
const urlOf = (locale: Locale, path: string, theme: Theme) => `${localePath(locale, path)}?appTheme=${theme}`;

/** The page has rendered its client data: no pending requests, no busy region, the session resolved. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  // Sections that load when scrolled into view (charts, long lists) must be there too: scroll through the page once.
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator(".user-placeholder")).toHaveCount(0);
  await expect(page.locator(".bit-skeleton, .bit-spin-spinning")).toHaveCount(0);
  // A part that has just come in (the dashboard's sub-affiliates section loads as it nears the viewport) may still be
  // fading its colours in (the UI kit's buttons): axe would read a colour half-way through.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition && animation.playState === "running").length,
      ),
    )
    .toBe(0);
}

/** Axe's violations as readable lines (rule, impact, target, summary), so a failure says what to fix. */
async function axeViolations(
  page: Page,
  { include, disabledRules = [] }: { include?: string; disabledRules?: string[] } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).disableRules(disabledRules);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${v.id} (${v.impact ?? "?"}) ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ") ?? v.help}`,
    ),
  );
}

for (const [key, entry] of Object.entries(PAGES)) {
  for (const { locale, theme } of runsOf(entry.path)) {
    test(`axe: ${key} (${localePath(locale, entry.path)}) ${locale} ${theme}`, async ({ page, context }) => {
      if (entry.requiresLogin) await logIn(context, AFFILIATE);
      const response = await page.goto(urlOf(locale, entry.path, theme));
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveClass(new RegExp(theme === "dark" ? "theme-black" : "theme-white"));
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await settle(page);
      // Screenshots to look at (not compared), saved under screenshots/ (git-ignored)
      if (locale === "ar")
        await lookAt(page, {
          path: path.resolve(__dirname, `../../../screenshots/a11y-${key}-${locale}-${theme}.png`),
          fullPage: true,
        });
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

/** The shell's overlays only exist when opened: the language list, the user menu and the legal dialog. */
for (const locale of LOCALES_UNDER_TEST) {
  for (const theme of ["light", "dark"] as const) {
    test(`axe: shell menus and legal dialog open, ${locale} ${theme}`, async ({ page, context }) => {
      await logIn(context, AFFILIATE);
      await page.goto(urlOf(locale, PAGES.fee.path, theme));
      await settle(page);
      await page.locator(".language-picker summary").click();
      await expect(page.locator(".language-list")).toBeVisible();
      expect(await axeViolations(page, { include: "header" })).toEqual([]);
      await page.locator(".language-picker summary").click();
      await page.locator(".user-menu summary").click();
      await expect(page.locator(".user-details")).toBeVisible();
      expect(await axeViolations(page, { include: "header" })).toEqual([]);
      await page.locator(".user-menu summary").click();
      await page.locator(".site-footer .link-button").click();
      await expect(page.locator("dialog.legal-dialog")).toBeVisible();
      expect(await axeViolations(page, { include: "dialog.legal-dialog" })).toEqual([]);
    });
  }
}

/**
 * The page inside the native app (its user agent and simulated bridge, as in e2e/app-mode.spec.ts). Only there does
 * requirements.md §2 fix the viewport (maximum-scale=1, user-scalable=no), which axe's `meta-viewport` rule (WCAG 1.4.4) reports:
 * that rule alone is disabled, here only.
 */
test("axe: a page inside the app, meta-viewport aside", async ({ browser }) => {
  const ua =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ExchangeApp/2.60.0";
  const context = await browser.newContext({ userAgent: ua });
  await context.addInitScript({ content: nativeHostSimulatorScript({ platform: "android", version: "2.60.0" }) });
  const page = await context.newPage();
  await page.goto(urlOf("en", PAGES.fee.path, "light"));
  await expect(page.locator("html")).toHaveClass(/in-app/);
  await settle(page);
  expect(await axeViolations(page, { disabledRules: ["meta-viewport"] })).toEqual([]);
  await context.close();
});

test("Arabic mirrors the shell: brand at the right, actions at the left, chat button bottom-left", async ({ page }) => {
  for (const [locale, rtl] of [
    ["ar", true],
    ["en", false],
  ] as const) {
    await page.goto(localePath(locale, PAGES.fee.path));
    await settle(page);
    const brand = (await page.locator(".site-header .brand").boundingBox())!;
    const actions = (await page.locator(".header-actions").boundingBox())!;
    const chat = (await page.locator(".chat-button").boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(brand.x > actions.x, `${locale}: brand right of the actions`).toBe(rtl);
    expect(chat.x < width / 2, `${locale}: chat button on the left`).toBe(rtl);
    // the speech-bubble icon points its tail toward the reading start
    const transform = await page.locator(".chat-button svg").evaluate((el) => getComputedStyle(el).transform);
    expect(transform !== "none", `${locale}: chat icon mirrored`).toBe(rtl);
  }
});
