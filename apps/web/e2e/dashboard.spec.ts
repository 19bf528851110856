import { expect, test } from "@playwright/test";
import { logIn, PLAIN_USER } from "./fixtures";

type Summary = { totals: { clicks: number }; funnel: { step: string; count: number }[] };

test.describe("affiliate dashboard (issue 9, in part)", () => {
  test("an approved affiliate sees the period's figures, the funnel, the level, and exports the period's CSV", async ({ page, context }) => {
    await logIn(context);
    await page.goto("/affiliates/dashboard");
    const figures = page.getByTestId("figures");
    await expect(figures.locator(".figure")).toHaveCount(9);
    const clicksOf = async () => (await figures.locator('[data-figure="clicks"] dd').innerText()).replace(/[^\d]/g, "");

    const range = (days: number) => {
      const today = new Date();
      const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1)));
      return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
    };
    const summaryOf = async (days: number) =>
      ((await (await context.request.get(`/v1/affiliate/summary?${new URLSearchParams(range(days)).toString()}`)).json()) as { data: Summary }).data;

    const week = await summaryOf(7);
    await expect.poll(clicksOf).toBe(String(week.totals.clicks));
    await expect(page.getByTestId("funnel").locator("li")).toHaveCount(5);
    await expect(page.getByTestId("level-card")).toContainText("Lv2");

    const month = await summaryOf(30);
    await page.getByRole("button", { name: "Last 30 days" }).click();
    await expect(page.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(clicksOf).toBe(String(month.totals.clicks));
    expect(month.totals.clicks).toBeGreaterThan(week.totals.clicks);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    const csv = await (await download.createReadStream()).toArray();
    const rows = Buffer.concat(csv).toString("utf8").trim().split("\n");
    const listed = ((await (await context.request.get(`/v1/affiliate/commissions?${new URLSearchParams({ ...range(30), pageSize: "10" }).toString()}`)).json()) as {
      data: { total: number };
    }).data;
    expect(rows.length - 1).toBe(listed.total);
  });

  test("a plain user is pointed to the application, not shown figures", async ({ page, context }) => {
    await logIn(context, PLAIN_USER);
    await page.goto("/affiliates/dashboard");
    await expect(page.getByTestId("not-affiliate")).toBeVisible();
    await expect(page.getByTestId("figures")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Apply to the affiliate programme" })).toHaveAttribute("href", "/affiliates/apply");
  });
});
