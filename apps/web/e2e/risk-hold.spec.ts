import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AFFILIATE, apiPath, openRiskFlag, releaseRiskHold, lookAt } from "./fixtures";
import { reveal } from "./dashboard-helpers";

/**
 * Self-referral risk checks as the affiliate meets them (README "Risk checks"): a sign-up through the demo
 * affiliate's link from the affiliate's own network (every e2e browser shares one IP) is attributed but held; the
 * invitee table says "On hold: under review" and why, in plain words, on a 390 px phone, in English and Arabic.
 */
const SHOTS = path.resolve(__dirname, "../../../screenshots");
const PHONE = { width: 390, height: 844 };

/** Searches the invitee table for one user id (antd puts the test id on the input or around it). */
async function searchInvitee(page: Page, userId: string): Promise<void> {
  const box = page.locator('input[data-testid="invitee-search"], [data-testid="invitee-search"] input').first();
  await box.fill(userId);
  await box.press("Enter");
}

/** The plain-language reason the affiliate sees for the first of a flag's reasons, by locale. */
const REASON_TEXT: Record<string, { en: string; ar: string }> = {
  same_device: { en: "Signed up on a device like yours", ar: "سجّل من جهاز مماثل لجهازك" },
  same_ip: { en: "Signed up from the same network as you", ar: "سجّل من الشبكة نفسها التي تستخدمها" },
  same_network: { en: "Signed up from the same network as you", ar: "سجّل من الشبكة نفسها التي تستخدمها" },
};

test("a sign-up from the affiliate's own network is held: 'On hold: under review' with its reason, en and ar at 390 px", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  // The affiliate logs in from this browser (the login page): the checks compare a sign-up with the affiliate's logins.
  await page.goto("/login?from=%2Faffiliates%2Fdashboard");
  await page.locator('input[name="email"]').fill(AFFILIATE.email);
  await page.locator('input[name="password"]').fill(AFFILIATE.password);
  await Promise.all([page.waitForURL(/\/affiliates/), page.locator('input[name="password"]').press("Enter")]);
  // Someone registers through the link in a browser of their own (the same machine and IP as the affiliate's).
  const friend = await browser.newContext();
  const friendPage = await friend.newPage();
  await friendPage.goto("/register?ref=aurora10");
  await friendPage.getByLabel("Email").fill(`held-${Date.now()}@example.com`);
  await friendPage.getByLabel("Password").fill("Held#2026-e2e-risk");
  await Promise.all([
    friendPage.waitForURL(/\/affiliates/),
    friendPage.getByRole("button", { name: "Create account" }).click(),
  ]);
  const info = (await (await friend.request.post(apiPath("userInfo"), { data: {} })).json()) as {
    data: { userInfo: { userId: string } };
  };
  const userId = info.data.userInfo.userId;
  await friend.close();

  // The operators see the flag with its reasons.
  const flag = await openRiskFlag(context.request, userId);
  expect(flag?.reasons).toEqual(expect.arrayContaining(["same_ip"]));
  const reason = REASON_TEXT[flag?.reasons[0] ?? ""];
  expect(reason, `a reason text for ${flag?.reasons.join(",")}`).toBeDefined();

  await page.setViewportSize(PHONE);
  for (const locale of ["en", "ar"] as const) {
    await page.goto(`${locale === "en" ? "" : "/ar"}/affiliates/dashboard`);
    await reveal(page, "invitees");
    await searchInvitee(page, userId);
    const hold = page.getByTestId("invitees-table").getByTestId("risk-hold");
    await expect(hold).toHaveCount(1);
    await expect(hold).toHaveAttribute("data-status", "under_review");
    await expect(hold).toContainText(locale === "en" ? "On hold: under review" : "معلّق: قيد المراجعة");
    await expect(hold).toContainText(reason?.[locale] ?? "");
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    // The note fits the phone: nothing scrolls sideways, and it lies inside the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await hold.scrollIntoViewIfNeeded();
    const box = await hold.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await lookAt(page.getByTestId("invitees-table"), {
      path: path.join(SHOTS, `risk-hold-invitees-${locale}-390.png`),
    });
  }

  // Tidy: released, the hold leaves the table (and other suites' pages).
  await releaseRiskHold(context.request, flag?.id ?? 0);
  await page.reload();
  await reveal(page, "invitees");
  await searchInvitee(page, userId);
  await expect(page.getByTestId("invitees-table").getByTestId("risk-hold")).toHaveCount(0);
});
