import { expect, test, type Locator, type Page } from "@playwright/test";
import { localePath } from "@affiliates/locales";
import { PAGES } from "../src/lib/pages";
import { AFFILIATE, logIn, PLAIN_USER } from "./fixtures";
import { reveal } from "./dashboard-helpers";

/**
 * Keyboard-only use of the shell (header menus, language picker, theme toggle, legal dialog), a form and a
 * table: reachable with Tab, operable with Enter, Space and Escape, with a visible focus indicator.
 */

/** Presses Tab until `target` has focus; fails when it is not reached in `max` presses (not in the tab order). */
async function tabTo(page: Page, target: Locator, max = 80, key: "Tab" | "Shift+Tab" = "Tab"): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate((el) => el === document.activeElement || !!el?.contains(document.activeElement), handle))
      return;
  }
  throw new Error(`not reachable with ${key} in ${max} presses: ${target.toString()}`);
}

/** The focused element shows a focus indicator: it matches :focus-visible and draws an outline or a box shadow. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    return {
      focusVisible: el.matches(":focus-visible"),
      outline: s.outlineStyle,
      outlineWidth: parseFloat(s.outlineWidth),
      shadow: s.boxShadow,
      tag: el.outerHTML.slice(0, 80),
    };
  });
  expect(style, "something has focus").not.toBeNull();
  expect(style!.focusVisible, style!.tag).toBe(true);
  const outlined = style!.outline !== "none" && style!.outlineWidth >= 2;
  const shadowed = style!.shadow !== "none" && style!.shadow !== "";
  expect(
    outlined || shadowed,
    `focus indicator on ${style!.tag}: outline ${style!.outline} ${style!.outlineWidth}px, shadow ${style!.shadow}`,
  ).toBe(true);
}

const focused = (page: Page) => page.locator(":focus");
const settle = async (page: Page) => {
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".user-placeholder")).toHaveCount(0);
};

test.describe("keyboard only", () => {
  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await page.goto(localePath("en", PAGES.fee.path));
    await settle(page);
    await page.keyboard.press("Tab");
    await expect(focused(page)).toHaveClass(/skip-link/);
    await expect(focused(page)).toBeInViewport();
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main")).toBeFocused();
  });

  test("language picker: Enter opens, Tab walks the languages, Escape closes, Enter on a language switches", async ({
    page,
  }) => {
    await page.goto(localePath("en", PAGES.fee.path));
    await settle(page);
    const picker = page.locator(".language-picker");
    const summary = picker.locator("summary");
    await tabTo(page, summary);
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    await expect(picker).toHaveAttribute("open", "");
    await expect(page.locator(".language-list")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(focused(page)).toHaveText("English");
    await expectVisibleFocus(page);
    await page.keyboard.press("Escape");
    await expect(picker).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();
    // Space opens it too
    await page.keyboard.press("Space");
    await expect(picker).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(focused(page)).toHaveText("简体中文");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/zh-CN\/affiliates\/fee/);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  });

  test("leaving an open menu with Tab closes it", async ({ page }) => {
    await page.goto(localePath("en", PAGES.fee.path));
    await settle(page);
    const picker = page.locator(".language-picker");
    await tabTo(page, picker.locator("summary"));
    await page.keyboard.press("Enter");
    await expect(picker).toHaveAttribute("open", "");
    await tabTo(page, page.locator(".theme-toggle"), 40);
    await expect(picker).not.toHaveAttribute("open", "");
  });

  test("theme toggle: Enter and Space switch the theme", async ({ page }) => {
    await page.goto(`${localePath("en", PAGES.fee.path)}?appTheme=light`);
    await settle(page);
    const toggle = page.locator(".theme-toggle");
    await tabTo(page, toggle);
    await expectVisibleFocus(page);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveClass(/theme-black/);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expectVisibleFocus(page);
    await page.keyboard.press("Space");
    await expect(page.locator("html")).toHaveClass(/theme-white/);
  });

  test("user menu: Enter opens the account details, Tab reaches log out, Escape closes", async ({ page, context }) => {
    await logIn(context, AFFILIATE);
    await page.goto(localePath("en", PAGES.fee.path));
    await settle(page);
    const menu = page.locator(".user-menu");
    const summary = menu.locator("summary");
    await tabTo(page, summary);
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    await expect(page.getByTestId("user-email")).toContainText("@example.com"); // masked by the API
    await page.keyboard.press("Tab");
    await expect(focused(page)).toHaveText(/log ?out/i);
    await expectVisibleFocus(page);
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();
  });

  test("legal dialog: Enter opens it with focus inside, Escape closes it and returns focus", async ({ page }) => {
    await page.goto(localePath("ar", PAGES.fee.path));
    await settle(page);
    const opener = page.locator(".site-footer .link-button");
    await tabTo(page, opener);
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    const dialog = page.locator("dialog.legal-dialog");
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expect(page.getByTestId("legal-url")).toContainText("/ar/affiliates/fee");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // and the close button works with Space
    await page.keyboard.press("Space");
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.locator("button[type=submit]"), 5);
    await expectVisibleFocus(page);
    await page.keyboard.press("Space");
    await expect(dialog).toBeHidden();
  });

  test("a form: fields reached with Tab, typed into, submitted with Enter on its button, errors shown", async ({
    page,
    context,
  }) => {
    await logIn(context, PLAIN_USER);
    await page.goto(localePath("en", PAGES.apply.path));
    await settle(page);
    const form = page.getByTestId("application-form");
    await expect(form).toBeVisible();
    const name = form.locator("input#name");
    await tabTo(page, name);
    await expectVisibleFocus(page);
    await page.keyboard.type("Kai Keyboard");
    await page.keyboard.press("Tab");
    await expect(form.locator("input#email")).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type("not-an-email");
    await expect(form.locator("input#email")).toHaveAttribute("aria-invalid", "true");
    await expect(form).toContainText("Enter an email address such as name@company.com.");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("kai@example.com");
    await expect(form.locator("input#email")).not.toHaveAttribute("aria-invalid", "true");
    const submit = form.locator("button[type=submit]");
    await tabTo(page, submit, 30);
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    // The required message (a written sentence, issue 33), shown beside the field and linked to it
    await expect(form).toContainText("Choose a country or region from the list.");
    await expect(form.locator("input#region")).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("input#region")).toHaveAttribute("aria-describedby", "region_help");
    await expect(page.getByTestId("application-status")).toHaveCount(0);
  });

  test("a wide table scrolls with the keyboard: Tab reaches its region, arrows scroll it", async ({
    page,
    context,
  }) => {
    // On a tablet the referral links table (its label and actions pinned) is wider than its box and scrolls inside it;
    // from a 1280 px laptop every column fits (issue 34); on a phone the tables are cards, which never scroll sideways.
    await logIn(context, AFFILIATE);
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(localePath("en", PAGES.dashboard.path));
    await reveal(page, "links");
    const region = page.locator('[data-deferred="links"] [data-scroll-region="on"]').first();
    await expect(region).toHaveAttribute("tabindex", "0");
    await expect(region).toHaveAttribute("role", "region");
    await expect(region).toHaveAttribute("aria-label", /.+/);
    // Start the keyboard walk at the section's heading (a click there moves the focus starting point, as a reader's tap).
    await page.locator("#links-title").click();
    await tabTo(page, region);
    await expect(region).toBeFocused();
    await expectVisibleFocus(page);
    expect(await region.evaluate((el) => el.scrollLeft)).toBe(0);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
