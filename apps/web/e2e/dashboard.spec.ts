import { expect, test } from "@playwright/test";
import { apiPath, chooseOption, logIn, PLAIN_USER } from "./fixtures";
import { reveal } from "./dashboard-helpers";

type Summary = { totals: { clicks: number }; funnel: { step: string; count: number }[] };

test.describe("affiliate dashboard (in part)", () => {
  test("an approved affiliate sees the period's figures, the funnel, the level, and exports the period's CSV", async ({
    page,
    context,
  }) => {
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
      (
        (await (
          await context.request.get(`${apiPath("affiliateSummary")}?${new URLSearchParams(range(days)).toString()}`)
        ).json()) as { data: Summary }
      ).data;

    const week = await summaryOf(7);
    await expect.poll(clicksOf).toBe(String(week.totals.clicks));
    await expect(page.getByTestId("funnel").locator("li")).toHaveCount(5);
    await reveal(page, "level");
    await expect(page.getByTestId("level-card")).toContainText("Lv2");
    await page.evaluate(() => window.scrollTo(0, 0));

    const month = await summaryOf(30);
    await page.getByRole("button", { name: "Last 30 days" }).click();
    await expect(page.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(clicksOf).toBe(String(month.totals.clicks));
    expect(month.totals.clicks).toBeGreaterThan(week.totals.clicks);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString("utf8");
    // UTF-8 with a byte-order mark, the header row in the page's language.
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = text.slice(1).trim().split("\n");
    const listed = (
      (await (
        await context.request.get(
          `${apiPath("commissions")}?${new URLSearchParams({ ...range(30), pageSize: "10" }).toString()}`,
        )
      ).json()) as {
        data: { total: number };
      }
    ).data;
    expect(rows.length - 1).toBe(listed.total);

    // The CSV's lines are the table's: the first page of records, newest first, same invitees and days.
    await reveal(page, "commissions");
    const header = rows[0]!.split(",");
    const [dayAt, inviteeAt] = [header.indexOf("Trade day"), header.indexOf("Invitee UID")];
    expect(dayAt).toBeGreaterThanOrEqual(0);
    expect(inviteeAt).toBeGreaterThanOrEqual(0);
    const records = page.locator('section[aria-labelledby="commissions-title"] tbody tr.bit-table-row');
    await expect(records).toHaveCount(10);
    for (let i = 0; i < 3; i++) {
      const cells = rows[i + 1]!.split(",");
      await expect(records.nth(i).locator("td").nth(1)).toHaveText(cells[inviteeAt]!);
      const shownDay = await records.nth(i).locator("td").first().innerText();
      expect(new Date(`${shownDay} UTC`).toISOString().slice(0, 10)).toBe(cells[dayAt]);
    }
  });

  test("create a link with a 10% share: it is listed with its QR code, and the link opens the sign-up page", async ({
    page,
    context,
    request,
  }) => {
    await logIn(context);
    await page.goto("/affiliates/dashboard");
    const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 16);
    await reveal(page, "links");
    const form = page.getByTestId("link-form");
    await form.getByLabel("Label").fill("E2E channel");
    await form.getByLabel("Vanity code (optional)").fill(code);
    await chooseOption(page, form.getByLabel("Spot share to invitees"), "10% of their fees back to invitees");
    await form.getByRole("button", { name: "Create link" }).click();
    const row = page.getByTestId("links-table").locator(`tr[data-code="${code}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId("link-spot-share")).toHaveText("10%");
    await expect(row.getByTestId("link-futures-share")).toHaveText("0%");
    // The QR code is one of the row's "More" actions, shown in a dialog.
    await row.getByTestId("link-more").click();
    await page.getByRole("menuitem", { name: "QR code" }).click();
    const qr = page.getByRole("dialog").getByTestId("link-qr");
    await expect(qr.locator("canvas")).toBeVisible();
    const url = await qr.getAttribute("data-value");
    expect(url).toMatch(new RegExp(`/register\\?ref=${code}$`));
    const signup = await request.get(new URL(url!).pathname + new URL(url!).search);
    expect(signup.status()).toBe(200);
    expect(await signup.text()).toContain('name="email"');
    // the API kept it: a reload lists it again
    await page.reload();
    await reveal(page, "links");
    await expect(page.getByTestId("links-table").locator(`tr[data-code="${code}"]`)).toBeVisible();
  });

  test("invitees: server-side pages and sorting match the API", async ({ page, context }) => {
    await logIn(context);
    type Page = { data: { items: { uid: string; volumeUsdt: number }[]; total: number } };
    const api = async (query: Record<string, string>) =>
      (
        (await (
          await context.request.get(
            `${apiPath("invitees")}?${new URLSearchParams({ pageSize: "10", ...query }).toString()}`,
          )
        ).json()) as Page
      ).data;
    await page.goto("/affiliates/dashboard");
    await reveal(page, "invitees");
    const section = page.locator('section[aria-labelledby="invitees-title"]');
    const table = section.locator(".bit-table");
    const firstUser = () => table.locator("tbody tr.bit-table-row").first().locator("td").first().innerText();
    const first = await api({ page: "1" });
    expect(first.total).toBeGreaterThan(10);
    await expect(table.locator("tbody tr.bit-table-row")).toHaveCount(10);
    await expect.poll(firstUser).toBe(first.items[0]!.uid);

    await section.locator(".bit-pagination-item-2").click();
    const second = await api({ page: "2" });
    await expect.poll(firstUser).toBe(second.items[0]!.uid);

    await table.getByRole("columnheader", { name: /Volume/ }).click(); // ascending
    await table.getByRole("columnheader", { name: /Volume/ }).click(); // descending
    const byVolume = await api({ page: "1", sort: "volume", order: "desc" });
    await expect.poll(firstUser).toBe(byVolume.items[0]!.uid);
  });

  test("a plain user is pointed to the application, not shown figures", async ({ page, context }) => {
    await logIn(context, PLAIN_USER);
    await page.goto("/affiliates/dashboard");
    await expect(page.getByTestId("not-affiliate")).toBeVisible();
    await expect(page.getByTestId("figures")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Apply to the affiliate programme" })).toHaveAttribute(
      "href",
      "/affiliates/apply",
    );
  });
});
