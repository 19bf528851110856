import path from "node:path";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { ADMIN_HEADERS, apiPath, apiRoute, logIn, lookAt } from "./fixtures";
import { reveal } from "./dashboard-helpers";

/**
 * The affiliate network on phones: sub-affiliates (dashboard) and experience cards are lists of cards below 768 px
 * with thumb-sized actions inside the viewport, tables on a laptop; money has exactly two decimals; the card quota
 * refusal is said once, translated; a list that fails to load offers a retry that brings it back.
 */
const AFFILIATE_ID = "8012345678";
const SHOTS = path.resolve(__dirname, "screenshots");
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;
const LAPTOP = { width: 1366, height: 900 } as const;
const LOCALES = [
  { name: "en", prefix: "" },
  { name: "ar", prefix: "/ar" },
] as const;
/** Seeded: affiliate@example.com has three sub-affiliates and 20 experience cards in every state. */
const SEEDED_SUBS = 3;

async function setCardQuota(context: BrowserContext, monthlyQuota: number) {
  const response = await context.request.put(apiPath("adminCardQuota", { userId: AFFILIATE_ID }), {
    headers: ADMIN_HEADERS,
    data: { monthlyQuota },
  });
  expect(response.status()).toBe(200);
}

/**
 * What sticks out sideways: the document's own overflow, and (on phones, where nothing scrolls inside) elements of
 * `scope` past either edge of the viewport.
 */
function sidewaysOverflow(page: Page, scope: string | null): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width + 1) found.push(`document ${root.scrollWidth} > ${width}`);
    const elements = selector === null ? [] : document.querySelectorAll(`${selector}, ${selector} *`);
    for (const element of elements) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden helpers
      if (box.left < -1 || box.right > width + 1) {
        found.push(
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`,
        );
      }
    }
    return found.slice(0, 8);
  }, scope);
}

/** Every amount (`[data-money]`) in `scope` shows exactly two decimals before its unit, in any digits and separators. */
async function expectTwoDecimalMoney(scope: Locator) {
  const texts = await scope.locator("[data-money]").allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const raw of texts) {
    const text = raw.replace(/[\u2066-\u2069\u200e\u200f]/g, "").trim();
    expect(text, `"${text}"`).toMatch(/\p{Nd}[.,\u066b]\p{Nd}{2}[\s\u00a0\u202f]USDT$/u);
  }
}

/** The card's buttons are thumb-sized (>= 44 x 44 px) and lie fully inside the viewport once scrolled to. */
async function expectThumbActions(card: Locator, viewport: { width: number; height: number }) {
  const buttons = card.getByRole("button");
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    if (!box) continue;
    const label = await button.innerText();
    expect(box.height, `height of "${label}"`).toBeGreaterThanOrEqual(44);
    expect(box.width, `width of "${label}"`).toBeGreaterThanOrEqual(44);
    expect(box.x, `start of "${label}"`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `end of "${label}"`).toBeLessThanOrEqual(viewport.width);
    expect(box.y, `top of "${label}"`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `bottom of "${label}"`).toBeLessThanOrEqual(viewport.height);
  }
}

/** A table caption wraps: it is never wider than its box nor cut at the viewport's edge. */
async function expectCaptionWraps(caption: Locator, viewportWidth: number) {
  const fit = await caption.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
    right: element.getBoundingClientRect().right,
    left: element.getBoundingClientRect().left,
  }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client + 1);
  expect(fit.left).toBeGreaterThanOrEqual(0);
  expect(fit.right).toBeLessThanOrEqual(viewportWidth + 1);
}

test.describe("affiliate network on phones", () => {
  test.beforeEach(async ({ context }) => {
    await setCardQuota(context, 500);
    await logIn(context);
  });

  for (const locale of LOCALES) {
    for (const viewport of PHONES) {
      test(`sub-affiliates and experience cards are cards with thumb-sized actions, ${locale.name} ${viewport.width}x${viewport.height}`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);

        await page.goto(`${locale.prefix}/affiliates/dashboard`);
        await reveal(page, "sub-affiliates");
        const section = page.getByTestId("sub-affiliates");
        const subs = section.getByTestId("sub-affiliates-table");
        await expect(subs).toHaveAttribute("aria-busy", "false");
        const subCards = subs.locator(".bit-list-item");
        await expect(subCards.first()).toBeVisible();
        expect(await subCards.count()).toBeGreaterThanOrEqual(SEEDED_SUBS);
        await expect(subs.locator("table")).toHaveCount(0);
        await expectThumbActions(subCards.first(), viewport);
        await expectTwoDecimalMoney(subs);
        await expectCaptionWraps(section.getByTestId("table-caption"), viewport.width);
        expect(await sidewaysOverflow(page, '[data-testid="sub-affiliates"]')).toEqual([]);
        if (viewport.width === 390) {
          await section.scrollIntoViewIfNeeded();
          await lookAt(page, { path: `${SHOTS}/network-phone-dashboard-${locale.name}.png`, fullPage: true });
        }

        await page.goto(`${locale.prefix}/affiliates/experience-card`);
        const cards = page.getByTestId("cards-table");
        await expect(cards).toHaveAttribute("aria-busy", "false");
        const cardItems = cards.locator(".bit-list-item");
        await expect(cardItems.first()).toBeVisible();
        await expect(cards.locator("table")).toHaveCount(0);
        // An issued card carries its action: the claim link to copy.
        const issued = cardItems.filter({ has: page.getByTestId("card-copy") }).first();
        await expectThumbActions(issued, viewport);
        await expectTwoDecimalMoney(cards);
        await expectTwoDecimalMoney(page.getByTestId("card-issue-form"));
        await expectCaptionWraps(page.getByTestId("table-caption"), viewport.width);
        await expectThumbActions(page.getByTestId("card-issue-form"), viewport);
        expect(await sidewaysOverflow(page, "main")).toEqual([]);
        if (viewport.width === 390)
          await lookAt(page, { path: `${SHOTS}/network-phone-cards-${locale.name}.png`, fullPage: true });
      });
    }
  }

  test("on a laptop both are tables, with two-decimal money", async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await page.goto("/affiliates/dashboard");
    await reveal(page, "sub-affiliates");
    const subs = page.getByTestId("sub-affiliates-table");
    await expect(subs.locator("table")).toBeVisible();
    // The table shows before its rows arrive.
    await expect(subs.locator("tr[data-email]").first()).toBeVisible();
    expect(await subs.locator("tr[data-email]").count()).toBeGreaterThanOrEqual(SEEDED_SUBS);
    await expect(subs.locator(".bit-list-item")).toHaveCount(0);
    await expectTwoDecimalMoney(subs);
    expect(await sidewaysOverflow(page, null)).toEqual([]);

    await page.goto("/affiliates/experience-card");
    const cards = page.getByTestId("cards-table");
    await expect(cards.locator("table")).toBeVisible();
    await expect(cards.locator("tr[data-code]").first()).toBeVisible();
    await expect(cards.locator(".bit-list-item")).toHaveCount(0);
    await expectTwoDecimalMoney(cards);
    expect(await sidewaysOverflow(page, null)).toEqual([]);
  });

  test("the card quota refusal in Japanese: one translated sentence in place, no toast", async ({ page, context }) => {
    await page.setViewportSize(PHONES[0]);
    await page.goto("/ja/affiliates/experience-card");
    await expect(page.getByTestId("card-quota")).toHaveAttribute("aria-busy", "false");
    const submit = page.getByTestId("card-issue-submit");
    await expect(submit).toBeEnabled();
    await expect(page.getByTestId("card-quota-exceeded")).toHaveCount(0);
    try {
      // Meanwhile the operator takes this month's quota away: the next card is refused with 10005.
      await setCardQuota(context, 0);
      const answer = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === apiPath("cardIssue") && response.request().method() === "POST",
      );
      await submit.click();
      expect(((await (await answer).json()) as { code: string }).code).toBe("10005");

      const notice = page.getByTestId("card-quota-exceeded");
      await expect(notice).toBeVisible();
      const text = (await notice.innerText()).trim();
      expect(text).not.toContain("[");
      expect(text).not.toMatch(/[A-Za-z]/);
      await expect(page.getByText(text, { exact: true })).toHaveCount(1);
      await expect(submit).toBeDisabled();
      // A toast would come with the refusal: once the page is idle (the toast code loaded) and has painted, none is there.
      await page.waitForLoadState("networkidle");
      await page.evaluate(
        () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      await expect(page.locator(".bit-message-notice")).toHaveCount(0);
    } finally {
      await setCardQuota(context, 500);
    }
  });

  /**
   * The list call fails (aborted) until useApi's own retries are spent (the first call and three retries), so the
   * only way back is the retry button.
   */
  async function failUntilRetried(page: Page, pattern: string): Promise<{ calls: () => number; recover: () => void }> {
    let calls = 0;
    let failing = true;
    await page.route(pattern, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      calls += 1;
      return failing ? route.abort("failed") : route.continue();
    });
    return {
      calls: () => calls,
      recover: () => {
        failing = false;
      },
    };
  }

  test("a sub-affiliate list that fails to load shows a retry that brings it back (phone)", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONES[0]);
    const list = await failUntilRetried(page, apiRoute("subAffiliates"));
    await page.goto("/affiliates/dashboard");
    await page.locator('[data-deferred="sub-affiliates"]').scrollIntoViewIfNeeded();
    const section = page.getByTestId("sub-affiliates");
    const failed = section.getByTestId("load-failed");
    await expect(failed).toBeVisible();
    await expect(section.getByTestId("sub-affiliates-table")).toHaveCount(0);
    await expect.poll(list.calls, { timeout: 40_000 }).toBeGreaterThanOrEqual(4);
    await expect(failed).toBeVisible();

    list.recover();
    await failed.getByTestId("load-retry").click();
    await expect(failed).toHaveCount(0);
    const subs = section.getByTestId("sub-affiliates-table");
    await expect(subs).toHaveAttribute("aria-busy", "false");
    expect(await subs.locator(".bit-list-item").count()).toBeGreaterThanOrEqual(SEEDED_SUBS);
  });

  test("an experience-card list that fails to load shows a retry that brings it back (laptop)", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(LAPTOP);
    const list = await failUntilRetried(page, apiRoute("cards"));
    await page.goto("/affiliates/experience-card");
    const failed = page.getByTestId("load-failed");
    await expect(failed).toBeVisible();
    await expect(page.getByTestId("cards-table")).toHaveCount(0);
    await expect.poll(list.calls, { timeout: 40_000 }).toBeGreaterThanOrEqual(4);

    list.recover();
    await failed.getByTestId("load-retry").click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByTestId("card-quota")).toHaveAttribute("aria-busy", "false");
    await expect(page.getByTestId("cards-table").locator("tr[data-code]").first()).toBeVisible();
  });
});
