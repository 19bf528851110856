import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { ADMIN_HEADERS, apiPath, logIn, registerNewUser, lookAt } from "./fixtures";
import { reveal } from "./dashboard-helpers";

/** The affiliate network: sub-affiliates on the dashboard, experience cards and their claim flow. */
const AFFILIATE_ID = "8012345678";
const SHOTS = path.resolve(__dirname, "../../../screenshots");

const htmlClass = (page: Page) => page.locator("html").getAttribute("class");
const numberIn = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ""));

/** A user who exists but is logged out in `context` (registering logs in; the cookies are dropped again). */
async function loggedOutUser(context: BrowserContext) {
  const account = await registerNewUser(context);
  await context.clearCookies();
  return account;
}

/** The seed may already have used this month's cards: the operator gives the affiliate room (admin API). */
async function roomForCards(context: BrowserContext, monthlyQuota = 500) {
  const response = await context.request.put(apiPath("adminCardQuota", { userId: AFFILIATE_ID }), {
    headers: ADMIN_HEADERS,
    data: { monthlyQuota },
  });
  expect(response.status()).toBe(200);
}

async function issueCard(page: Page, amount: string, days: string, previous = ""): Promise<string> {
  const form = page.getByTestId("card-issue-form");
  await form.getByText(amount, { exact: true }).click();
  await form.getByText(days, { exact: true }).click();
  await form.getByRole("button", { name: "Issue card" }).click();
  const issued = page.getByTestId("card-issued");
  await expect(issued).toBeVisible();
  await expect(issued.locator("bdi")).not.toHaveText(previous);
  const url = (await issued.locator("bdi").innerText()).trim();
  const code = new URL(url).searchParams.get("code");
  expect(code).toMatch(/^[A-Z0-9]{12}$/);
  return url;
}

test.describe("affiliate network", () => {
  test("sub-affiliates: an invitation the invitee accepts; a rate above one's own is refused; rate and notes survive a reload", async ({
    page,
    context,
    browser,
  }) => {
    const other = await browser.newContext();
    const newcomer = await registerNewUser(other);

    await logIn(context);
    await page.goto("/affiliates/dashboard");
    await reveal(page, "sub-affiliates");
    const section = page.getByTestId("sub-affiliates");
    await expect(section.getByTestId("sub-affiliates-table")).toHaveAttribute("aria-busy", "false");
    const form = section.getByTestId("sub-invite-form");
    await form.getByLabel("Email address").fill(newcomer.email);
    await form.getByLabel("Commission rate (%)").fill("50");
    await form.getByRole("button", { name: "Invite" }).click();
    await expect(form).toContainText("The rate must be below your own rate of 45%.");
    await form.getByLabel("Commission rate (%)").fill("45");
    await form.getByRole("button", { name: "Invite" }).click();
    await expect(form).toContainText("The rate must be below your own rate of 45%.");
    const row = section.getByTestId("sub-affiliates-table").locator(`tr[data-email="${newcomer.email}"]`);
    await expect(row).toHaveCount(0);

    // The invitation: the same answer for any address; nothing changes until the invitee accepts.
    await form.getByLabel("Commission rate (%)").fill("30");
    await form.getByRole("button", { name: "Invite" }).click();
    await expect(section.getByTestId("sub-invite-sent")).toHaveText(
      "If this address has an account, we've sent the invitation.",
    );
    await expect(section.getByTestId("sub-pending-row").filter({ hasText: newcomer.email })).toBeVisible();
    await expect(row).toHaveCount(0);

    // The invitee sees the offer on their dashboard and accepts it: they are an affiliate now.
    const invitee = await other.newPage();
    await invitee.goto("/affiliates/dashboard");
    const offer = invitee.getByTestId("sub-offer");
    await expect(offer).toContainText("Au***");
    await expect(offer).toContainText("30%");
    await Promise.all([invitee.waitForEvent("load"), offer.getByTestId("sub-offer-accept").click()]);
    await expect(invitee.getByTestId("figures")).toBeVisible();
    await expect(invitee.getByTestId("sub-offers")).toHaveCount(0);
    await other.close();

    await page.reload();
    await reveal(page, "sub-affiliates");
    await expect(row).toBeVisible();
    await expect(row.locator('[data-cell="rate"]')).toHaveText("30%");
    await expect(section.getByTestId("sub-pending-row").filter({ hasText: newcomer.email })).toHaveCount(0);

    // change the rate (above one's own refused in the dialog) and add a note
    await row.getByRole("button", { name: /^Edit rate and notes of / }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Commission rate (%)").fill("60");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toContainText("The rate must be below your own rate of 45%.");
    await dialog.getByLabel("Commission rate (%)").fill("25");
    await dialog.getByLabel("Notes").fill("Telegram group, 12k members; monthly call");
    await lookAt(page, { path: `${SHOTS}/network-dashboard-edit-en.png` });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    // A new rate is an offer the partner accepts: the agreed 30 % stays in force meanwhile; the note changes at once.
    await expect(row.locator('[data-cell="rate"]')).toHaveText("30%");
    await expect(row.getByTestId("sub-rate-offer")).toHaveText("25% offered, awaiting acceptance");
    await expect(row.locator('[data-cell="note"]')).toHaveText("Telegram group, 12k members; monthly call");

    await page.reload();
    await reveal(page, "sub-affiliates");
    await expect(row.locator('[data-cell="rate"]')).toHaveText("30%");
    await expect(row.getByTestId("sub-rate-offer")).toHaveText("25% offered, awaiting acceptance");
    await expect(row.locator('[data-cell="note"]')).toHaveText("Telegram group, 12k members; monthly call");
    // the API kept it too
    const listed = (await (await context.request.get(apiPath("subAffiliates"))).json()) as {
      data: {
        subAffiliates: { email: string; rateBps: number; note: string; pendingOffer: { rateBps: number } | null }[];
      };
    };
    expect(listed.data.subAffiliates.find((s) => s.email === newcomer.email)).toMatchObject({
      rateBps: 3000,
      pendingOffer: { rateBps: 2500 },
      note: "Telegram group, 12k members; monthly call",
    });
  });

  test("experience cards: issue one (quota goes down), the issuer cannot claim it, a new user claims it after logging in, the affiliate sees it claimed", async ({
    page,
    context,
    browser,
  }) => {
    await roomForCards(context);
    await logIn(context);
    await page.goto("/affiliates/experience-card");
    expect(await htmlClass(page)).toContain("theme-black");
    await expect(page.getByTestId("card-quota")).toHaveAttribute("aria-busy", "false");
    const before = await numberIn(page, "quota-remaining");
    const usedBefore = await numberIn(page, "quota-used");
    const url = await issueCard(page, "50.00 USDT", "14 days");
    const code = new URL(url).searchParams.get("code") ?? "";
    await expect.poll(() => numberIn(page, "quota-remaining")).toBe(before - 1);
    expect(await numberIn(page, "quota-used")).toBe(usedBefore + 1);
    const row = page.getByTestId("cards-table").locator(`tr[data-code="${code}"]`);
    await expect(row).toHaveAttribute("data-status", "issued");
    await expect(row).toContainText("Issued");
    await expect(row).toContainText("50.00 USDT");

    // filters: the new card is among the issued ones, not among the claimed ones
    const filter = page.getByTestId("card-status-filter");
    await filter.getByText("Claimed", { exact: true }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId("cards-table").locator("tbody tr[data-status]").first()).toHaveAttribute(
      "data-status",
      "claimed",
    );
    await filter.getByText("Issued", { exact: true }).click();
    await expect(row).toBeVisible();
    await page.getByTestId("card-target-filter").selectOption("link");
    await expect(row).toHaveCount(0);
    await page.getByTestId("card-target-filter").selectOption("open");
    await expect(row).toBeVisible();

    // a card for sign-ups through one of the affiliate's referral links
    const form = page.getByTestId("card-issue-form");
    await form.getByText("Sign-ups through a referral link", { exact: true }).click();
    // (the dropdown animates in: pick again until the form shows the choice)
    await expect(async () => {
      await form.getByRole("combobox", { name: /Referral link/ }).click();
      await page.locator(".bit-select-item-option", { hasText: "(AURORA)" }).first().click({ timeout: 2_000 });
      await expect(form).toContainText("(AURORA)", { timeout: 1_000 });
    }).toPass();
    const linkUrl = await issueCard(page, "20.00 USDT", "7 days", url);
    const linkRow = page
      .getByTestId("cards-table")
      .locator(`tr[data-code="${new URL(linkUrl).searchParams.get("code") ?? ""}"]`);
    await expect(linkRow).toHaveCount(0); // the filter still shows cards for anyone
    await page.getByTestId("card-target-filter").selectOption("link");
    await expect(linkRow).toContainText("Link AURORA");
    await expect(linkRow).toContainText("20.00 USDT");
    await expect(row).toHaveCount(0);
    await expect.poll(() => numberIn(page, "quota-remaining")).toBe(before - 2);

    // the issuer opens their own claim link: refused with the translated reason
    const claimPath = new URL(url).pathname + new URL(url).search;
    await page.goto(claimPath);
    await expect(page.getByTestId("claim-status")).toHaveText("Issued");
    await page.getByTestId("claim-button").click();
    await expect(page.getByTestId("claim-message")).toHaveText(
      "You issued this card, so you cannot claim it yourself. Share the link with an invitee.",
    );

    // an invitee, logged out, opens the link, logs in and claims
    const invitee = await browser.newContext();
    const account = await loggedOutUser(invitee);
    const claimPage = await invitee.newPage();
    await claimPage.goto(claimPath);
    expect(await htmlClass(claimPage)).toContain("theme-black");
    await expect(claimPage.getByTestId("claim-amount")).toHaveText("50.00 USDT");
    await claimPage.getByRole("button", { name: "Log in to claim" }).click();
    await expect(claimPage).toHaveURL(/\/login\?/);
    expect(new URL(claimPage.url()).searchParams.get("from")).toBe(claimPath);
    await claimPage.locator('input[name="email"]').fill(account.email);
    await claimPage.locator('input[name="password"]').fill(account.password);
    await claimPage.locator('input[name="password"]').press("Enter");
    await expect(claimPage).toHaveURL(new RegExp(`/affiliates/experience-card\\?code=${code}$`));
    await claimPage.getByRole("button", { name: "Claim card" }).click();
    await expect(claimPage.getByTestId("claim-success")).toHaveText(
      "Card claimed: 50.00 USDT of trial funds are waiting in your coupon centre.",
    );
    await expect(claimPage.getByTestId("claim-status")).toHaveText("Claimed");
    await lookAt(claimPage, { path: `${SHOTS}/network-claimed-en.png`, fullPage: true });
    // where the funds are used: the coupon centre and futures, as deep links
    const next = claimPage.getByTestId("claim-next-steps");
    await expect(next.locator('[data-deep-link="couponCenter"]')).toHaveAttribute("href", "/coupons?tab=available");
    await expect(next.locator('[data-deep-link="contract"]')).toHaveAttribute("href", /^\/futures\/BTCUSDT/);
    // a second claim is refused with the reason
    await claimPage.reload();
    await expect(claimPage.getByTestId("claim-message")).toContainText("This card has been claimed.");
    await expect(claimPage.getByTestId("claim-button")).toHaveCount(0);
    await invitee.close();

    await page.goto("/affiliates/experience-card");
    await expect(page.getByTestId("cards-table").locator(`tr[data-code="${code}"]`)).toHaveAttribute(
      "data-status",
      "claimed",
    );
    await expect(page.getByTestId("cards-table").locator(`tr[data-code="${code}"]`)).toContainText("Claimed");
  });

  test("claim links of unknown or malformed codes explain themselves; a visitor without a code gets the explanation and a call to action", async ({
    page,
  }) => {
    await page.goto("/affiliates/experience-card?code=ZZZZZZZZZZZZ");
    await expect(page.getByTestId("claim-message")).toHaveText("No card exists with this code.");
    await page.goto("/affiliates/experience-card?code=nope");
    await expect(page.getByTestId("claim-message")).toHaveText(
      "This claim link is not valid. Check that you opened the whole link.",
    );
    await page.goto("/affiliates/experience-card");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trial funds that turn invitees into traders");
    const visitor = page.getByTestId("cards-visitor");
    await expect(visitor.getByRole("link", { name: "Apply to the affiliate programme" })).toHaveAttribute(
      "href",
      "/affiliates/apply",
    );
    await expect(visitor.getByRole("button", { name: "Log in" })).toBeVisible();
  });

  test("the page is always dark (both theme cookies) and right to left in Arabic", async ({
    page,
    context,
    baseURL,
  }) => {
    for (const theme of ["Light", "Dark"]) {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await page.goto("/affiliates/experience-card?appTheme=light");
      expect(await htmlClass(page)).toContain("theme-black");
      await page.goto("/ar/affiliates/experience-card");
      expect(await htmlClass(page)).toContain("theme-black");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("أموال تجريبية تحوّل المدعوين إلى متداولين");
    }
    await expect(page).toHaveTitle(/بطاقات التجربة: أموال تجريبية للمدعوين/);
  });

  test("screenshots to look at: the experience-card page (en, ar; always dark) and the dashboard's network section (en, ar; light, dark)", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await roomForCards(context);
    await logIn(context);
    for (const prefix of ["", "/ar"]) {
      const name = prefix ? "ar" : "en";
      await page.goto(`${prefix}/affiliates/experience-card`);
      await expect(page.getByTestId("cards-table").locator("tbody tr[data-status]").first()).toBeVisible();
      await lookAt(page, { path: `${SHOTS}/network-cards-${name}.png`, fullPage: true });
      for (const theme of ["Light", "Dark"]) {
        await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
        await page.goto(`${prefix}/affiliates/dashboard`);
        await reveal(page, "sub-affiliates");
        const section = page.getByTestId("sub-affiliates");
        await expect(section.locator("tbody tr[data-email]").first()).toBeVisible();
        // Back at the top (the section stays loaded), so the sticky header sits above it in the full-page clip.
        await page.evaluate(() => window.scrollTo(0, 0));
        // the section as it sits in the page (a full-page clip, so the sticky header does not cover it)
        const box = await section.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return {
            x: 0,
            y: rect.top + window.scrollY - 16,
            width: document.documentElement.clientWidth,
            height: rect.height + 32,
          };
        });
        await lookAt(page, {
          path: `${SHOTS}/network-dashboard-${name}-${theme.toLowerCase()}.png`,
          fullPage: true,
          clip: box,
        });
      }
    }
    const cards = (await (await context.request.get(apiPath("cards"))).json()) as {
      data: { cards: { code: string; status: string }[] };
    };
    const open = cards.data.cards.find((c) => c.status === "issued");
    expect(open).toBeDefined();
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    for (const prefix of ["", "/ar"]) {
      await visitorPage.goto(`${prefix}/affiliates/experience-card?code=${open?.code ?? ""}`);
      await expect(visitorPage.getByTestId("claim-button")).toBeVisible();
      await lookAt(visitorPage, { path: `${SHOTS}/network-claim-${prefix ? "ar" : "en"}.png`, fullPage: true });
    }
    await visitorPage.goto("/ar/affiliates/experience-card");
    await expect(visitorPage.getByTestId("cards-visitor")).toBeVisible();
    await lookAt(visitorPage, { path: `${SHOTS}/network-visitor-ar.png`, fullPage: true });
    await visitor.close();
  });
});
