import { expect, test, type Page, type Route } from "@playwright/test";
import { API_ROUTES, apiRoute, isApiCall, logIn } from "./fixtures";
import { reveal } from "./dashboard-helpers";

/**
 * Issue 33: a failing network or server is not a logout, and no section claims a status it has not received. Every
 * `/v1` call is routed to fail in each of the ways a phone's network fails: aborted, 503, or answered 3 s late.
 */
type Failure = "abort" | "503" | "delay";
const fail = (how: Failure) => async (route: Route) => {
  if (how === "abort") return route.abort("internetdisconnected");
  if (how === "503") return route.fulfill({ status: 503, body: "Service Unavailable" });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  return route.continue().catch(() => undefined); // the page may have moved on meanwhile
};

const PHONE = { width: 390, height: 844 };
/** Texts that would claim a status the page has not received. */
const CLAIMS = [/Become an affiliate/, /Apply to the affiliate programme/, /Sub-affiliate invitations/];

async function expectNoClaims(page: Page): Promise<void> {
  // Stand-ins laid out but hidden (components/loading/ghost.tsx) claim nothing: only what is seen counts.
  for (const claim of CLAIMS) await expect(page.getByText(claim).filter({ visible: true })).toHaveCount(0);
}

test.describe("failure is not logout (issue 33)", () => {
  test.beforeEach(async ({ page }) => page.setViewportSize(PHONE));

  for (const how of ["abort", "503"] as const) {
    test(`${how}: the dashboard keeps the user, says what happened, retries and recovers`, async ({
      page,
      context,
    }) => {
      await logIn(context);
      let userInfoCalls = 0;
      page.on("request", (request) => {
        if (isApiCall(request.url(), "userInfo")) userInfoCalls++;
      });
      await page.route(API_ROUTES, fail(how));
      await page.goto("/affiliates/dashboard");
      const notice = page.getByTestId("session-failed");
      await expect(notice).toBeVisible();
      await expect(notice).toContainText("Nothing has changed");
      // Retried on its own with a growing back-off (1 s, then 2 s …), and never sent to the login page.
      await expect.poll(() => userInfoCalls, { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
      expect(page.url()).toMatch(/\/affiliates\/dashboard$/);
      await expectNoClaims(page);
      await expect(page.getByTestId("not-affiliate")).toHaveCount(0);
      // Figures are visibly loading, not blank.
      await expect(page.locator("[data-figure] .loading-figure").first()).toBeVisible();

      await page.unroute(API_ROUTES);
      await page.getByTestId("session-retry").click();
      await expect(notice).toHaveCount(0);
      await expect(page.getByTestId("account-name")).toBeVisible();
      await expect(page.locator("[data-figure] .loading-figure")).toHaveCount(0);
      await reveal(page, "level");
      await expect(page.getByTestId("level-name")).toBeVisible();
      expect(page.url()).toMatch(/\/affiliates\/dashboard$/);
    });
  }

  test("a 3 s delay: loading states, then the content; nothing claimed meanwhile", async ({ page, context }) => {
    await logIn(context);
    await page.route(API_ROUTES, fail("delay"));
    await page.goto("/affiliates");
    // The call to action waits for the status rather than offering an affiliate the application.
    await expect(page.locator(".cta[aria-busy=true]")).toBeVisible();
    await expectNoClaims(page);
    await expect(page.getByRole("link", { name: "Go to dashboard" })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator(".cta[aria-busy=true]")).toHaveCount(0);
    await expect(page.getByTestId("session-failed")).toHaveCount(0);
  });

  test("API down: the experience-card page neither offers the application nor logs out", async ({ page, context }) => {
    await logIn(context);
    await page.route(API_ROUTES, fail("503"));
    await page.goto("/affiliates/experience-card");
    await expect(page.getByTestId("session-failed")).toBeVisible();
    await expectNoClaims(page);
    await expect(page.getByTestId("cards-visitor")).toBeHidden();
    await page.unroute(API_ROUTES);
    await page.getByTestId("session-retry").click();
    await expect(page.getByTestId("session-failed")).toHaveCount(0);
    await expect(page.getByTestId("cards-visitor")).toHaveCount(0);
  });

  test("a section's own failure: its retry; a 403: not allowed; both distinct from loading", async ({
    page,
    context,
  }) => {
    await logIn(context);
    await page.route(apiRoute("affiliateLevel"), (route) => route.fulfill({ status: 503, body: "down" }));
    // The balance section reads the statement (issue 34), the one source of its figures.
    let statementCalls = 0;
    await page.route(`${apiRoute("statement")}*`, (route) => {
      statementCalls += 1;
      return route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ code: "403", msg: "Forbidden", data: null }),
      });
    });
    await page.goto("/affiliates/dashboard");
    await reveal(page, "payouts");
    // Refused: "not allowed", at once (no retry makes a 403 pass), not the retry of a failure.
    await expect(page.getByTestId("payouts-section").getByTestId("not-allowed")).toBeVisible();
    await expect(page.getByTestId("payouts-section").getByTestId("load-retry")).toHaveCount(0);
    // And it is not asked again: ahooks would retry 2 s and 6 s later (the desk's 20 s refresh may come once).
    const refusedCalls = statementCalls;
    await page.waitForTimeout(7_000);
    expect(statementCalls).toBeLessThanOrEqual(refusedCalls + 1);
    await reveal(page, "level");
    const level = page.getByTestId("level-card");
    // useApi retries a failure (1 s, 2 s, 4 s) before it stays: the retry button then.
    await expect(level.getByTestId("load-failed")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("session-failed")).toHaveCount(0);
    await page.unroute(apiRoute("affiliateLevel"));
    await level.getByTestId("load-retry").click();
    await expect(page.getByTestId("level-name")).toBeVisible();
  });

  test("only a definite 'not logged in' (00004) clears the session", async ({ page, context }) => {
    await logIn(context);
    await page.route(apiRoute("userInfo"), (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ code: "00004", msg: "Not logged in", data: null }),
      }),
    );
    await page.goto("/affiliates/dashboard");
    await expect(page).toHaveURL(/\/login\?from=%2Faffiliates%2Fdashboard&source=cms$/);
  });
});
