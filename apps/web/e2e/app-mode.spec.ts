import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { BRIDGE_TIMEOUTS } from "@affiliates/bridge";
import { BRIDGE_TIMEOUT_MS } from "@affiliates/http";
import { nativeHostSimulatorScript, type NativeHostConfig } from "@affiliates/bridge/simulator";
import { apiPath, logIn, waitForHydration } from "./fixtures";

/** The native app, simulated in the page: the bridge of docs/bridge.md, scripted answers and a record of calls. */
const DESKTOP_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const appUa = (version: string) => `${DESKTOP_UA} ExchangeApp/${version}`;

const USER = {
  userInfo: { userId: "8012345678", mobile: "+1 415****2671", email: "af****@example.com" },
  settings: { mbf: 1, ebf: 1, gbf: 1, tbf: 1, tpi: "1", tpl: 0, kf: 2, oo: 1, oc: 1, ob: 1, eef: 1, mef: 1, gef: 1 },
  loginName: "af****@example.com",
  userName: "Aurora Affiliate",
};

/**
 * The contexts this file opens itself. The suite runs in one browser, so a context left open keeps its page running
 * (bridge time-outs, timers) through every later spec file and slows them all: each is closed after its test.
 */
const openedContexts: BrowserContext[] = [];
async function appContext(browser: Browser, version: string): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: appUa(version) });
  openedContexts.push(context);
  return context;
}
test.afterEach(async () => {
  await Promise.all(openedContexts.splice(0).map((context) => context.close()));
});

/** A page of a new browser context whose user agent is the app's and into which the simulated host is injected. */
async function appPage(browser: Browser, config: Partial<NativeHostConfig> & { version: string }): Promise<Page> {
  const context = await appContext(browser, config.version);
  await context.addInitScript({ content: nativeHostSimulatorScript({ platform: "android", ...config }) });
  return context.newPage();
}

/** The refresh prompt every bridge failure ends in (requirements.md §8), once per page load. */
const PROMPT = "Something went wrong in the app. Please refresh the page.";

type Call = { action: string | null; params: unknown };
const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __nativeHostCalls: Call[] }).__nativeHostCalls);
const callsOf = async (page: Page, action: string) => (await calls(page)).filter((c) => c.action === action);

/**
 * Records the text of every toast as it opens (a toast reopened after it closed counts again), so a test can tell how
 * many were shown even when the fake clock opens and closes one within a single `runFor`. A toast counts when its
 * text appears among the open ones: antd mounts a new notice twice in a row, and a same-key replacement is one toast.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { __toastsOpened: string[] }).__toastsOpened = opened;
    let showing = new Set<string>();
    new MutationObserver(() => {
      const now = new Set(
        [...document.querySelectorAll(".bit-message-notice")].map((notice) => notice.textContent ?? ""),
      );
      for (const text of now) if (!showing.has(text)) opened.push(text);
      showing = now;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __toastsOpened: string[] }).__toastsOpened]);
}

/** Advances the fake clock in small steps until the open toasts have closed (their exit runs on real-time events too). */
async function untilToastsClosed(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(500);
        return page.locator(".bit-message-notice").count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

test.describe("app mode (requirements.md §2, §4)", () => {
  test("detected by user agent: the server renders no header or footer", async ({ browser }) => {
    const page = await appPage(browser, { version: "2.60.0" });
    const html = await (
      await page.request.get("/affiliates/fee", { headers: { "user-agent": appUa("2.60.0") } })
    ).text();
    expect(html).toMatch(/<html[^>]*class="theme-white in-app"/);
    expect(html).not.toContain('class="site-header"');
    await page.goto("/affiliates/fee");
    await expect(page.locator("header.site-header")).toHaveCount(0);
    await expect(page.locator("footer.site-footer")).toHaveCount(0);
    await expect(page.locator("main")).toBeVisible();
  });

  test("detected by the injected object alone: header and footer are hidden on the client", async ({
    page,
    context,
  }) => {
    await context.addInitScript({
      content: nativeHostSimulatorScript({ platform: "android", version: "2.60.0", patchUserAgent: false }),
    });
    await page.goto("/affiliates/fee");
    await expect(page.locator("html")).toHaveClass(/in-app/);
    await expect(page.locator("header.site-header")).toBeHidden();
    await expect(page.locator("footer.site-footer")).toBeHidden();
  });

  test("outside the app no native call is attempted and the header is shown", async ({ page }) => {
    await page.goto("/affiliates");
    await expect(page.locator("header.site-header")).toBeVisible();
    expect(await page.evaluate(() => "__nativeHostCalls" in window)).toBe(false);
  });

  test("POST requests go through the bridge: user info arrives from the app", async ({ browser }) => {
    const page = await appPage(browser, {
      version: "2.60.0",
      answers: { [`request:${apiPath("userInfo")}`]: { code: "00000", data: USER } },
    });
    await page.goto("/affiliates/dashboard");
    await expect(page.getByTestId("account-name")).toHaveText("Aurora Affiliate");
    const requests = await callsOf(page, "request");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests[0]?.params).toMatchObject({ path: apiPath("userInfo"), method: "POST" });
  });

  test("a user-info call the app never answers: after requirements.md §7's 8 s the page goes on as on the web, with the refresh prompt and no 408", async ({
    browser,
  }) => {
    const page = await appPage(browser, {
      version: "2.60.0",
      answers: { [`request:${apiPath("userInfo")}`]: "silence" },
    });
    const toastsOpened = await recordToasts(page);
    await page.clock.install();
    await page.goto("/affiliates/fee");
    await expect.poll(async () => (await callsOf(page, "request")).length).toBeGreaterThan(0);
    await page.clock.runFor(BRIDGE_TIMEOUT_MS - 500);
    await expect(page.locator(".bit-message-notice")).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(page.locator(".bit-message-notice")).toHaveText(PROMPT);
    await untilToastsClosed(page);
    await page.clock.runFor(BRIDGE_TIMEOUTS.request * 2);
    expect(await toastsOpened()).toEqual([PROMPT]);
  });

  test("a page that needs login invokes the app's login, and reloads only for a new session (app-login.spec.ts)", async ({
    browser,
  }) => {
    const page = await appPage(browser, {
      version: "2.60.0",
      answers: {
        [`request:${apiPath("userInfo")}`]: { code: "00004", msg: "Not logged in" },
        login: { code: "00000" },
      },
    });
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto("/affiliates/dashboard");
    await expect.poll(async () => (await callsOf(page, "login")).length).toBe(1);
    await page.waitForTimeout(1_500); // the old loop reloaded about twice a second
    expect(loads).toBe(1);
    expect(page.url()).toMatch(/\/affiliates\/dashboard$/); // the web login page was not used
  });

  test("the title bar follows the page theme from 2.56.0, not before", async ({ browser }) => {
    const page = await appPage(browser, { version: "2.56.0" });
    await page.goto("/affiliates");
    await expect
      .poll(async () => (await callsOf(page, "setTitleBarTheme")).map((c) => c.params))
      .toEqual([{ theme: "dark" }]);

    const oldPage = await appPage(browser, { version: "2.55.9" });
    await oldPage.goto("/affiliates");
    await oldPage.waitForLoadState("networkidle");
    expect(await callsOf(oldPage, "setTitleBarTheme")).toEqual([]);
  });

  test("the nav bar offers the fee schedule from 2.56.0, not before", async ({ browser }) => {
    const page = await appPage(browser, { version: "2.56.0" });
    await page.goto("/zh-CN/affiliates");
    await expect
      .poll(async () => (await callsOf(page, "setNavRightItems")).map((c) => c.params))
      .toEqual([
        {
          items: [
            { key: "fees", text: "费率", url: expect.stringMatching(/\/zh-CN\/affiliates\/fee$/) as unknown as string },
          ],
        },
      ]);
    const oldPage = await appPage(browser, { version: "2.55.9" });
    await oldPage.goto("/zh-CN/affiliates");
    await oldPage.waitForLoadState("networkidle");
    expect(await callsOf(oldPage, "setNavRightItems")).toEqual([]);
  });

  test("the web-visible callback is registered from 2.27.0 and refreshes user info", async ({ browser }) => {
    const page = await appPage(browser, {
      version: "2.27.0",
      answers: { [`request:${apiPath("userInfo")}`]: { code: "00000", data: USER } },
    });
    await page.goto("/affiliates/fee");
    await expect.poll(async () => (await callsOf(page, "registerWebVisible")).length).toBe(1);
    const before = (await callsOf(page, "request")).length;
    await page.evaluate(() =>
      (window as unknown as { __nativeHost: { emit(name: string, payload?: unknown): void } }).__nativeHost.emit(
        "webVisible",
      ),
    );
    await expect.poll(async () => (await callsOf(page, "request")).length).toBeGreaterThan(before);

    const oldPage = await appPage(browser, { version: "2.26.9" });
    await oldPage.goto("/affiliates/fee");
    await oldPage.waitForLoadState("networkidle");
    expect(await callsOf(oldPage, "registerWebVisible")).toEqual([]);
  });
});

/** Each deep link of the landing page: its bridge action and exact params in the app, its web page outside. */
const DEEP_LINKS = [
  {
    target: "coinPage",
    action: "openCoinPage",
    gate: "1.5.0",
    params: { symbol: "USDTBRL", fromCoinName: "USDT", toCoinName: "BRL", type: "spot", spotLine: 1 },
    web: "/trade/USDTBRL",
  },
  {
    target: "contract",
    action: "openContract",
    gate: "1.9.0",
    params: { symbolId: "BTCUSDT", bizLine: 10 },
    web: "/futures/BTCUSDT",
  },
  {
    target: "deposit",
    action: "openDeposit",
    gate: "2.13.0",
    params: { coinName: "USDT", coinId: 2 },
    web: "/assets/deposit?coin=USDT&coinId=2",
  },
  {
    target: "couponCenter",
    action: "openCouponCenter",
    gate: "2.10.0",
    params: { tab: "available" },
    web: "/coupons?tab=available",
  },
  { target: "savings", action: "openSavings", gate: "2.12.0", params: {}, web: "/earn" },
  {
    target: "financialAssets",
    action: "openFinancialAssets",
    gate: "2.37.0",
    params: { type: "overview" },
    web: "/assets/overview",
  },
  {
    target: "h5Router",
    action: "openH5Router",
    gate: "2.39.0",
    params: { url: encodeURIComponent("/affiliates/fee") },
    web: "/affiliates/fee",
  },
] as const;

const below = (version: string) => {
  const [major, minor, patch] = version.split(".").map(Number) as [number, number, number];
  return patch > 0 ? `${major}.${minor}.${patch - 1}` : minor > 0 ? `${major}.${minor - 1}.99` : `${major - 1}.99.99`;
};

test.describe("deep links (requirements.md §2, §9)", () => {
  for (const link of DEEP_LINKS) {
    test(`${link.target}: in the app from ${link.gate} with its params`, async ({ browser }) => {
      const page = await appPage(browser, { version: link.gate });
      await page.goto("/affiliates");
      await waitForHydration(page, `[data-deep-link="${link.target}"]`);
      await page.locator(`[data-deep-link="${link.target}"]`).click();
      await expect.poll(async () => (await callsOf(page, link.action)).map((c) => c.params)).toEqual([link.params]);
      expect(page.url()).toMatch(/\/affiliates$/);
    });

    test(`${link.target}: below ${link.gate} and on the web it navigates to ${link.web}`, async ({ browser }) => {
      const page = await appPage(browser, { version: below(link.gate) });
      await page.goto("/affiliates");
      await page.locator(`[data-deep-link="${link.target}"]`).click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === link.web);
      expect(await callsOf(page, link.action)).toEqual([]);

      const web = await browser.newPage();
      await web.goto("/affiliates");
      await web.locator(`[data-deep-link="${link.target}"]`).click();
      await web.waitForURL((url) => `${url.pathname}${url.search}` === link.web);
      await web.close();
    });
  }
});

test.describe("bridge errors (requirements.md §8)", () => {
  test("an app that answers a deep link with an error code: the refresh prompt, and the page stays", async ({
    browser,
  }) => {
    const page = await appPage(browser, {
      version: "2.60.0",
      answers: { openDeposit: { code: "50001", msg: "boom" } },
    });
    await page.clock.install();
    await page.goto("/affiliates");
    await waitForHydration(page, '[data-deep-link="deposit"]');
    await page.locator('[data-deep-link="deposit"]').click();
    await page.clock.runFor(BRIDGE_TIMEOUTS.default + 500);
    await expect(page.locator(".bit-message-notice")).toHaveText(PROMPT);
    expect(page.url()).toMatch(/\/affiliates$/);
  });

  // No answer, an unusable answer or a message that cannot be posted: there is no working bridge, so the tap is not lost.
  for (const [name, answer] of [
    ["time-out (no callback)", "silence"],
    ["empty answer", "empty"],
    ["answer without code", "noCode"],
    ["action error (postMessage throws)", "throw"],
  ] as const) {
    test(`${name}: the deep link opens its web page`, async ({ browser }) => {
      const page = await appPage(browser, { version: "2.60.0", answers: { openDeposit: answer } });
      await page.goto("/affiliates");
      await waitForHydration(page, '[data-deep-link="deposit"]');
      await page.locator('[data-deep-link="deposit"]').click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === "/assets/deposit?coin=USDT&coinId=2", {
        timeout: BRIDGE_TIMEOUTS.default + 5_000,
      });
    });
  }
});

/** The app's user agent but no native object: nothing can reach the app. */
async function appPageWithoutBridge(browser: Browser): Promise<Page> {
  const context = await appContext(browser, "2.60.0");
  return context.newPage();
}
/** The app's user agent and its native object, but the app never calls back. */
const silentAppPage = (browser: Browser) => appPage(browser, { version: "2.60.0", defaultAnswer: "silence" });

/** The login page the web sends a visitor of the dashboard to (requirements.md §2). */
const WEB_LOGIN = /\/login\?from=%2Faffiliates%2Fdashboard&source=cms$/;
/** A bit above the longest bridge time-out (requirements.md §9: 10 s for requests): the page must have decided by then. */
const BRIDGE_DECIDED_MS = BRIDGE_TIMEOUTS.request + 2_000;

test.describe("in the app without a working bridge the page behaves as on the web (requirements.md §8, §9)", () => {
  for (const [name, open] of [
    ["no native object", appPageWithoutBridge],
    ["an app that never answers", silentAppPage],
  ] as const) {
    test(`${name}: the dashboard sends a visitor without a session to the web login`, async ({ browser }) => {
      const page = await open(browser);
      await page.goto("/affiliates/dashboard");
      await expect(page).toHaveURL(WEB_LOGIN, { timeout: BRIDGE_DECIDED_MS });
      await expect(page.locator('input[name="email"]')).toBeVisible();
    });

    test(`${name}: an Explore card opens its web page`, async ({ browser }) => {
      const page = await open(browser);
      await page.goto("/affiliates");
      await waitForHydration(page, '[data-deep-link="deposit"]');
      await page.locator('[data-deep-link="deposit"]').click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === "/assets/deposit?coin=USDT&coinId=2", {
        timeout: BRIDGE_DECIDED_MS,
      });
    });
  }

  test("no native object: the refresh prompt is shown once, as the page starts", async ({ browser }) => {
    const page = await appPageWithoutBridge(browser);
    const toastsOpened = await recordToasts(page);
    await page.goto("/affiliates/fee");
    const notices = page.locator(".bit-message-notice");
    await expect(notices).toHaveText(PROMPT);
    await expect(notices).toHaveCount(0);
    expect(await toastsOpened()).toEqual([PROMPT]);
  });

  test("no native object, with a web session: the dashboard shows the account, loaded over the web", async ({
    browser,
  }) => {
    const page = await appPageWithoutBridge(browser);
    await logIn(page.context());
    await page.goto("/affiliates/dashboard");
    await expect(page.getByTestId("account-name")).toHaveText("Aurora Affiliate", { timeout: BRIDGE_DECIDED_MS });
    expect(page.url()).toMatch(/\/affiliates\/dashboard$/);
  });

  test("an app that never answers: one refresh prompt for all its failed calls, and no 408", async ({ browser }) => {
    const page = await silentAppPage(browser);
    const toastsOpened = await recordToasts(page);
    await page.clock.install();
    await page.goto("/affiliates/fee");
    // The title bar, the nav items, the web-visible registration and user info all wait for the app.
    await expect
      .poll(async () => (await calls(page)).map((c) => c.action).sort())
      .toEqual(["registerWebVisible", "request", "setNavRightItems", "setTitleBarTheme"]);
    const notices = page.locator(".bit-message-notice");
    await page.clock.runFor(BRIDGE_TIMEOUTS.default - 500);
    await expect(notices).toHaveCount(0);
    await page.clock.runFor(1_000);
    // The toast code loads on the first toast; its animation runs on the page's (fake) timers: advance until it shows.
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return notices.count();
      })
      .toBeGreaterThan(0);
    await expect(notices).toHaveText(PROMPT);
    // It closes on its own and is not shown again, however many calls were still waiting for the app.
    await untilToastsClosed(page);
    await page.clock.runFor(BRIDGE_TIMEOUTS.request * 2);
    await untilToastsClosed(page);
    expect(await toastsOpened()).toEqual([PROMPT]);
    // The page went on as on the web: nothing more was sent to the app.
    expect((await calls(page)).length).toBe(4);
  });
});
