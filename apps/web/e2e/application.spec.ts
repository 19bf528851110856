import { expect, test } from "@playwright/test";
import { ADMIN_HEADERS, apiPath, apiRoute, chooseOption, logIn, PLAIN_USER, registerNewUser } from "./fixtures";

test.describe("affiliate application with the spec's form messages (requirements.md §5)", () => {
  test("a visitor is sent to log in first", async ({ page }) => {
    await page.goto("/affiliates/apply");
    await expect(page).toHaveURL(/\/login\?from=%2Faffiliates%2Fapply&source=cms$/);
  });

  test("a plain user is shown the application; required, whitespace and type messages in English, written as sentences (issue 33)", async ({
    page,
    context,
  }) => {
    await logIn(context, PLAIN_USER);
    await page.goto("/affiliates/apply");
    const form = page.getByTestId("application-form");
    await expect(form).toBeVisible();
    // The name comes from the account; emptied, it is required like any other field.
    await expect(form.getByLabel("Full name")).toHaveValue("Uma User");
    await form.getByLabel("Full name").fill("");
    await form.getByRole("button", { name: "Submit application" }).click();
    // The answer comes into view: the first field in error is focused (and scrolled to).
    await expect(form.getByLabel("Full name")).toBeFocused();
    // Written sentences, never antd's templates with the label put mid-sentence.
    // The name, the email (a masked address is not filled in) and the channel's link.
    await expect(form.getByText("Fill in this field.")).toHaveCount(3);
    await expect(form.getByText("Choose a country or region from the list.")).toBeVisible();
    await expect(form.getByText(/Please enter|is not a valid|cannot be a blank/)).toHaveCount(0);
    await form.getByLabel("Full name").fill("   ");
    await expect(form.getByText("Enter more than spaces.")).toBeVisible();
    await form.getByLabel("Contact email").fill("not-an-email");
    await expect(form.getByText("Enter an email address such as name@company.com.")).toBeVisible();
    // A bare domain is a web address: https:// is added as the field is left, and it is accepted.
    const link = form.getByLabel("Link to the channel");
    await link.fill("youtube.com/@uma");
    await link.blur();
    await expect(link).toHaveValue("https://youtube.com/@uma");
    await expect(form.getByText("Fill in this field.")).toHaveCount(0);
  });

  test("the same messages in Arabic, right to left", async ({ page, context }) => {
    await logIn(context, PLAIN_USER);
    await page.goto("/ar/affiliates/apply");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    const form = page.getByTestId("application-form");
    // The account's name arrives with the session and fills an untouched field: wait for it, as the English test does,
    // or emptying the field before it arrives would change nothing and the prefill would land after it.
    await expect(form.locator("input#name")).toHaveValue("Uma User");
    await form.locator("input#name").fill("");
    await form.getByRole("button", { name: "إرسال الطلب" }).click();
    await expect(form.getByText("املأ هذا الحقل.").first()).toBeVisible();
    await expect(form.getByText("اختر دولة أو منطقة من القائمة.")).toBeVisible();
    await form.getByLabel("البريد الإلكتروني للتواصل").fill("x");
    await expect(form.getByText("أدخل عنوان بريد إلكتروني مثل name@company.com.")).toBeVisible();
  });

  test("a new user applies, sees pending; an operator approves; the user sees approved and the dashboard link", async ({
    page,
    context,
    request,
  }) => {
    await registerNewUser(context);
    await page.goto("/affiliates/apply");
    const form = page.getByTestId("application-form");
    await form.getByLabel("Full name").fill("Nadia Channel");
    await form.getByLabel("Contact email").fill("nadia@example.com");
    await form.getByLabel("Link to the channel").fill("https://www.youtube.com/@nadia");
    await form.getByLabel("Audience size").fill("25000");
    await chooseOption(page, form.getByLabel("Country or region", { exact: true }), "Brazil", { type: true });
    await form.getByRole("button", { name: "Submit application" }).click();
    const status = page.getByTestId("application-status");
    await expect(status).toHaveAttribute("data-status", "pending");
    await expect(status).toContainText("Under review");

    const list = await request.get(`${apiPath("adminAffiliateApplications")}?status=pending&limit=200`, {
      headers: ADMIN_HEADERS,
    });
    const { applications } = ((await list.json()) as { data: { applications: { id: number; name: string }[] } }).data;
    const mine = applications.find((a) => a.name === "Nadia Channel");
    expect(mine).toBeDefined();
    const decision = await request.post(apiPath("adminAffiliateDecision", { id: mine!.id }), {
      headers: ADMIN_HEADERS,
      data: { decision: "approve" },
    });
    expect(decision.status()).toBe(200);

    await page.reload();
    await expect(status).toHaveAttribute("data-status", "approved");
    await expect(status.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute(
      "href",
      "/affiliates/dashboard",
    );
    await page.goto("/affiliates");
    await expect(page.getByRole("link", { name: "Go to dashboard" })).toBeVisible();
  });
});

test.describe("safe links and windows (requirements.md §5)", () => {
  const statusWith = (url: string) => ({
    application: {
      id: 1,
      userId: "1",
      name: "N",
      email: "n@example.com",
      region: "BR",
      message: "",
      status: "pending",
      createdAt: new Date().toISOString(),
      decidedAt: null,
      decisionNote: null,
      channels: [{ type: "website", url, audience: 10 }],
    },
    isAffiliate: false,
  });

  test("an unsafe channel URL is shown without href, with a console warning", async ({ page, context }) => {
    await logIn(context, PLAIN_USER);
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await page.route(apiRoute("myAffiliateApplication"), (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code: "00000", msg: "ok", data: statusWith("javascript:alert(document.cookie)") }),
      }),
    );
    await page.goto("/affiliates/apply");
    const link = page.getByTestId("channel-link");
    await expect(link).toBeVisible();
    expect(await link.getAttribute("href")).toBeNull();
    expect(warnings.some((w) => /unsafe|refused/i.test(w))).toBe(true);
  });

  test("a channel on another origin opens in a new window with no opener", async ({ page, context, baseURL }) => {
    await logIn(context, PLAIN_USER);
    const otherOrigin = baseURL!.replace("localhost", "127.0.0.1");
    await page.route(apiRoute("myAffiliateApplication"), (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ code: "00000", msg: "ok", data: statusWith(`${otherOrigin}/affiliates/fee`) }),
      }),
    );
    await page.goto("/affiliates/apply");
    const [popup] = await Promise.all([context.waitForEvent("page"), page.getByTestId("channel-link").click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${otherOrigin}/affiliates/fee`);
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
  });
});
