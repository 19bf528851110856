import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { nativeHostSimulatorScript, type NativeHostConfig } from "@affiliates/bridge/simulator";
import { apiPath } from "./fixtures";

/**
 * Issue 33: the app's login (docs/bridge.md §3) is waited for as the visible-callback waits, never replaced by the
 * web login inside the app, reloads the page at most once and only for a new session, and a cancel leaves the page as
 * it was. The native host is the simulator; time is Playwright's clock, so 30 s or an hour pass without waiting.
 */
const UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const VERSION = "2.60.0";
const USER_INFO = `request:${apiPath("userInfo")}`;
const NOT_LOGGED_IN = { code: "00004", msg: "Not logged in" };
const USER = {
  code: "00000",
  data: {
    userInfo: { userId: "8012345678", mobile: "+1 415****2671", email: "af****@example.com" },
    settings: { mbf: 1, ebf: 1, gbf: 1, tbf: 1, tpi: "1", tpl: 0, kf: 2, oo: 1, oc: 1, ob: 1, eef: 1, mef: 1, gef: 1 },
    loginName: "af****@example.com",
    userName: "Aurora Affiliate",
  },
};

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

interface Host {
  page: Page;
  loads: () => number;
  loginCalls: () => Promise<{ id: string }[]>;
  /** Changes the app's answer now and for the page's next loads (the app keeps its session across a reload). */
  setAnswer: (key: string, answer: unknown) => Promise<void>;
  respond: (id: string, response: unknown) => Promise<void>;
  emit: (name: string) => Promise<void>;
}

async function appAt(browser: Browser, path: string, answers: NativeHostConfig["answers"]): Promise<Host> {
  const context = await browser.newContext({
    userAgent: `${UA} ExchangeApp/${VERSION}`,
    viewport: { width: 390, height: 844 },
  });
  contexts.push(context);
  await context.addInitScript({
    content: nativeHostSimulatorScript({ platform: "android", version: VERSION, answers }),
  });
  const page = await context.newPage();
  await page.clock.install();
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto(path);
  type W = {
    __nativeHostCalls: { id: string; action: string }[];
    __nativeHost: {
      setAnswer(k: string, a: unknown): void;
      respond(id: string, r: unknown): void;
      emit(n: string, p: unknown): void;
    };
  };
  return {
    page,
    loads: () => loads,
    loginCalls: () =>
      page.evaluate(() =>
        (window as unknown as W).__nativeHostCalls.filter((c) => c.action === "login").map((c) => ({ id: c.id })),
      ),
    setAnswer: async (key, answer) => {
      const script = `window.__nativeHost.setAnswer(${JSON.stringify(key)}, ${JSON.stringify(answer)});`;
      await context.addInitScript({ content: script });
      await page.evaluate(script);
    },
    respond: (id, response) =>
      page.evaluate(([i, r]) => (window as unknown as W).__nativeHost.respond(i, r), [id, response] as const),
    emit: (name) => page.evaluate((n) => (window as unknown as W).__nativeHost.emit(n, {}), name),
  };
}

test.describe("the app's login (issue 33)", () => {
  test("an answer after 30 s: no web login meanwhile, then one reload into the session", async ({ browser }) => {
    const host = await appAt(browser, "/affiliates/dashboard", { [USER_INFO]: NOT_LOGGED_IN, login: "silence" });
    await expect.poll(async () => (await host.loginCalls()).length).toBe(1);
    await host.page.clock.runFor(30_000);
    expect(host.page.url()).toMatch(/\/affiliates\/dashboard$/); // still here: not the web's login page
    expect(host.loads()).toBe(1);
    expect(await host.loginCalls()).toHaveLength(1);
    // The user logs in in the app, which then answers.
    await host.setAnswer(USER_INFO, USER);
    const [call] = await host.loginCalls();
    await host.respond(call!.id, { code: "00000" });
    await expect.poll(() => host.loads()).toBe(2);
    await expect(host.page.getByTestId("account-name")).toBeVisible();
    await host.page.clock.runFor(10_000);
    expect(host.loads()).toBe(2);
  });

  test("an app that never answers: the page waits (no 3 s give-up, no refresh prompt), and its return shows a way to log in", async ({
    browser,
  }) => {
    const host = await appAt(browser, "/affiliates/dashboard", { [USER_INFO]: NOT_LOGGED_IN, login: "silence" });
    await expect.poll(async () => (await host.loginCalls()).length).toBe(1);
    await host.page.clock.runFor(10 * 60_000);
    expect(host.page.url()).toMatch(/\/affiliates\/dashboard$/);
    await expect(host.page.locator(".bit-message-notice")).toHaveCount(0);
    expect(host.loads()).toBe(1);
    // The app shows the page again without a session: it stays, offering the login again; nothing reloads.
    await host.emit("webVisible");
    await expect(host.page.getByTestId("login-required")).toBeVisible();
    expect(host.loads()).toBe(1);
    expect(await host.loginCalls()).toHaveLength(1);
  });

  test("an app that answers before the session exists: no reload loop; the session arriving reloads once", async ({
    browser,
  }) => {
    const host = await appAt(browser, "/affiliates/dashboard", {
      [USER_INFO]: NOT_LOGGED_IN,
      login: { code: "00000" },
    });
    await expect.poll(async () => (await host.loginCalls()).length).toBe(1);
    await host.page.clock.runFor(5_000);
    expect(host.loads()).toBe(1);
    expect(await host.loginCalls()).toHaveLength(1);
    await host.setAnswer(USER_INFO, USER);
    await host.emit("webVisible");
    await expect.poll(() => host.loads()).toBe(2);
    await host.page.clock.runFor(10_000);
    expect(host.loads()).toBe(2);
  });

  test("a cancel on the apply page: the page is unchanged, no application form, a way to log in", async ({
    browser,
  }) => {
    const host = await appAt(browser, "/affiliates/apply", {
      [USER_INFO]: NOT_LOGGED_IN,
      login: { code: "10010", msg: "cancelled" },
    });
    await expect(host.page.getByTestId("login-required")).toBeVisible();
    await expect(host.page.getByTestId("application-form")).toHaveCount(0);
    expect(host.page.url()).toMatch(/\/affiliates\/apply$/);
    await host.page.clock.runFor(5_000);
    expect(host.loads()).toBe(1);
    expect(await host.loginCalls()).toHaveLength(1);
    // The user may try again: one more login, through the app.
    await host.page.getByTestId("login-required").getByRole("button").click();
    await expect.poll(async () => (await host.loginCalls()).length).toBe(2);
  });
});
