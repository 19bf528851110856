import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { isDarkOnlyPath, localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "../src/lib/pages";
import { AFFILIATE, logIn, lookAt } from "./fixtures";

/**
 * Phone first: every page, in long, CJK and right-to-left languages, at two phone sizes and a laptop, fits its
 * viewport. Measured in the page: no sideways scroll, a compact header (one row on a laptop), nothing of the header
 * outside the viewport, the opened language picker inside it, and tap targets of at least 44 x 44 px on phones.
 * Logged in as the demo affiliate, so the dashboard and the other guarded pages show their real content.
 */
/**
 * The hard cases: German's long compounds, Japanese without spaces, Arabic right to left. Russian and Vietnamese were
 * checked too until 2026-11-29: 30 more page loads, over two minutes of this machine's end-to-end run.
 */
const LOCALES: readonly Locale[] = ["en", "ja", "de", "ar"];
const VIEWPORTS = [
  { width: 360, height: 740, phone: true },
  { width: 390, height: 844, phone: true },
  { width: 1366, height: 900, phone: false },
] as const;
/** Dark mode is checked at one phone size in a left-to-right and a right-to-left language. */
const DARK_LOCALES: ReadonlySet<Locale> = new Set<Locale>(["en", "ar"]);
/** Full-page screenshots to look at (not compared), at 390 px, saved under screenshots/ (git-ignored). */
const SCREENSHOT_LOCALES: ReadonlySet<Locale> = new Set<Locale>(["en", "ar"]);
const PHONE_HEADER_MAX_PX = 56;
const MIN_TARGET_PX = 44;
/** Sub-pixel rounding of layout boxes. */
const SLACK_PX = 1;

interface Problem {
  what: string;
  detail: string;
}

/** Everything below the fold loads when it comes near: scroll through the page once, then back to the top. */
async function revealAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
}

/** The layout problems of the page at its current size, as readable lines (empty when it fits). */
function measure(page: Page, phone: boolean): Promise<Problem[]> {
  return page.evaluate(
    ({ phone, headerMax, minTarget, slack }) => {
      const problems: { what: string; detail: string }[] = [];
      const describe = (element: Element): string => {
        const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        const label = element.getAttribute("aria-label") ?? "";
        const cls = typeof element.className === "string" ? element.className.split(" ").slice(0, 2).join(".") : "";
        return `<${element.tagName.toLowerCase()}${cls ? `.${cls}` : ""}> "${label || text}"`;
      };
      const visible = (element: Element): boolean => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return (
          style.visibility !== "hidden" &&
          style.display !== "none" &&
          Number(style.opacity) > 0 &&
          box.width > 0 &&
          box.height > 0
        );
      };
      const viewportWidth = document.documentElement.clientWidth;

      const scroller = document.scrollingElement ?? document.documentElement;
      if (scroller.scrollWidth > scroller.clientWidth + slack) {
        const wide = [...document.querySelectorAll("body *")]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return visible(element) && (box.right > viewportWidth + slack || box.left < -slack);
          })
          .slice(0, 3)
          .map(describe)
          .join(", ");
        problems.push({
          what: "scrolls sideways",
          detail: `${scroller.scrollWidth} > ${scroller.clientWidth}: ${wide}`,
        });
      }

      const header = document.querySelector(".site-header");
      if (header && visible(header)) {
        const height = header.getBoundingClientRect().height;
        if (phone && height > headerMax + slack) problems.push({ what: "header too tall", detail: `${height} px` });
        if (!phone) {
          // One row: every visible item of the header's row starts on the same line.
          const items = [...header.querySelectorAll(".header-inner > *, .main-nav > ul > li")].filter(visible);
          const tops = items.map((item) => item.getBoundingClientRect().top);
          const bottoms = items.map((item) => item.getBoundingClientRect().bottom);
          if (items.length > 0 && Math.min(...bottoms) <= Math.max(...tops)) {
            problems.push({
              what: "header wraps",
              detail: items
                .map((item) => `${describe(item)}@${Math.round(item.getBoundingClientRect().top)}`)
                .join(", "),
            });
          }
        }
        for (const element of header.querySelectorAll("*")) {
          if (!visible(element) || element.closest("dialog, [role=dialog]")) continue;
          const box = element.getBoundingClientRect();
          if (box.left < -slack || box.right > viewportWidth + slack)
            problems.push({ what: "header element outside the viewport", detail: describe(element) });
        }
      }

      if (phone) {
        const targets = document.querySelectorAll(
          "a[href], button, summary, select, input:not([type=hidden]), textarea, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=combobox], [tabindex='0']",
        );
        for (const target of targets) {
          if (!visible(target)) continue;
          // A link inside a sentence is exempt (WCAG 2.5.5): it is as tall as its line of text.
          if (
            target.tagName === "A" &&
            getComputedStyle(target).display === "inline" &&
            target.parentElement?.closest("p, li, dd, td, span, label")
          )
            continue;
          // The skip link is off-screen until focused; a control drawn inside a larger one is that one's target.
          if (target.classList.contains("skip-link")) continue;
          const box = target.getBoundingClientRect();
          const clickable =
            target.parentElement?.closest(
              "label, .bit-select, .bit-picker, .bit-input-affix-wrapper, .bit-checkbox-wrapper, .bit-radio-wrapper",
            ) ?? target;
          const area = clickable.getBoundingClientRect();
          const width = Math.max(box.width, area.width);
          const height = Math.max(box.height, area.height);
          if (width + slack < minTarget || height + slack < minTarget) {
            problems.push({
              what: "tap target under 44 px",
              detail: `${describe(target)} ${Math.round(width)}x${Math.round(height)}`,
            });
          }
        }
      }
      return problems;
    },
    { phone, headerMax: PHONE_HEADER_MAX_PX, minTarget: MIN_TARGET_PX, slack: SLACK_PX },
  );
}

/** Opens the language picker (the header's, or the one in the phone menu) and returns its list's box problems. */
async function languagePickerProblems(page: Page, phone: boolean): Promise<Problem[]> {
  if (phone) {
    const menuButton = page.locator(".site-header [data-testid=menu-button]");
    if (await menuButton.isVisible()) await menuButton.click();
  }
  const picker = page.locator("[data-testid=language-button]:visible").first();
  await picker.click();
  const list = page.locator("[data-testid=language-list]:visible").first();
  await expect(list).toBeVisible();
  const problems = await list.evaluate((element, slack) => {
    const box = element.getBoundingClientRect();
    const found: { what: string; detail: string }[] = [];
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    if (box.left < -slack || box.right > width + slack || box.top < -slack || box.bottom > height + slack) {
      found.push({
        what: "language picker outside the viewport",
        detail: `${Math.round(box.left)},${Math.round(box.top)} – ${Math.round(box.right)},${Math.round(box.bottom)} in ${width}x${height}`,
      });
    }
    return found;
  }, SLACK_PX);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  return problems;
}

const report = (problems: Problem[]): string[] => problems.map((problem) => `${problem.what}: ${problem.detail}`);

test.describe("layout fits every viewport", () => {
  test.beforeEach(async ({ context }) => {
    await logIn(context, AFFILIATE);
  });

  for (const [key, entry] of Object.entries(PAGES)) {
    for (const locale of LOCALES) {
      test(`${key} in ${locale}`, async ({ page }) => {
        const url = localePath(locale, entry.path);
        const themes = DARK_LOCALES.has(locale) && !isDarkOnlyPath(url) ? ["light", "dark"] : ["light"];
        const found: string[] = [];
        for (const theme of themes) {
          await page.setViewportSize({ width: VIEWPORTS[1].width, height: VIEWPORTS[1].height });
          await page.goto(theme === "dark" ? `${url}?appTheme=dark` : url);
          await expect(page.locator("main")).toBeVisible();
          await revealAll(page);
          for (const viewport of theme === "dark" ? [VIEWPORTS[1]] : VIEWPORTS) {
            await page.setViewportSize({ width: viewport.width, height: viewport.height });
            // The pointer stays where the last tap was: move it off the header so no hover menu is open.
            await page.mouse.move(1, viewport.height - 1);
            await page.waitForLoadState("networkidle");
            const where = `${theme} ${viewport.width}x${viewport.height}`;
            if (viewport.width === 390 && SCREENSHOT_LOCALES.has(locale)) {
              await lookAt(page, {
                path: path.resolve(__dirname, `screenshots/layout-${key}-${locale}-${theme}-390.png`),
                fullPage: true,
              });
            }
            found.push(...report(await measure(page, viewport.phone)).map((line) => `${where}: ${line}`));
            if (theme === "light" && viewport.width !== 360) {
              found.push(
                ...report(await languagePickerProblems(page, viewport.phone)).map((line) => `${where}: ${line}`),
              );
            }
          }
        }
        expect(found, found.join("\n")).toEqual([]);
      });
    }
  }
});
