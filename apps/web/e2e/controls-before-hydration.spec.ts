import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { localePath } from "@affiliates/locales";
import { PAGES, type PageKey } from "../src/lib/pages";
import { rangeOf } from "../src/lib/date-range";
import { logIn } from "./fixtures";

/**
 * Issue 37: every control a page paints answers from the moment it is visible, or shows it is not ready yet. A phone
 * (390 px, touch, CPU slowed 4x by CDP) taps each primary control the moment it is visible, in fresh contexts; every
 * tap must have had its effect, or the control must have been disabled (or aria-busy) when tapped. Each scenario must
 * have tapped at least once before React took over, the case the suite exists for.
 */
const PHONE = { width: 390, height: 844 };
const CPU_SLOWDOWN = 4;
/**
 * The two tries of a scenario, run side by side. The first holds back the page's scripts until its first tap, so that
 * tap lands before React takes over whatever the machine's speed: left to the CPU's contention, most taps came after
 * hydration (five tries at a time made an early one likelier, but a scenario then took 40-80 s on this 2-core machine
 * and the suite half of the end-to-end run). The second runs at the page's own pace.
 */
const TRIES = [{ holdScriptsUntilFirstTap: true }, { holdScriptsUntilFirstTap: false }] as const;
/** A held page's scripts go once its first tap is made (or after a step's time, if no control ever shows). */
const releaseHeldScripts = new WeakMap<Page, () => void>();
/**
 * How long a tap's effect may take once the control has hydrated (its data may still be on its way, and five slowed
 * pages share the machine's CPU). A lost tap never takes effect, so a generous wait hides none; a short one counted
 * late taps as lost when the machine was busy.
 */
const EFFECT_MS = 10_000;
const REF = "ctl37";
/** The longest any one step may take (a page's first paint, its hydration, a navigation's start). */
const STEP_MS = 20_000;

type Outcome = "effect" | "disabled" | "lost";
interface Try extends Tapped {
  page: string;
}

async function phonePage(
  browser: Browser,
  baseURL: string,
  login: boolean,
  holdScriptsUntilFirstTap: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  context.setDefaultTimeout(STEP_MS);
  if (login) await logIn(context);
  const page = await context.newPage();
  if (holdScriptsUntilFirstTap) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    setTimeout(release, STEP_MS);
    releaseHeldScripts.set(page, release);
    await page.route("**/_next/static/chunks/**", async (route) => {
      await released;
      await route.continue();
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Disabled, aria-disabled or aria-busy (itself or an ancestor): the control says it is not ready. */
const saysNotReady = (control: Locator) =>
  control.evaluate(
    (element) => element.matches(":disabled") || element.closest('[aria-disabled="true"], [aria-busy="true"]') !== null,
  );

/** React has taken over the element (its props are on the DOM node). */
const hydrated = (control: Locator) =>
  control.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps")));

/** What the control was just before the tap: saying "not ready", and whether React had taken it over yet. */
interface TapState {
  notReady: boolean;
  beforeHydration: boolean;
}

/** Taps the control's centre the moment it is visible. */
async function tapAtFirstSight(page: Page, control: Locator): Promise<TapState> {
  await control.waitFor({ state: "visible", timeout: STEP_MS });
  await control.scrollIntoViewIfNeeded({ timeout: STEP_MS });
  const notReady = await saysNotReady(control);
  const beforeHydration = !(await hydrated(control));
  const box = await control.boundingBox();
  if (!box) throw new Error("the control has no box");
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  releaseHeldScripts.get(page)?.();
  return { notReady, beforeHydration };
}

/** Waits until the control has hydrated, then up to EFFECT_MS for `effect` to hold. */
async function effectShows(control: Locator, effect: () => Promise<boolean>): Promise<boolean> {
  await expect.poll(() => hydrated(control), { timeout: STEP_MS }).toBe(true);
  try {
    await expect.poll(effect, { timeout: EFFECT_MS }).toBe(true);
    return true;
  } catch {
    return false;
  }
}

interface Tapped {
  control: string;
  outcome: Outcome;
  detail: string;
  beforeHydration: boolean;
}

interface Scenario {
  name: string;
  page: PageKey;
  login?: boolean;
  query?: string;
  /** One try in a fresh page: taps, then says what came of each tap. */
  run(page: Page): Promise<Tapped[]>;
}

async function runScenario(browser: Browser, baseURL: string, scenario: Scenario): Promise<Try[]> {
  const url = `${localePath("en", PAGES[scenario.page].path)}${scenario.query ?? ""}`;
  const results = await Promise.all(
    TRIES.map(async ({ holdScriptsUntilFirstTap }) => {
      const { context, page } = await phonePage(browser, baseURL, scenario.login ?? false, holdScriptsUntilFirstTap);
      try {
        await page.goto(url, { waitUntil: "commit", timeout: STEP_MS });
        return await scenario.run(page);
      } catch (error) {
        // The call log says why an action waited (covered, not stable, detached).
        const detail = `error: ${(error as Error).message.split("\n").slice(0, 12).join(" | ")}`;
        return [{ control: scenario.name, outcome: "lost" as const, detail, beforeHydration: false }];
      } finally {
        // A close racing a navigation's commit (the language link's, here) can hang for good: Chromium acks
        // Target.closeTarget and keeps the page (crbug.com/536385539, microsoft/playwright#42366). So the page
        // settles first: its held scripts go, and whatever document it is on finishes loading.
        releaseHeldScripts.get(page)?.();
        await page.waitForLoadState("load", { timeout: STEP_MS }).catch(() => undefined);
        // No route handler still running (a held chunk, a request of the page being left) may hold up the close.
        await page.unrouteAll({ behavior: "ignoreErrors" });
        await context.close();
      }
    }),
  );
  return results.flat().map((tapped) => ({ page: url, ...tapped }));
}

const outcomeOf = (control: string, tap: TapState, effect: boolean, detail: string): Tapped => ({
  control,
  outcome: effect ? "effect" : tap.notReady ? "disabled" : "lost",
  detail,
  beforeHydration: tap.beforeHydration,
});

/**
 * The header's menu button (the phone's way to the pages, the language and the theme), tapped at first sight; then,
 * in its sheet, the language picker and a language, which must keep the page's query (`?ref=`).
 */
function menuAndLanguage(key: PageKey, login = false): Scenario {
  return {
    name: "menu button, then the language picker",
    page: key,
    login,
    query: `?ref=${REF}`,
    async run(page) {
      const button = page.getByTestId("menu-button");
      const tap = await tapAtFirstSight(page, button);
      const sheet = page.locator("dialog#site-menu");
      const isOpen = () => sheet.evaluate((d) => (d as HTMLDialogElement).open);
      const opened = await effectShows(button, isOpen);
      const menu = outcomeOf("menu button", tap, opened, `sheet open: ${opened}`);
      // Opened late (after the wait) the sheet now covers the button: tap it only if it is still closed.
      if (!opened && !(await isOpen())) await button.tap({ timeout: STEP_MS });
      const summary = sheet.getByTestId("language-button");
      const summaryTap = await tapAtFirstSight(page, summary);
      const japanese = sheet.locator('a[hreflang="ja"]');
      const listed = await effectShows(summary, () => japanese.isVisible());
      if (!listed) return [menu, outcomeOf("language picker", summaryTap, false, "the list did not open")];
      const linkTap = await tapAtFirstSight(page, japanese);
      const target = new RegExp(`/ja/affiliates${PAGES[key].path.replace(/\//g, "\\/")}\\?(?:.*&)?ref=${REF}(?:&|$)`);
      const moved = await page
        .waitForURL(target, { timeout: STEP_MS, waitUntil: "commit" })
        .then(() => true)
        .catch(() => false);
      const now = new URL(page.url());
      return [menu, outcomeOf("language picker", linkTap, moved, `now at ${now.pathname}${now.search}`)];
    },
  };
}

const PUBLIC_PAGES: PageKey[] = (Object.keys(PAGES) as PageKey[]).filter((key) => !PAGES[key].requiresLogin);
const LOGIN_PAGES: PageKey[] = (Object.keys(PAGES) as PageKey[]).filter((key) => PAGES[key].requiresLogin);

const SCENARIOS: Scenario[] = [
  ...PUBLIC_PAGES.map((key) => menuAndLanguage(key)),
  ...LOGIN_PAGES.map((key) => menuAndLanguage(key, true)),
  {
    name: "platform-token switch",
    page: "fee",
    async run(page) {
      const toggle = page.getByTestId("fee-discount-switch");
      const tap = await tapAtFirstSight(page, toggle);
      const table = page.getByTestId("fee-table");
      // The tap's effect: the switch on and the table discounted, together (never one without the other).
      const effect = await effectShows(
        toggle,
        async () => (await toggle.isChecked()) && (await table.getAttribute("data-discount")) === "on",
      );
      const shown = `switch ${(await toggle.isChecked()) ? "on" : "off"}, table ${await table.getAttribute("data-discount")}`;
      return [outcomeOf("platform-token switch", tap, effect, shown)];
    },
  },
  {
    name: "period preset (30 days)",
    page: "dashboard",
    login: true,
    async run(page) {
      const preset = page.locator('[aria-labelledby="performance-title"] .segmented button').nth(1);
      const tap = await tapAtFirstSight(page, preset);
      const expected = rangeOf(30, new Date());
      const shown = page.getByTestId("period-shown");
      const effect = await effectShows(
        preset,
        async () =>
          (await preset.getAttribute("aria-pressed")) === "true" &&
          (await shown.getAttribute("data-from")) === expected.from,
      );
      return [
        outcomeOf(
          "period preset (30 days)",
          tap,
          effect,
          `pressed ${await preset.getAttribute("aria-pressed")}, from ${await shown.getAttribute("data-from")}`,
        ),
      ];
    },
  },
  {
    name: "chat button",
    page: "home",
    async run(page) {
      const button = page.locator(".chat-button");
      const tap = await tapAtFirstSight(page, button);
      const widget = page.locator("section.exchange-chat");
      const effect = await effectShows(button, () => widget.isVisible());
      return [outcomeOf("chat button", tap, effect, `widget shown: ${effect}`)];
    },
  },
];

test.describe("controls on a slow phone, tapped the moment they are visible", () => {
  for (const scenario of SCENARIOS) {
    test(`${scenario.name} on ${PAGES[scenario.page].path || "/"}`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const tried = await runScenario(browser, baseURL ?? "", scenario);
      // One line per control, summed over the suite by whoever counts (the before/after figures).
      for (const control of new Set(tried.map((t) => t.control))) {
        const of = tried.filter((t) => t.control === control);
        const count = (outcome: Outcome) => of.filter((t) => t.outcome === outcome).length;
        console.log(
          `[controls] ${control} on ${of[0]?.page}: tried ${of.length}, effect ${count("effect")}, not ready ${count("disabled")}, lost ${count("lost")}, before hydration ${of.filter((t) => t.beforeHydration).length}`,
        );
      }
      const lost = tried.filter((t) => t.outcome === "lost");
      expect(lost.map((t) => `${t.control} on ${t.page}: ${t.detail}`)).toEqual([]);
      expect(tried.filter((t) => t.beforeHydration).length, "a tap before React took over").toBeGreaterThan(0);
    });
  }
});
