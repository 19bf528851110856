import { expect, test } from "@playwright/test";
import { AFFILIATE, apiPath, apiRoute, isApiCall, logIn, PLAIN_USER, waitForHydration } from "./fixtures";

test.describe("login state (requirements.md §2, §4)", () => {
  test("a page that needs login sends a visitor to /login with from and source, and login returns there", async ({
    page,
  }) => {
    await page.goto("/ja/affiliates/dashboard?tab=links");
    await expect(page).toHaveURL(/\/ja\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("from")).toBe("/ja/affiliates/dashboard?tab=links");
    expect(url.searchParams.get("source")).toBe("cms");
    await page.locator('input[name="email"]').fill(AFFILIATE.email);
    await page.locator('input[name="password"]').fill(AFFILIATE.password);
    await page.locator('input[name="password"]').press("Enter");
    await expect(page).toHaveURL(/\/ja\/affiliates\/dashboard\?tab=links$/);
    await expect(page.getByTestId("account-name")).toHaveText(AFFILIATE.name);
  });

  test("a public page never redirects a visitor and offers login and sign-up", async ({ page }) => {
    await page.goto("/affiliates");
    await expect(page).toHaveURL(/\/affiliates$/);
    await expect(page.locator(".auth-buttons a").first()).toBeVisible();
    const login = page.locator(".auth-buttons a").first();
    expect(await login.getAttribute("href")).toBe("/login?from=%2Faffiliates&source=cms");
  });

  test("the user menu shows phone only when bound and email only when bound; logout reloads the page", async ({
    page,
    context,
  }) => {
    await logIn(context);
    await page.goto("/affiliates/fee");
    await page.locator(".user-menu summary").click();
    await expect(page.getByTestId("user-phone")).toHaveText(/^\+1 415\*{4}2671$/);
    await expect(page.getByTestId("user-email")).toHaveText("af****@example.com");
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.locator(".auth-buttons")).toBeVisible();
    expect(navigations.some((u) => u.endsWith("/affiliates/fee"))).toBe(true);
    expect((await context.cookies()).find((c) => c.name === "refresh_token")).toBeUndefined();
  });

  test("a plain user without a bound phone sees no phone", async ({ page, context }) => {
    await logIn(context, PLAIN_USER);
    await page.goto("/affiliates/fee");
    await page.locator(".user-menu summary").click();
    await expect(page.getByTestId("user-email")).toBeVisible();
    await expect(page.getByTestId("user-phone")).toHaveCount(0);
  });

  test("an expired session on a login page goes to login once user info fails", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "refresh_token", value: "not-a-real-session", url: baseURL! }]);
    await page.goto("/affiliates/dashboard");
    await expect(page).toHaveURL(/\/login\?from=%2Faffiliates%2Fdashboard&source=cms$/);
  });
});

test.describe("request errors (requirements.md §8)", () => {
  test("a 500 shows one error toast with the translated status text", async ({ page, context }) => {
    await logIn(context);
    await page.route(apiRoute("userInfo"), (route) => route.fulfill({ status: 500, body: "upstream failed" }));
    await page.goto("/affiliates/fee");
    await expect(page.locator(".bit-message-notice")).toHaveText("[500] The server ran into a problem.");
  });

  test("a business error shows the server message", async ({ page, context }) => {
    await logIn(context);
    await page.route(apiRoute("userInfo"), (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ code: "30001", msg: "Account frozen", data: null }),
      }),
    );
    await page.goto("/affiliates/fee");
    await expect(page.locator(".bit-message-notice")).toHaveText("[30001] Account frozen");
  });

  test("not logged in (00004) shows no toast", async ({ page, context, baseURL }) => {
    // a stale hint cookie without a session: the call is made and answered 00004
    await context.addCookies([{ name: "has_refresh_token", value: "1", url: baseURL! }]);
    const answered = page.waitForResponse(apiRoute("userInfo"));
    await page.goto("/affiliates/fee");
    const response = await answered;
    expect(((await response.json()) as { code: string }).code).toBe("00004");
    await expect(page.locator(".auth-buttons")).toBeVisible();
    await expect(page.locator(".bit-message-notice")).toHaveCount(0);
  });
});

test("an anonymous visitor (no refresh-token cookie) makes no user-info call", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (isApiCall(request.url(), "userInfo")) calls.push(request.url());
  });
  await page.goto("/affiliates/fee");
  await expect(page.locator(".auth-buttons")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(calls).toEqual([]);
});

test("a render crash shows the error page with header, footer and a retry link", async ({ page }) => {
  page.on("pageerror", () => undefined);
  await page.goto("/affiliates/e2e-crash");
  await expect(page.locator(".error-status")).toHaveText("Error");
  await expect(page.locator("#error-title")).toHaveText("Something went wrong. Please try again later.");
  await expect(page.locator("header.site-header")).toBeVisible();
  await expect(page.locator("footer.site-footer")).toBeVisible();
  await expect(page.getByTestId("retry")).toHaveText("Retry");
});

test("the legal dialog shows the locale and the current URL", async ({ page }) => {
  await page.goto("/affiliates/fee?x=1");
  await waitForHydration(page, ".site-footer .link-button");
  await page.getByRole("button", { name: "Legal" }).click();
  await expect(page.getByTestId("legal-url")).toHaveText(/\/affiliates\/fee\?x=1$/);
  await expect(page.locator(".legal-dialog")).toContainText("English");
});

test("the chat button loads the chat script only on first click, and a message is stored", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("chat-widget.js")) scripts.push(r.url());
  });
  await page.goto("/affiliates/fee");
  await page.waitForLoadState("networkidle");
  expect(scripts).toHaveLength(0);
  await page.getByRole("button", { name: "Chat with support" }).click();
  await expect(page.locator(".exchange-chat")).toBeVisible();
  expect(scripts).toHaveLength(1);
  const text = `Hello from e2e ${Date.now()}`;
  await page.locator("#exchange-chat-email").fill("visitor@example.com");
  await page.locator("#exchange-chat-message").fill(text);
  await page.locator(".exchange-chat button[type=submit]").click();
  await expect(page.locator(".exchange-chat [role=status]")).toHaveText("Thank you. Your message has been sent.");
  const stored = await request.get(`${apiPath("adminSupportMessages")}?limit=5`, {
    headers: { "x-admin-token": "e2e-admin-token" },
  });
  const body = (await stored.json()) as { data: { messages: { message: string }[] } };
  expect(body.data.messages.map((m) => m.message)).toContain(text);
});
