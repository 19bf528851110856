import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { LANGUAGE_COOKIE, LOCALES, getLocale, localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "../src/lib/pages";
import { AFFILIATE, logIn, waitForHydration, lookAt } from "./fixtures";

/**
 * The site header, phone first: one compact row with a menu button that opens a modal sheet on phones; one row of
 * nav and actions from 1280 px in all 31 locales; the language picker inside the viewport in both directions.
 * Screenshots of the open sheet (looked at, not compared) go to e2e/screenshots/ (git-ignored).
 */
const DESKTOP = { width: 1280, height: 800 };
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PHONE_HEADER_MAX_PX = 56;
/** The wide header's row (shell-header.css: .header-inner at 1280 px and up). */
const DESKTOP_HEADER_MAX_PX = 64;
const MIN_TARGET_PX = 44;
/** Sub-pixel rounding of layout boxes. */
const SLACK_PX = 1;
/** Items of one row share their vertical centre within this much. */
const SAME_ROW_PX = 3;
const SCREENSHOTS = path.resolve(__dirname, "screenshots");

type Tree = { [key: string]: string | Tree };
/** A text of the shell catalogue of a locale that has its own file (en, ja, de, ar). */
function shellText(locale: Locale, dotted: string): string {
  let node: string | Tree = JSON.parse(
    readFileSync(path.resolve(__dirname, `../messages/shell/${locale}.json`), "utf8"),
  ) as Tree;
  for (const part of dotted.split(".")) node = typeof node === "object" ? (node[part] ?? "") : "";
  if (typeof node !== "string" || !node) throw new Error(`shell/${locale}.json has no ${dotted}`);
  return node;
}

/**
 * Opens a page in a locale as a returning visitor would: the language cookie picks the locale among those sharing
 * its prefix (English variants, ru-FR, ru-UZ, fr-FR, uz-UZ). Waits for the session to resolve (the account area's
 * placeholder gives way to the buttons) and for the fonts, so what is measured is what a visitor sees.
 */
async function open(
  page: Page,
  context: BrowserContext,
  baseURL: string,
  locale: Locale,
  pagePath: string,
  query = "",
): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: locale, url: baseURL }]);
  const response = await page.goto(`${localePath(locale, pagePath)}${query}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", getLocale(locale).htmlLang);
  await expect(page.locator(".user-placeholder")).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

interface Box {
  what: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The wide header's geometry, measured in the page. */
function measureDesktopHeader(page: Page) {
  return page.locator(".site-header").evaluate((header) => {
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return style.display !== "none" && style.visibility !== "hidden" && rect.width > 0 && rect.height > 0;
    };
    const boxOf = (element: Element): Box => {
      const rect = element.getBoundingClientRect();
      const name =
        element.getAttribute("aria-label") ?? (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      return {
        what: `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> "${name}"`,
        left: rect.left,
        right: rect.right,
        top: rect.top,
        bottom: rect.bottom,
      };
    };
    /** How many lines an element's visible text takes (text for screen readers only is not laid out as a line). */
    const lineCount = (element: Element): number => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent?.trim() || !parent || !visible(parent) || parent.closest(".visually-hidden")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
      }
      // Texts of one line may sit a few pixels apart (mixed scripts, an avatar's letter); a new line starts lower.
      tops.sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
    };
    const navItems = [...header.querySelectorAll(".main-nav > ul > li")];
    const rowItems = [
      header.querySelector(".brand"),
      ...navItems,
      ...header.querySelectorAll(".header-actions > *"),
    ].filter((e): e is Element => e !== null && visible(e));
    const labels = [
      ...header.querySelectorAll(
        ".main-nav > ul > li > a, .main-nav > ul > li summary, .header-actions summary, .header-actions .button",
      ),
    ].filter(visible);
    const everything = [...header.querySelectorAll("*")].filter((e) => visible(e) && !e.closest("dialog"));
    const brandName = header.querySelector(".brand-name");
    return {
      height: header.getBoundingClientRect().height,
      viewportWidth: document.documentElement.clientWidth,
      navCount: navItems.length,
      hiddenNavItems: navItems.filter((e) => !visible(e)).map(boxOf),
      row: rowItems.map(boxOf),
      wrapped: labels.filter((e) => lineCount(e) > 1).map(boxOf),
      outside: everything.map(boxOf).filter((b) => b.left < -1 || b.right > document.documentElement.clientWidth + 1),
      brandTruncated: brandName ? brandName.scrollWidth > brandName.clientWidth + 1 : true,
      menuButtonVisible: [...header.querySelectorAll("[data-testid=menu-button]")].some(visible),
    };
  });
}

const centre = (box: Box) => (box.top + box.bottom) / 2;

test.describe("the wide header fits one row at 1280 px", () => {
  for (const { locale } of LOCALES) {
    test(`one row in ${locale}`, async ({ page, context, baseURL }) => {
      await page.setViewportSize(DESKTOP);
      // The fee page shows every part of the header: the theme toggle too (always-dark pages have none).
      await open(page, context, baseURL!, locale, PAGES.fee.path);
      await expect(page.locator(".header-actions .auth-buttons")).toBeVisible();
      const header = await measureDesktopHeader(page);
      expect(header.menuButtonVisible, "the menu button is for narrower screens").toBe(false);
      expect(header.navCount).toBeGreaterThan(1);
      expect(header.hiddenNavItems, "every nav item is shown").toEqual([]);
      expect(header.height, "the header is one row tall").toBeLessThanOrEqual(DESKTOP_HEADER_MAX_PX + SLACK_PX);
      // Brand, each nav item and each action share one row: the same vertical centre, inside the header.
      const first = header.row[0]!;
      for (const item of header.row) {
        expect(Math.abs(centre(item) - centre(first)), `${item.what} is on the brand's row`).toBeLessThanOrEqual(
          SAME_ROW_PX,
        );
      }
      // ...side by side, without overlapping, in reading order's row.
      const byX = [...header.row].sort((a, b) => a.left - b.left);
      for (let i = 1; i < byX.length; i++) {
        expect(byX[i]!.left, `${byX[i]!.what} overlaps ${byX[i - 1]!.what}`).toBeGreaterThanOrEqual(
          byX[i - 1]!.right - SLACK_PX,
        );
      }
      expect(header.wrapped, "labels on one line (no CJK break inside a word)").toEqual([]);
      expect(header.outside, "nothing of the header outside the viewport").toEqual([]);
      expect(header.brandTruncated, "the programme's name is shown whole").toBe(false);
    });
  }

  for (const locale of ["de", "ph", "ar"] as const) {
    test(`logged in, the account menu keeps the row in ${locale}`, async ({ page, context, baseURL }) => {
      await logIn(context, AFFILIATE);
      await page.setViewportSize(DESKTOP);
      await open(page, context, baseURL!, locale, PAGES.fee.path);
      await expect(page.locator(".header-actions .user-menu")).toBeVisible();
      const header = await measureDesktopHeader(page);
      expect(header.height).toBeLessThanOrEqual(DESKTOP_HEADER_MAX_PX + SLACK_PX);
      const first = header.row[0]!;
      for (const item of header.row)
        expect(Math.abs(centre(item) - centre(first)), item.what).toBeLessThanOrEqual(SAME_ROW_PX);
      expect(header.wrapped).toEqual([]);
      expect(header.outside).toEqual([]);
    });
  }

  for (const locale of ["en", "ar"] as const) {
    test(`"More" lists the other pages inside the viewport and marks the current one (${locale})`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize(DESKTOP);
      await open(page, context, baseURL!, locale, PAGES.broker.path);
      const more = page.locator(".main-nav .nav-more");
      const summary = more.locator("summary");
      await expect(summary).toHaveAttribute("data-current", "true");
      await waitForHydration(page, ".main-nav .nav-more");
      await summary.click();
      const list = more.locator(".nav-more-list");
      await expect(list).toBeVisible();
      await expect(list.locator("a")).toHaveCount(3);
      await expect(list.locator('a[aria-current="page"]')).toHaveAttribute(
        "href",
        localePath(locale, PAGES.broker.path),
      );
      await expect(list.locator(`a[href="${localePath(locale, PAGES.institutional.path)}"]`)).toBeVisible();
      const box = (await list.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(-SLACK_PX);
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width + SLACK_PX);
      await page.keyboard.press("Escape");
      await expect(list).toBeHidden();
    });
  }
});

/** The menu sheet (the modal dialog the menu button opens) of the current page. */
const sheetOf = (page: Page) => page.getByTestId("menu-sheet");

async function openSheet(page: Page): Promise<{ button: Locator; sheet: Locator }> {
  const button = page.getByTestId("menu-button");
  await waitForHydration(page, "[data-testid=menu-button]");
  await button.click();
  const sheet = sheetOf(page);
  await expect(sheet).toBeVisible();
  return { button, sheet };
}

/** Visible tap targets inside `root` smaller than 44 x 44 px. */
function smallTargets(root: Locator, min: number) {
  return root.evaluate((element, minPx) => {
    return [...element.querySelectorAll("a[href], button, summary, select, input")]
      .filter((target) => {
        const style = getComputedStyle(target);
        const rect = target.getBoundingClientRect();
        return (
          style.display !== "none" &&
          style.visibility !== "hidden" &&
          rect.width > 0 &&
          (rect.width + 1 < minPx || rect.height + 1 < minPx)
        );
      })
      .map(
        (target) =>
          `${target.outerHTML.slice(0, 80)} ${Math.round(target.getBoundingClientRect().width)}x${Math.round(target.getBoundingClientRect().height)}`,
      );
  }, min);
}

async function expectInsideViewport(
  locator: Locator,
  viewport: { width: number; height: number },
  what: string,
): Promise<void> {
  const box = (await locator.boundingBox())!;
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(-SLACK_PX);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(-SLACK_PX);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width + SLACK_PX);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height + SLACK_PX);
}

test.describe("the phone header", () => {
  for (const locale of ["en", "ja", "de", "ar"] as const) {
    test(`${locale}: one compact row; the menu sheet opens, keeps focus, and Escape returns it to the button`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize(PHONE);
      await open(page, context, baseURL!, locale, PAGES.fee.path);
      const header = page.locator(".site-header");
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(PHONE_HEADER_MAX_PX + SLACK_PX);
      await expect(page.locator(".main-nav")).toBeHidden();
      await expect(page.locator(".header-actions")).toBeHidden();
      expect(await smallTargets(header, MIN_TARGET_PX)).toEqual([]);

      const button = page.getByTestId("menu-button");
      await expect(button).toHaveAccessibleName(shellText(locale, "header.menu"));
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(button).toHaveAttribute("aria-controls", "site-menu");
      // The menu button sits at the row's inline end: the right in English, the left in Arabic.
      const buttonBox = (await button.boundingBox())!;
      const brandBox = (await page.locator(".site-header .brand").boundingBox())!;
      expect(buttonBox.x < brandBox.x, "menu button before the brand (right to left)").toBe(locale === "ar");

      const { sheet } = await openSheet(page);
      await expect(page.getByRole("dialog", { name: shellText(locale, "header.menu") })).toBeVisible();
      expect(await sheet.evaluate((element) => element.matches(":modal"))).toBe(true);
      await expect(button).toHaveAttribute("aria-expanded", "true");
      expect(
        await sheet.evaluate((element) => element.contains(document.activeElement)),
        "focus moved into the sheet",
      ).toBe(true);
      await expectInsideViewport(sheet, PHONE, "the sheet");
      // The page behind the sheet does not scroll.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe("hidden");

      // Every main page, full names, the current one marked; every link a comfortable tap target inside the screen.
      const links = sheet.locator(".sheet-nav a");
      await expect(links).toHaveCount(7);
      await expect(sheet.locator('.sheet-nav a[aria-current="page"]')).toHaveAttribute(
        "href",
        localePath(locale, PAGES.fee.path),
      );
      for (const link of await links.all()) {
        const box = (await link.boundingBox())!;
        expect(box.height, await link.innerText()).toBeGreaterThanOrEqual(MIN_TARGET_PX);
        expect(box.x).toBeGreaterThanOrEqual(-SLACK_PX);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + SLACK_PX);
      }
      // Language, theme (the fee page allows it) and the visitor's log-in and sign-up.
      await expect(sheet.getByTestId("language-button")).toBeVisible();
      await expect(sheet.locator(".theme-toggle")).toBeVisible();
      await expect(sheet.locator(".auth-buttons a")).toHaveCount(2);
      expect(await smallTargets(sheet, MIN_TARGET_PX)).toEqual([]);

      // Tab cycles inside the sheet (focus may pass through the browser's own UI, never the page behind).
      const reached = new Set<string>();
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press("Tab");
        const where = await page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return "none";
          return document.getElementById("site-menu")?.contains(active)
            ? `inside:${active.getAttribute("href") ?? active.textContent ?? ""}`
            : `outside:${active.outerHTML.slice(0, 80)}`;
        });
        expect(where.startsWith("outside:"), where).toBe(false);
        reached.add(where);
      }
      expect([...reached], "Tab reaches the sheet's links").toContain(`inside:${localePath(locale, PAGES.fee.path)}`);

      await links.first().focus();
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).not.toBe("hidden");

      // The close button closes it too, and focus goes back to the menu button.
      await button.click();
      await expect(sheet).toBeVisible();
      await sheet.getByTestId("menu-close").click();
      await expect(sheet).toBeHidden();
      await expect(button).toBeFocused();
    });
  }

  test("logged in, the sheet shows the account and log out instead of log in", async ({ page, context, baseURL }) => {
    await logIn(context, AFFILIATE);
    await page.setViewportSize(PHONE);
    await open(page, context, baseURL!, "en", PAGES.fee.path);
    const { sheet } = await openSheet(page);
    await expect(sheet.getByTestId("user-id")).toHaveText(/\S/);
    await expect(sheet.getByTestId("user-email")).toContainText("@example.com");
    await expect(sheet.getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(sheet.locator(".auth-buttons")).toHaveCount(0);
    expect(await smallTargets(sheet, MIN_TARGET_PX)).toEqual([]);
  });

  test("the theme toggle is in the sheet where the page allows it, and switches the theme", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize(PHONE);
    await open(page, context, baseURL!, "en", PAGES.fee.path, "?appTheme=light");
    let { sheet } = await openSheet(page);
    const toggle = sheet.locator(".theme-toggle");
    await expect(toggle).toHaveAccessibleName("Switch to dark theme");
    await toggle.click();
    await expect(page.locator("html")).toHaveClass(/theme-black/);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    // The programme page is always dark: no toggle.
    await open(page, context, baseURL!, "en", PAGES.home.path);
    ({ sheet } = await openSheet(page));
    await expect(sheet.locator(".theme-toggle")).toHaveCount(0);
  });
});

test.describe("the language picker stays inside the viewport", () => {
  for (const locale of ["en", "ar"] as const) {
    test(`phone, ${locale}: a full-screen list, every language a 44 px row that can be tapped`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize(PHONE);
      await open(page, context, baseURL!, locale, PAGES.fee.path);
      const { sheet } = await openSheet(page);
      const picker = sheet.getByTestId("language-button");
      await picker.click();
      const list = sheet.getByTestId("language-list");
      await expect(list).toBeVisible();
      await expectInsideViewport(list, PHONE, "the language list");
      const width = (await list.boundingBox())!.width;
      expect(width, "full width").toBeGreaterThanOrEqual(PHONE.width - 2 * SLACK_PX);
      await expect(list.locator("a")).toHaveCount(LOCALES.length);
      // Each language, scrolled to, is on screen, at least 44 px each way, and is what a tap at its centre hits.
      const problems = await list.evaluate((element, min) => {
        const found: string[] = [];
        for (const link of element.querySelectorAll("a")) {
          link.scrollIntoView({ block: "nearest" });
          const rect = link.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          if (rect.height + 1 < min || rect.width + 1 < min)
            found.push(`${link.textContent ?? ""}: ${Math.round(rect.width)}x${Math.round(rect.height)}`);
          if (
            rect.left < -1 ||
            rect.right > window.innerWidth + 1 ||
            rect.top < -1 ||
            rect.bottom > window.innerHeight + 1
          )
            found.push(`${link.textContent ?? ""}: off screen`);
          if (!hit || !link.contains(hit)) found.push(`${link.textContent ?? ""}: covered`);
        }
        return found;
      }, MIN_TARGET_PX);
      expect(problems).toEqual([]);
      // Escape closes the list first, then the sheet.
      await page.keyboard.press("Escape");
      await expect(list).toBeHidden();
      await expect(sheet).toBeVisible();
      await expect(picker).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
    });

    test(`laptop, ${locale}: a popover inside the viewport`, async ({ page, context, baseURL }) => {
      await page.setViewportSize(LAPTOP);
      await open(page, context, baseURL!, locale, PAGES.home.path);
      const picker = page.locator(".header-actions [data-testid=language-button]");
      await waitForHydration(page, ".header-actions .language-picker");
      await picker.click();
      const list = page.locator(".header-actions [data-testid=language-list]");
      await expect(list).toBeVisible();
      await expectInsideViewport(list, LAPTOP, "the language popover");
      await expect(list.locator("a")).toHaveCount(LOCALES.length);
      // The list scrolls inside itself: its last language can be brought into view and is inside the viewport.
      const last = list.locator("a").last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport();
    });
  }
});

test.describe("screenshots of the open menu sheet at 390 px", () => {
  for (const locale of ["en", "ar"] as const) {
    for (const theme of ["light", "dark"] as const) {
      test(`sheet ${locale} ${theme}`, async ({ page, context, baseURL }) => {
        await page.setViewportSize(PHONE);
        await open(page, context, baseURL!, locale, PAGES.fee.path, `?appTheme=${theme}`);
        await expect(page.locator("html")).toHaveClass(new RegExp(theme === "dark" ? "theme-black" : "theme-white"));
        const { sheet } = await openSheet(page);
        await lookAt(page, { path: path.join(SCREENSHOTS, `header-sheet-${locale}-${theme}.png`) });
        await sheet.getByTestId("language-button").click();
        await expect(sheet.getByTestId("language-list")).toBeVisible();
        await lookAt(page, { path: path.join(SCREENSHOTS, `header-languages-${locale}-${theme}.png`) });
      });
    }
  }
});
