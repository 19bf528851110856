import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from "@playwright/test";
import {
  ADMIN_HEADERS,
  AFFILIATE,
  apiPath,
  deviceToken,
  isApiCall,
  logIn,
  openRiskFlag,
  releaseRiskHold,
  lookAt,
} from "./fixtures";
import { dayAgo, reveal } from "./dashboard-helpers";

/**
 * A withdrawal moves the whole balance: one tap on the button only asks, showing the amount and the destination;
 * nothing is sent until the dialog's OK, Cancel sends nothing, and OK (even tapped twice) sends one request.
 * On a phone (390 px), in English and in Arabic (right to left), light and dark.
 */
const SHOTS = path.resolve(__dirname, "screenshots");
const PHONE = { width: 390, height: 844 } as const;
/** The seeded second affiliate: the Arabic run withdraws from another account than the English one. */
const PARTNER = { email: "partner@example.com", password: "Partner#2026" } as const;

const CASES = [
  {
    locale: "en",
    prefix: "",
    account: AFFILIATE,
    title: "Withdraw your balance?",
    ok: "Withdraw",
    cancel: "Cancel",
    destination: "Spot wallet",
  },
  {
    locale: "ar",
    prefix: "/ar",
    account: PARTNER,
    title: "هل تريد سحب رصيدك؟",
    ok: "سحب",
    cancel: "إلغاء",
    destination: "المحفظة الفورية",
  },
] as const;

type Envelope<T> = { code: string; data: T };

/**
 * Gives the logged-in affiliate a balance to withdraw, whatever other suites withdrew before: a new user binds one
 * of the affiliate's codes, the exchange feeds their fill (100 USDT fee on 20,000: 0.5 %) and the day is settled.
 */
async function topUp(browser: Browser, context: BrowserContext): Promise<void> {
  const query = new URLSearchParams({ from: dayAgo(6), to: dayAgo(0) });
  const links = (await (await context.request.get(`${apiPath("links")}?${query.toString()}`)).json()) as Envelope<{
    links: { code: string; archived: boolean }[];
  }>;
  const code = links.data.links.find((link) => !link.archived)?.code;
  expect(code).toBeTruthy();
  const friend = await browser.newContext();
  let userId: string;
  try {
    const registered = await friend.request.post(apiPath("register"), {
      data: {
        email: `withdraw-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
        password: "Friend#2026-e2e",
      },
      headers: { "dy-token": await deviceToken(friend) },
    });
    expect(registered.status()).toBe(200);
    userId = ((await registered.json()) as Envelope<{ userId: string }>).data.userId;
    const bound = await friend.request.post(apiPath("referrerBind"), {
      data: { code },
      headers: { "dy-token": await deviceToken(friend) },
    });
    expect(bound.status()).toBe(200);
  } finally {
    await friend.close();
  }
  // A friend on the same machine is held for review (README "Risk checks"): the operator releases them, so the fill
  // settles into the balance.
  const flag = await openRiskFlag(context.request, userId);
  if (flag) await releaseRiskHold(context.request, flag.id);
  const trade = {
    tradeId: `e2e-withdraw-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    userId,
    market: "spot",
    notional: 20_000,
    fee: 100,
    feeCurrency: "USDT",
    time: new Date().toISOString(),
  };
  const fed = await context.request.post(apiPath("adminTrades"), { headers: ADMIN_HEADERS, data: { trades: [trade] } });
  expect(fed.status()).toBe(200);
  const settled = await context.request.post(`${apiPath("adminSettle")}?day=${dayAgo(0)}`, { headers: ADMIN_HEADERS });
  expect(settled.status()).toBe(200);
}

/** Every withdrawal POST the page sends (GET of the same path is the balance itself). */
function withdrawalsSent(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && isApiCall(request.url(), "payoutWithdraw")) sent.push(request);
  });
  return sent;
}

async function openPayouts(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await reveal(page, "payouts");
  const button = page.getByTestId("withdraw-button");
  await expect(button).toBeEnabled();
  return (await page.getByTestId("payout-balance").locator("dd").innerText()).replace(/\s*USDT$/, "").trim();
}

for (const c of CASES) {
  test(`withdrawal asks first (${c.locale}, 390 px): cancel sends nothing, confirm sends once`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await logIn(context, c.account);
    await topUp(browser, context);
    const sent = withdrawalsSent(page);
    const dialog = page.getByRole("dialog", { name: c.title });

    // Dark first: open, look, cancel. Nothing is sent.
    const balance = await openPayouts(page, `${c.prefix}/affiliates/dashboard?appTheme=dark`);
    await expect(page.locator("html")).toHaveClass(/theme-black/);
    await page.getByTestId("withdraw-button").click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("withdraw-confirm-amount")).toContainText(balance);
    await expect(dialog.getByTestId("withdraw-confirm-destination")).toHaveText(c.destination);
    await page.waitForTimeout(400); // the dialog's zoom-in animation, for the screenshot
    await lookAt(page, { path: `${SHOTS}/withdraw-confirm-${c.locale}-dark-390.png` });
    await dialog.getByRole("button", { name: c.cancel }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toHaveLength(0);

    // Light: open (nothing sent yet), then confirm with a double tap: one request, the balance moves once.
    await openPayouts(page, `${c.prefix}/affiliates/dashboard`);
    await expect(page.locator("html")).toHaveClass(/theme-white/);
    await page.getByTestId("withdraw-button").click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("withdraw-confirm-amount")).toContainText(balance);
    if (c.locale === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.waitForTimeout(400);
    await lookAt(page, { path: `${SHOTS}/withdraw-confirm-${c.locale}-light-390.png` });
    expect(sent).toHaveLength(0);
    const answered = page.waitForResponse(
      (response) => response.request().method() === "POST" && isApiCall(response.url(), "payoutWithdraw"),
    );
    await dialog.getByRole("button", { name: c.ok }).dblclick();
    expect((await answered).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("payout-balance")).toContainText(/0[.,٫]00|٠[.,٫]٠٠/);
    await expect(page.getByTestId("withdraw-button")).toBeDisabled();
    await page.waitForTimeout(500);
    expect(sent).toHaveLength(1);
  });
}
