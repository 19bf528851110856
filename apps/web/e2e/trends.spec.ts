import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import path from "node:path";
import { AFFILIATE, apiPath, apiRoute, chooseOption, deviceToken, logIn, lookAt } from "./fixtures";
import { dayAgo, reveal } from "./dashboard-helpers";

type Figures = Record<string, number>;
type Summary = { from: string; to: string; totals: Figures; series: (Figures & { day: string })[] };
type Link = { id: number; code: string; label: string; spotShareBps: number; archived: boolean };

const summaryOf = async (context: BrowserContext, from: string, to: string): Promise<Summary> =>
  (
    (await (
      await context.request.get(`${apiPath("affiliateSummary")}?${new URLSearchParams({ from, to }).toString()}`)
    ).json()) as { data: Summary }
  ).data;

const figure = (page: Page, name: string) => page.getByTestId("figures").locator(`[data-figure="${name}"] dd`);
const digits = async (page: Page, name: string) => (await figure(page, name).innerText()).replace(/[^\d]/g, "");

/** Types a custom period into the RangePicker (start, then end) and confirms it. */
async function pickPeriod(page: Page, from: string, to: string) {
  await page.getByTestId("period-custom").click();
  const inputs = page.locator(".bit-picker-range input");
  await expect(inputs).toHaveCount(2);
  await inputs.first().click();
  await inputs.first().fill(from);
  await inputs.first().press("Enter");
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press("Enter");
}

async function createLink(context: BrowserContext, label: string): Promise<Link> {
  const code = `T${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 16);
  const response = await context.request.post(apiPath("linkCreate"), {
    data: { label, code },
    headers: { "dy-token": await deviceToken(context) },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Link }).data;
}

const linksOf = async (context: BrowserContext): Promise<Link[]> =>
  ((await (await context.request.get(apiPath("links"))).json()) as { data: { links: Link[] } }).data.links;

test.describe("dashboard trends, periods, link actions and posters", () => {
  test.beforeEach(async ({ context }) => {
    await logIn(context, AFFILIATE);
  });

  test("a custom period changes the figures and the charts", async ({ page, context }) => {
    await page.goto("/affiliates/dashboard");
    const week = await summaryOf(context, dayAgo(6), dayAgo(0));
    await expect.poll(() => digits(page, "clicks")).toBe(String(week.totals.clicks));

    const [from, to] = [dayAgo(59), dayAgo(30)];
    const custom = await summaryOf(context, from, to);
    expect(custom.series).toHaveLength(30);
    expect(custom.totals.clicks).not.toBe(week.totals.clicks);
    await pickPeriod(page, from, to);
    await expect(page.getByTestId("period-shown")).toHaveAttribute("data-from", from);
    await expect(page.getByTestId("period-shown")).toHaveAttribute("data-to", to);
    await expect.poll(() => digits(page, "clicks")).toBe(String(custom.totals.clicks));
    await expect.poll(() => digits(page, "signups")).toBe(String(custom.totals.signups));

    await reveal(page, "trends");
    const table = page.getByTestId("trend-table-clicks");
    await expect(table.locator("tbody tr")).toHaveCount(30);
    await expect(table.locator("tbody tr").first()).toHaveAttribute("data-day", from);
    await expect(table.locator("tbody tr").last()).toHaveAttribute("data-day", to);
    // The export follows the period too.
    await expect(page.getByTestId("export-csv")).toHaveAttribute(
      "href",
      `${apiPath("commissionsCsv")}?from=${from}&to=${to}`,
    );
  });

  test("each figure has a trend chart whose text alternative matches the series", async ({ page, context }) => {
    await page.goto("/affiliates/dashboard");
    const summary = await summaryOf(context, dayAgo(6), dayAgo(0));
    await reveal(page, "trends");
    const charts = page.getByTestId("trend-charts");
    await expect(charts.locator("figure")).toHaveCount(9);
    for (const name of ["clicks", "signups", "volumeUsdt"]) {
      const chart = page.getByTestId(`trend-${name}`);
      await expect(chart.locator("canvas")).toHaveCount(1);
      const box = await chart.boundingBox();
      expect(box?.height).toBe(160);
      const rows = page.getByTestId(`trend-table-${name}`).locator("tbody tr");
      await expect(rows).toHaveCount(7);
      const values = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-value"))));
      expect(values).toEqual(summary.series.map((d) => d[name]));
      const sum = Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
      expect(sum).toBe(summary.totals[name]);
      // Money with two decimals ("708.60"), counts whole.
      const fraction =
        name === "volumeUsdt" ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 };
      const total = new Intl.NumberFormat("en", fraction).format(summary.totals[name]!);
      await expect(chart).toHaveAttribute("aria-label", new RegExp(`${total.replace(/[.,]/g, "\\$&")} in total`));
    }
    // The canvas really drew the line: some pixels are not the background.
    const drawn = await page
      .getByTestId("trend-clicks")
      .locator("canvas")
      .evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
        return painted;
      });
    expect(drawn).toBeGreaterThan(500);
  });

  test("a period longer than a year is refused with a message, and the figures stay", async ({ page, context }) => {
    await page.goto("/affiliates/dashboard");
    const week = await summaryOf(context, dayAgo(6), dayAgo(0));
    await expect.poll(() => digits(page, "clicks")).toBe(String(week.totals.clicks));
    await pickPeriod(page, dayAgo(400), dayAgo(1));
    await expect(page.getByTestId("period-problem")).toHaveText("Choose a period of at most 366 days (one year).");
    await expect(page.getByTestId("period-shown")).toHaveAttribute("data-from", dayAgo(6));
    expect(await digits(page, "clicks")).toBe(String(week.totals.clicks));
    // The API refuses it as well.
    const refused = await context.request.get(`${apiPath("affiliateSummary")}?from=${dayAgo(400)}&to=${dayAgo(1)}`);
    expect(refused.status()).toBe(400);
    // A year exactly is fine.
    await pickPeriod(page, dayAgo(365), dayAgo(0));
    await expect(page.getByTestId("period-problem")).toHaveText("");
    await expect(page.getByTestId("period-shown")).toHaveAttribute("data-from", dayAgo(365));
  });

  test("edit a link's label, channel and share; archive it off the active list", async ({ page, context }) => {
    const link = await createLink(context, "Before edit");
    await page.goto("/affiliates/dashboard");
    await reveal(page, "links");
    const row = page.getByTestId("links-table").locator(`tr[data-code="${link.code}"]`);
    await expect(row.getByTestId("link-label")).toHaveText("Before edit");
    await row.getByTestId("link-more").click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: `Edit link ${link.code}` });
    await dialog.getByLabel("Label").fill("After edit");
    await chooseOption(page, dialog.getByLabel("Channel"), "Telegram");
    await chooseOption(page, dialog.getByLabel("Spot share to invitees"), "20% of their fees back to invitees");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId("link-label")).toHaveText("After edit");
    await expect(row.getByTestId("link-channel")).toHaveText("Telegram");
    await expect(row.getByTestId("link-spot-share")).toHaveText("20%");
    const saved = (await linksOf(context)).find((l) => l.id === link.id);
    expect(saved).toMatchObject({ label: "After edit", spotShareBps: 2000, archived: false });

    await row.getByTestId("link-more").click();
    await page.getByRole("menuitem", { name: "Archive" }).click();
    await page.locator(".bit-modal-confirm").getByRole("button", { name: "Archive" }).click();
    await expect(row).toHaveCount(0);
    expect((await linksOf(context)).find((l) => l.id === link.id)?.archived).toBe(true);
    await page.reload();
    await reveal(page, "links");
    await expect(page.getByTestId("links-table").locator("tbody tr[data-code]").first()).toBeVisible();
    await expect(page.getByTestId("links-table").locator(`tr[data-code="${link.code}"]`)).toHaveCount(0);

    // Archived links are listed apart and can be restored.
    await page.getByTestId("show-archived").click();
    const archived = page.getByTestId("archived-links").locator(`li[data-code="${link.code}"]`);
    await expect(archived).toContainText("After edit");
    await archived.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByTestId("links-table").locator(`tr[data-code="${link.code}"]`)).toBeVisible();
    expect((await linksOf(context)).find((l) => l.id === link.id)?.archived).toBe(false);
  });

  test("a link's poster downloads as a PNG with the QR code in it", async ({ page, context }) => {
    const link = await createLink(context, "Poster link");
    await page.goto("/affiliates/dashboard");
    await reveal(page, "links");
    const row = page.getByTestId("links-table").locator(`tr[data-code="${link.code}"]`);
    await row.getByRole("button", { name: "Poster" }).click();
    const poster = page.getByTestId("link-poster");
    await expect(poster.locator("img")).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      poster.getByTestId("poster-download").click(),
    ]);
    expect(download.suggestedFilename()).toBe(`referral-${link.code}.png`);
    await download.saveAs(path.resolve(__dirname, "../../../screenshots/trends-poster.png"));
    const png = Buffer.concat(await (await download.createReadStream()).toArray());
    expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([720, 1080]);
    expect(png.length).toBeGreaterThan(10_000);

    // The QR code in the PNG is the link's: its modules match antd's QR canvas pixel for pixel (allowing edge blur).
    const match = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const holder = document.querySelector<HTMLElement>('[data-testid="link-poster"]')!;
      const [x, y, size] = ["data-qr-x", "data-qr-y", "data-qr-size"].map((a) => Number(holder.getAttribute(a)));
      const read = (source: CanvasImageSource, sx: number, sy: number, sw: number, sh: number) => {
        const canvas = document.createElement("canvas");
        canvas.width = size!;
        canvas.height = size!;
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(source, sx, sy, sw, sh, 0, 0, size!, size!);
        return ctx.getImageData(0, 0, size!, size!).data;
      };
      const qrCanvas = holder.querySelector<HTMLCanvasElement>('[data-testid="poster-qr"] canvas')!;
      const fromPoster = read(image, x!, y!, size!, size!);
      const fromQr = read(qrCanvas, 0, 0, qrCanvas.width, qrCanvas.height);
      let same = 0;
      let dark = 0;
      for (let i = 0; i < fromPoster.length; i += 4) {
        const a = fromPoster[i]! < 128;
        const b = fromQr[i]! < 128;
        if (a === b) same++;
        if (b) dark++;
      }
      return { same: same / (fromPoster.length / 4), dark: dark / (fromPoster.length / 4) };
    }, png.toString("base64"));
    expect(match.dark).toBeGreaterThan(0.2);
    expect(match.same).toBeGreaterThan(0.97);
  });

  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 900 },
  ]) {
    test(`the figures, trends and funnel keep their place while the page loads (${viewport.width}px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      // Hold the figures back, so the first measure is taken before anything has arrived.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${apiRoute("affiliateSummary")}**`, async (route) => {
        await held;
        await route.continue();
      });
      const offsets = () =>
        page.evaluate(() => {
          const main = document.querySelector("main")!.getBoundingClientRect().top;
          return ["figures", "funnel"].map((id) =>
            Math.round(document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect().top - main),
          );
        });
      await page.goto("/affiliates/dashboard", { waitUntil: "domcontentloaded" });
      const before = await offsets(); // the pre-rendered frame: account and figures not known yet
      await expect(page.getByTestId("account-name")).toBeVisible();
      release();
      await expect(page.getByTestId("figures")).toHaveAttribute("aria-busy", "false");
      await expect(page.getByTestId("funnel").locator("li .funnel-count")).toHaveCount(5);
      expect(await offsets()).toEqual(before);
    });
  }

  for (const shot of [
    { name: "en-light", path: "/affiliates/dashboard", cls: "theme-white" },
    { name: "en-dark", path: "/affiliates/dashboard?appTheme=dark", cls: "theme-black" },
    { name: "ar-light", path: "/ar/affiliates/dashboard", cls: "theme-white" },
    { name: "ar-dark", path: "/ar/affiliates/dashboard?appTheme=dark", cls: "theme-black" },
  ] as const) {
    test(`screenshot of the dashboard ${shot.name}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(shot.path);
      await expect(page.locator("html")).toHaveClass(new RegExp(shot.cls));
      for (const part of ["trends", "commissions", "level", "links", "invitees"]) await reveal(page, part);
      await expect(page.getByTestId("trend-charts").locator("canvas")).toHaveCount(9);
      await expect(page.locator('section[aria-labelledby="invitees-title"] tbody tr.bit-table-row')).toHaveCount(10);
      await expect(page.locator('section[aria-labelledby="commissions-title"] tbody tr.bit-table-row')).toHaveCount(10);
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => window.scrollTo(0, 0));
      await lookAt(page, {
        path: path.resolve(__dirname, `../../../screenshots/trends-dashboard-${shot.name}.png`),
        fullPage: true,
      });
    });
  }
});
