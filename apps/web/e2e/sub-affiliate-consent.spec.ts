import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { apiPath, deviceToken, logIn, registerNewUser, lookAt } from "./fixtures";
import { reveal } from "./dashboard-helpers";

/**
 * Consent between an affiliate and their sub-affiliates, on a phone (390 px): a new rate after acceptance is an offer
 * the sub answers while the agreed rate stays in force; a sub can leave their inviter after a confirmation. English,
 * and the sub's view of an offer in Arabic (right to left).
 */
const SHOTS = path.resolve(__dirname, "screenshots");
const PHONE = { width: 390, height: 844 } as const;

interface Network {
  data: {
    subAffiliates: { userId: string; email: string; rateBps: number; pendingOffer: { rateBps: number } | null }[];
    inviter: { rateBps: number; pendingOffer: { rateBps: number } | null } | null;
  };
}

const withDy = async (context: BrowserContext) => ({ "dy-token": await deviceToken(context) });
const networkOf = async (request: APIRequestContext) =>
  ((await (await request.get(apiPath("subAffiliates"))).json()) as Network).data;

/** A new account made the demo affiliate's sub-affiliate at `rateBps` through the API (invited, then accepted). */
async function newSub(affiliate: BrowserContext, sub: BrowserContext, rateBps: number) {
  const account = await registerNewUser(sub);
  const invited = await affiliate.request.post(apiPath("subAffiliateInvite"), {
    data: { email: account.email, rateBps },
    headers: await withDy(affiliate),
  });
  expect(invited.status()).toBe(200);
  const { data } = (await (await sub.request.get(apiPath("subInvitationOffers"))).json()) as {
    data: { offers: { id: number; rateBps: number }[] };
  };
  const offer = data.offers.find((o) => o.rateBps === rateBps);
  expect(offer).toBeDefined();
  const accepted = await sub.request.post(apiPath("subInvitationAccept", { id: offer?.id ?? 0 }), {
    data: { rateBps },
    headers: await withDy(sub),
  });
  expect(accepted.status()).toBe(200);
  const listed = (await networkOf(affiliate.request)).subAffiliates.find((s) => s.email === account.email);
  if (!listed) throw new Error(`${account.email} is not a sub-affiliate`);
  return { ...account, userId: listed.userId };
}

async function offerRate(affiliate: BrowserContext, userId: string, rateBps: number) {
  const response = await affiliate.request.patch(apiPath("subAffiliateUpdate", { userId }), {
    data: { rateBps },
    headers: await withDy(affiliate),
  });
  expect(response.status()).toBe(200);
}

async function openNetwork(page: Page, prefix = "") {
  await page.setViewportSize(PHONE);
  await page.goto(`${prefix}/affiliates/dashboard`);
  await reveal(page, "sub-affiliates");
  await expect(page.getByTestId("sub-affiliates-table")).toHaveAttribute("aria-busy", "false");
}

/** Axe's WCAG 2.1 A/AA violations inside the sub's inviter card, once its buttons have faded in. */
async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === "running").length,
      ),
    )
    .toBe(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .include(selector)
    .analyze();
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id} ${node.target.join(" ")}: ${v.help}`));
}

/** Nothing sticks out past the phone's edges. */
async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

test.describe("sub-affiliate consent on a phone", () => {
  test("a new rate is an offer: the inviter sees it awaiting acceptance, the sub accepts it; an invitation is cancelled with its own label", async ({
    page,
    context,
    browser,
  }) => {
    const other = await browser.newContext();
    await logIn(context);
    const sub = await newSub(context, other, 3000);

    // An open invitation is cancelled with "Cancel invitation" (not "Withdraw"), and says until when it is valid.
    const pendingEmail = `consent-pending-${Date.now()}@example.com`;
    const invited = await context.request.post(apiPath("subAffiliateInvite"), {
      data: { email: pendingEmail, rateBps: 1000 },
      headers: await withDy(context),
    });
    expect(invited.status()).toBe(200);

    await openNetwork(page);
    const section = page.getByTestId("sub-affiliates");
    const pending = section.getByTestId("sub-pending-row").filter({ hasText: pendingEmail });
    await expect(pending).toContainText("Valid until");
    await expect(pending.getByTestId("sub-pending-withdraw")).toHaveText("Cancel invitation");
    await pending.getByTestId("sub-pending-withdraw").click();
    await expect(page.getByText("Invitation cancelled")).toBeVisible();
    await expect(pending).toHaveCount(0);

    // The inviter lowers the rate: the dialog says it is an offer; 30 % stays in force, 20 % awaits the sub.
    const card = section.getByTestId("sub-affiliates-table").locator(`[data-email="${sub.email}"]`);
    await card.getByTestId("sub-edit").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("A new rate is an offer");
    await dialog.getByLabel("Commission rate (%)").fill("20");
    await lookAt(page, { path: `${SHOTS}/consent-offer-dialog-en-390.png` });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Their current rate of 30% stays in force until they accept.")).toBeVisible();
    await expect(card.locator('[data-cell="rate"]')).toHaveText("30%");
    await expect(card.getByTestId("sub-rate-offer")).toHaveText("20% offered, awaiting acceptance");
    await card.scrollIntoViewIfNeeded();
    await lookAt(page, { path: `${SHOTS}/consent-inviter-awaiting-en-390.png` });
    await expectNoSidewaysOverflow(page);

    // The sub sees the offer next to the rate in force and accepts it.
    const subPage = await other.newPage();
    await openNetwork(subPage);
    const inviter = subPage.getByTestId("my-inviter");
    await expect(inviter).toContainText("You are a sub-affiliate of Au***");
    await expect(inviter).toContainText("30%");
    const offer = inviter.getByTestId("my-inviter-offer");
    await expect(offer).toContainText("offers you a new rate of 20% instead of 30%");
    await expect(offer).toContainText("Your current rate of 30% stays in force until you accept.");
    await offer.scrollIntoViewIfNeeded();
    await lookAt(subPage, { path: `${SHOTS}/consent-sub-offer-en-390.png` });
    await expectNoSidewaysOverflow(subPage);
    expect(await axeViolationsIn(subPage, '[data-testid="my-inviter"]')).toEqual([]);
    await offer.getByTestId("my-inviter-accept").click();
    await expect(subPage.getByText("New rate accepted: you now earn 20%.")).toBeVisible();
    await expect(inviter.getByTestId("my-inviter-offer")).toHaveCount(0);
    await expect(inviter).toContainText("20%");
    expect((await networkOf(other.request)).inviter).toMatchObject({ rateBps: 2000, pendingOffer: null });

    await page.reload();
    await reveal(page, "sub-affiliates");
    await expect(card.locator('[data-cell="rate"]')).toHaveText("20%");
    await expect(card.getByTestId("sub-rate-offer")).toHaveCount(0);
    await other.close();
  });

  test("a sub leaves their inviter after a confirmation that says what changes", async ({ context, browser }) => {
    const other = await browser.newContext();
    await logIn(context);
    const sub = await newSub(context, other, 2500);
    const subPage = await other.newPage();
    await openNetwork(subPage);
    const inviter = subPage.getByTestId("my-inviter");
    await expect(inviter).toContainText("25%");

    await inviter.getByTestId("my-inviter-leave").click();
    const confirm = subPage.getByRole("tooltip");
    await expect(confirm).toContainText("Leave your inviter?");
    await expect(confirm).toContainText("From now on you earn your own level's rate of 40%");
    await lookAt(subPage, { path: `${SHOTS}/consent-leave-confirm-en-390.png` });
    // Cancelling changes nothing.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(inviter).toBeVisible();
    expect((await networkOf(other.request)).inviter).not.toBeNull();

    await inviter.getByTestId("my-inviter-leave").click();
    await subPage.getByRole("tooltip").getByRole("button", { name: "Leave", exact: true }).click();
    await expect(subPage.getByText("You have left your inviter. You now earn 40%.")).toBeVisible();
    await expect(inviter).toHaveCount(0);
    expect((await networkOf(other.request)).inviter).toBeNull();
    expect((await networkOf(context.request)).subAffiliates.some((s) => s.userId === sub.userId)).toBe(false);
    await lookAt(subPage, { path: `${SHOTS}/consent-left-en-390.png` });
    await other.close();
  });

  test("Arabic: the sub's offer reads right to left and fits the phone", async ({ context, browser }) => {
    const other = await browser.newContext();
    await logIn(context);
    const sub = await newSub(context, other, 3500);
    await offerRate(context, sub.userId, 3000);
    const subPage = await other.newPage();
    await openNetwork(subPage, "/ar");
    await expect(subPage.locator("html")).toHaveAttribute("dir", "rtl");
    const inviter = subPage.getByTestId("my-inviter");
    await expect(inviter).toContainText("الشريك الذي دعاك");
    const offer = inviter.getByTestId("my-inviter-offer");
    await expect(offer.getByTestId("my-inviter-accept")).toHaveText("قبول النسبة الجديدة");
    await expect(inviter.getByTestId("my-inviter-leave")).toHaveText("مغادرة الشريك الداعي");
    await inviter.scrollIntoViewIfNeeded();
    await lookAt(subPage, { path: `${SHOTS}/consent-sub-offer-ar-390.png` });
    await expectNoSidewaysOverflow(subPage);
    expect(await axeViolationsIn(subPage, '[data-testid="my-inviter"]')).toEqual([]);
    expect(
      await offer
        .locator("p")
        .first()
        .evaluate((p) => getComputedStyle(p).direction),
    ).toBe("rtl");
    await offer.getByTestId("my-inviter-decline").click();
    await expect(inviter.getByTestId("my-inviter-offer")).toHaveCount(0);
    expect((await networkOf(other.request)).inviter).toMatchObject({ rateBps: 3500, pendingOffer: null });
    await other.close();
  });
});
