import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { nativeHostSimulatorScript } from "@affiliates/bridge/simulator";
import {
  AFFILIATE,
  apiRoute,
  chooseOption,
  logIn,
  PLAIN_USER,
  showFeeCalculator,
  waitForHydration,
  watchErrors,
  lookAt,
} from "./fixtures";
import type { VipAirdropList } from "@affiliates/contracts";

const PARTNER = { email: "partner@example.com", password: "Partner#2026" } as const;
const SHOTS_DIR = path.resolve(__dirname, "../../../screenshots");
const VIP_PAGES = ["/vip/vipIntroduce", "/vip/detail", "/vip/vip-guide", "/vip/new-coin-airdrop"] as const;

const rowsOf = (page: Page, testId: string) => page.getByTestId(testId).locator("tbody tr");
const shot = (page: Page, name: string) => lookAt(page, { path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });

test.describe("VIP pages", () => {
  test("every VIP page is dark whatever the cookie or appTheme says, from the first byte", async ({
    page,
    context,
    baseURL,
  }) => {
    await logIn(context, AFFILIATE);
    await context.addCookies([{ name: "theme", value: "Light", url: baseURL! }]);
    for (const pagePath of VIP_PAGES) {
      const html = await (await context.request.get(`/affiliates${pagePath}?appTheme=light`)).text();
      expect(html, pagePath).toMatch(/<html[^>]*class="[^"]*theme-black/);
      await page.goto(`/ar/affiliates${pagePath}?appTheme=light`);
      await expect(page.locator("html"), pagePath).toHaveClass(/theme-black/);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    }
  });

  test("vipIntroduce shows the levels, fees, limits, benefits, trial and rules from the API", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto("/affiliates/vip/vipIntroduce");
    await expect(page).toHaveTitle(/VIP programme/);
    await expect(rowsOf(page, "vip-qualify-table")).toHaveCount(8);
    const vip2 = rowsOf(page, "vip-qualify-table").nth(2);
    await expect(vip2.locator("th")).toHaveText("VIP2");
    await expect(vip2.locator("td")).toHaveText(["≥ $2M", "≥ $10M", "≥ $50K"]);
    await expect(rowsOf(page, "vip-qualify-table").first().locator("td").first()).toHaveText("None");
    await expect(rowsOf(page, "vip-fees-table").first().locator("td")).toHaveText(["0.10%", "0.10%", "0.02%", "0.06%"]);
    await expect(rowsOf(page, "vip-fees-table").nth(3).locator("td")).toHaveText([
      "0.05%",
      "0.06%",
      "0.014%",
      "0.0375%",
    ]);
    await expect(page.getByTestId("vip-discount-note")).toContainText("20%");
    const benefits = rowsOf(page, "vip-benefits-table");
    await expect(benefits).toHaveCount(8);
    await expect(benefits.first().locator("td")).toHaveText(["$3M", "No", "No", "No", "20 requests/s", "20"]);
    await expect(benefits.nth(2).locator("td")).toHaveText(["$6M", "Yes", "Yes", "Yes", "40 requests/s", "100"]);
    await expect(page.getByTestId("vip-trial")).toContainText(
      "Deposit $15,000, or trade $250K spot or $2.5M futures within 30 days, and try VIP1 free for 14 days.",
    );
    await expect(page.getByTestId("vip-rules")).toContainText("at least 60 days");
    await expect(page.getByTestId("vip-rules")).toContainText("15-day grace period");
    // The trial's call to action is the deposit deep link (a page navigation on the web).
    await expect(page.getByTestId("vip-trial").locator("a")).toHaveAttribute("data-deep-link", "deposit");
    await expect(page.getByTestId("vip-trial").locator("a")).toHaveAttribute(
      "href",
      /\/assets\/deposit\?coin=USDT&coinId=2/,
    );
    await shot(page, "vip-introduce-en-dark");
    expect(errors).toEqual([]);
  });

  test("vipIntroduce in Arabic: right to left, translated, same figures", async ({ page }) => {
    await page.goto("/ar/affiliates/vip/vipIntroduce");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("h1")).toHaveText("تداول أكثر، وادفع أقل");
    await expect(rowsOf(page, "vip-fees-table")).toHaveCount(8);
    await expect(rowsOf(page, "vip-fees-table").first().locator("th")).toHaveText("VIP0");
    await expect(page.getByTestId("vip-rules")).toContainText("فترة سماح مدتها 15 يومًا");
    await shot(page, "vip-introduce-ar-dark");
  });

  test("vip/detail sends a visitor to login", async ({ page }) => {
    await page.goto("/affiliates/vip/detail");
    await expect(page).toHaveURL(/\/login\?from=%2Faffiliates%2Fvip%2Fdetail&source=cms$/);
  });

  test("vip/detail shows the affiliate's VIP2 by futures volume, progress to VIP3 and their fees", async ({
    page,
    context,
  }) => {
    await logIn(context, AFFILIATE);
    await page.goto("/affiliates/vip/detail");
    await expect(page.getByTestId("vip-level")).toHaveText("VIP2");
    await expect(page.getByTestId("vip-qualified-by")).toHaveText("Qualified by: 30-day futures volume");
    await expect(page.getByTestId("vip-progress").locator("h2")).toHaveText("Progress to VIP3");
    const futures = page.getByTestId("vip-progress").locator('[data-metric="futuresVolume30d"]');
    await expect(futures).toContainText("$14M of $20M");
    await expect(futures.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "70");
    await expect(page.getByTestId("vip-my-fees").locator("tbody tr").first().locator("td")).toHaveText([
      "0.065%",
      "0.07%",
    ]);
    await expect(page.getByTestId("vip-my-fees").locator("tbody tr").nth(1).locator("td")).toHaveText([
      "0.016%",
      "0.04%",
    ]);
    await expect(page.getByTestId("vip-grace")).toHaveCount(0);
    await shot(page, "vip-detail-en-dark");
  });

  test("vip/detail in Arabic, and the grace period of the partner", async ({ page, context }) => {
    await logIn(context, PARTNER);
    await page.goto("/ar/affiliates/vip/detail");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("vip-level")).toHaveText("VIP3");
    await expect(page.getByTestId("vip-grace")).toContainText("تحتفظ بـ VIP3");
    await expect(page.getByTestId("vip-grace")).toContainText("VIP1");
    await expect(page.getByTestId("vip-progress").locator("h2")).toHaveText("الأرقام اللازمة للاحتفاظ بـ VIP3");
    await shot(page, "vip-detail-ar-dark");
  });

  test("vip-guide shows the review rules and the API's FAQ, sanitised, in English and Arabic", async ({ page }) => {
    await page.goto("/affiliates/vip/vip-guide");
    await expect(page.getByTestId("vip-rules")).toContainText("reviewed every day at 00:00 UTC");
    const faq = page.getByTestId("vip-faq");
    await expect(faq.locator("details")).toHaveCount(5);
    await expect(faq.locator("summary").first()).toHaveText("Which of my figures decides my VIP level?");
    await expect(faq.locator(".faq-answer strong").first()).toHaveText("30-day spot volume");
    await shot(page, "vip-guide-en-dark");
    await page.goto("/ar/affiliates/vip/vip-guide");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("vip-faq").locator("summary").first()).toHaveText(
      "ما الأرقام التي تحدد مستوى VIP الخاص بي؟",
    );
    await expect(page.getByTestId("vip-rules")).toContainText("60 يومًا");
    await shot(page, "vip-guide-ar-dark");
  });

  test("airdrops: states, required levels and a countdown that ticks; a visitor is sent to login", async ({ page }) => {
    const [listResponse] = await Promise.all([
      page.waitForResponse(apiRoute("vipAirdrops")),
      page.goto("/affiliates/vip/new-coin-airdrop"),
    ]);
    const answer = (await listResponse.json()) as { data: VipAirdropList };
    const orbit = answer.data.campaigns.find((campaign) => campaign.id === "orbit-drop")!;
    // The demo data puts the start 3 days after seeding, and the suite runs for a while: the countdown is what is left
    // of the API's own figure (its clock and the campaign's start), give or take the seconds the page took to show it.
    const leftAtAnswer = (Date.parse(orbit.startsAt) - Date.parse(answer.data.now)) / 1000;
    const list = page.getByTestId("airdrop-list");
    await expect(list.locator("> li")).toHaveCount(4);
    await expect(page.getByTestId("airdrop-nova-launch")).toHaveAttribute("data-state", "live");
    await expect(page.getByTestId("airdrop-orbit-drop")).toHaveAttribute("data-state", "upcoming");
    await expect(page.getByTestId("airdrop-lumen-airdrop")).toHaveAttribute("data-state", "ended");
    await expect(page.getByTestId("airdrop-zeta-prime").getByTestId("airdrop-required")).toHaveText(
      "For VIP3 and above",
    );
    const timer = page.getByTestId("airdrop-orbit-drop").getByTestId("airdrop-timer");
    await expect(timer).toHaveText(/^Starts in \d+d \d\d:\d\d:\d\d$/);
    const first = await timer.innerText();
    const [days = 0, hours = 0, minutes = 0, seconds = 0] = first
      .match(/(\d+)d (\d\d):(\d\d):(\d\d)$/)!
      .slice(1)
      .map(Number);
    const shown = ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
    expect(shown).toBeLessThanOrEqual(leftAtAnswer + 1);
    expect(shown).toBeGreaterThan(leftAtAnswer - 60);
    await expect(timer).not.toHaveText(first);
    await expect(page.getByTestId("airdrop-lumen-airdrop").getByRole("button")).toBeDisabled();
    await expect(page.getByTestId("airdrop-user-level")).toHaveText("Log in to see whether you can join.");
    await shot(page, "vip-airdrop-en-dark");
    await page.getByTestId("airdrop-nova-launch").getByRole("button", { name: "Log in to join" }).click();
    await expect(page).toHaveURL(/\/login\?from=%2Faffiliates%2Fvip%2Fnew-coin-airdrop&source=cms$/);
  });

  test("airdrops: the plain VIP0 user is not offered a VIP1 campaign's join (issue 34), in English and Arabic", async ({
    page,
    context,
  }) => {
    await logIn(context, PLAIN_USER);
    await page.goto("/affiliates/vip/new-coin-airdrop");
    await expect(page.getByTestId("airdrop-user-level")).toHaveText("Your level: VIP0");
    const card = page.getByTestId("airdrop-nova-launch");
    // No active "Join airdrop": the button says the level it needs, cannot be pressed, and the card says why.
    await expect(card.getByRole("button", { name: "Join airdrop" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "For VIP1 and above" })).toBeDisabled();
    await expect(card.getByTestId("airdrop-level-note")).toHaveText(
      "This airdrop is for VIP1 and above. Your level is VIP0.",
    );

    await page.goto("/ar/affiliates/vip/new-coin-airdrop");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("airdrop-nova-launch")).toContainText("Nova Network");
    await expect(page.getByTestId("airdrop-nova-launch").getByTestId("airdrop-level-note")).toHaveText(
      "هذا الإنزال الجوي مخصص لمستوى VIP1 فما فوق. مستواك هو VIP0.",
    );
    await expect(page.getByTestId("airdrop-nova-launch").locator("button")).toBeDisabled();
    await shot(page, "vip-airdrop-ar-dark");
  });

  test("airdrops: the VIP2 affiliate joins a VIP1 campaign, and it stays joined", async ({ page, context }) => {
    await logIn(context, AFFILIATE);
    await page.goto("/affiliates/vip/new-coin-airdrop");
    const card = page.getByTestId("airdrop-nova-launch");
    await expect(page.getByTestId("airdrop-user-level")).toHaveText("Your level: VIP2");
    const before = Number((await card.getByText(/participants?$/).innerText()).replace(/\D/g, ""));
    await card.getByRole("button", { name: "Join airdrop" }).click();
    await expect(card.getByTestId("airdrop-joined")).toHaveText("Joined");
    await expect(card).toContainText(`${before + 1} participants`);
    await page.reload();
    await expect(page.getByTestId("airdrop-nova-launch").getByTestId("airdrop-joined")).toHaveText("Joined");
  });
});

test.describe("VIP deep links", () => {
  type Call = { action: string | null; params: unknown };
  test("inside the app the trial's deposit link opens the app's deposit screen; on the web it navigates", async ({
    browser,
    page,
  }) => {
    const ua =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ExchangeApp/2.60.0";
    const context = await browser.newContext({ userAgent: ua });
    await context.addInitScript({ content: nativeHostSimulatorScript({ platform: "android", version: "2.60.0" }) });
    const app = await context.newPage();
    await app.goto("/affiliates/vip/vipIntroduce");
    await expect(app.locator("html")).toHaveClass(/theme-black in-app/);
    await waitForHydration(app, '[data-testid="vip-trial"] a'); // the bridge's handler, not the browser's navigation
    await app.getByTestId("vip-trial").getByRole("link").click();
    await expect
      .poll(async () =>
        (await app.evaluate(() => (window as unknown as { __nativeHostCalls: Call[] }).__nativeHostCalls))
          .filter((c) => c.action === "openDeposit")
          .map((c) => c.params),
      )
      .toEqual([{ coinName: "USDT", coinId: 2 }]);
    expect(app.url()).toMatch(/\/affiliates\/vip\/vipIntroduce$/);
    await context.close();

    await page.goto("/affiliates/vip/new-coin-airdrop");
    await page.getByRole("link", { name: "Trade futures" }).click();
    await page.waitForURL((url) => url.pathname === "/futures/BTCUSDT");
  });
});

test.describe("fee page", () => {
  test("follows appTheme, then the theme cookie", async ({ page, context, baseURL }) => {
    await page.goto("/affiliates/fee");
    await expect(page.locator("html")).toHaveClass(/theme-white/);
    await page.goto("/affiliates/fee?appTheme=dark");
    await expect(page.locator("html")).toHaveClass(/theme-black/);
    await context.addCookies([{ name: "theme", value: "Dark", url: baseURL! }]);
    await page.goto("/affiliates/fee");
    await expect(page.locator("html")).toHaveClass(/theme-black/);
    await page.goto("/affiliates/fee?appTheme=light");
    await expect(page.locator("html")).toHaveClass(/theme-white/);
  });

  test("the platform-token toggle lowers every fee by the API's discount", async ({ page }) => {
    await page.goto("/affiliates/fee");
    const vip0 = rowsOf(page, "fee-table").first().locator("td");
    await expect(vip0).toHaveText(["0.10%", "0.10%", "0.02%", "0.06%"]);
    await expect(page.locator("#fee-discount-hint")).toHaveText("20% off every fee");
    await page.getByRole("switch").click();
    await expect(page.getByTestId("fee-table")).toHaveAttribute("data-discount", "on");
    await expect(vip0).toHaveText(["0.08%", "0.08%", "0.016%", "0.048%"]);
    await page.getByRole("switch").click();
    await expect(vip0).toHaveText(["0.10%", "0.10%", "0.02%", "0.06%"]);
    await shot(page, "fee-en-light-vip");
  });

  test("the calculator's fee is the volume times the table's rate", async ({ page }) => {
    await page.goto("/affiliates/fee?appTheme=dark");
    await showFeeCalculator(page);
    const rate = async (row: number, column: number) =>
      Number((await rowsOf(page, "fee-table").nth(row).locator("td").nth(column).innerText()).replace("%", "")) / 100;
    await expect(rowsOf(page, "fee-table")).toHaveCount(8);
    await page.getByLabel("Trade volume (USDT)").fill("250000");
    await chooseOption(page, page.getByLabel("VIP level"), "VIP2");
    const result = page.getByTestId("fee-calc-amount");
    // VIP2 spot maker (column 0)
    await expect(result).toHaveText(
      `${(250_000 * (await rate(2, 0))).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`,
    );
    await expect(result).toHaveText("162.50 USDT");
    await page.getByTestId("fee-calc-result").locator("xpath=..").getByText("Futures", { exact: true }).click();
    await page.getByTestId("fee-calc-result").locator("xpath=..").getByText("Taker", { exact: true }).click();
    // VIP2 futures taker (column 3)
    await expect(result).toHaveText(
      `${(250_000 * (await rate(2, 3))).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`,
    );
    await expect(result).toHaveText("100.00 USDT");
    await page.getByRole("switch").click();
    await expect(result).toHaveText(
      `${(250_000 * (await rate(2, 3))).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`,
    );
    await expect(result).toHaveText("80.00 USDT");
    await shot(page, "fee-en-dark-vip");
  });

  test("Arabic fee page: right to left, translated tools, light and dark", async ({ page }) => {
    await page.goto("/ar/affiliates/fee");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveClass(/theme-white/);
    await expect(page.getByText("ادفع الرسوم بعملة المنصة")).toBeVisible();
    await expect(rowsOf(page, "fee-table")).toHaveCount(8);
    await shot(page, "fee-ar-light-vip");
    await page.goto("/ar/affiliates/fee?appTheme=dark");
    await expect(page.locator("html")).toHaveClass(/theme-black/);
    await expect(page.getByRole("heading", { name: "حاسبة الرسوم" })).toBeVisible();
    await shot(page, "fee-ar-dark-vip");
  });
});
