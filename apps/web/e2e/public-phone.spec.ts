import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { localePath, type Locale } from "@affiliates/locales";
import { PAGES, type PageKey } from "../src/lib/pages";
import { AFFILIATE, apiPath, logIn, showFeeCalculator, lookAt } from "./fixtures";

/**
 * The public programme and VIP pages on a phone: their data tables become cards of "label: value" lines below 768 px
 * (the labels from each cell's `data-label`, the header row hidden) and stay tables on a laptop; nothing scrolls
 * sideways and no caption is cut off; the fee calculator refuses out-of-range volumes next to the field and starts
 * from the user's VIP level; a failed programme call offers a retry that loads the data. Screenshots of each page at
 * 390 px (looked at, not compared) go to e2e/screenshots/ (git-ignored).
 */
const SHOTS = path.resolve(__dirname, "screenshots");
const PHONE = { width: 390, height: 844 } as const;
const SMALL_PHONE = { width: 360, height: 740 } as const;
const LAPTOP = { width: 1366, height: 900 } as const;
const LOCALES: readonly Locale[] = ["en", "ar"];
/** Sub-pixel rounding of layout boxes. */
const SLACK_PX = 1;
/** useApi's automatic retries (src/lib/use-api.ts): a failed call is sent this many more times, 2, 4 and 8 s apart. */
const API_RETRIES = 3;

/** Every page below /affiliates that a visitor can open (and the VIP detail page, behind a login), with its data tables. */
const PUBLIC_PAGES: readonly { page: PageKey; tables: readonly string[] }[] = [
  { page: "home", tables: ["levels-table"] },
  { page: "fee", tables: ["fee-table"] },
  { page: "vipIntroduce", tables: ["vip-qualify-table", "vip-fees-table", "vip-benefits-table"] },
  { page: "vipDetail", tables: ["vip-my-fees"] },
  { page: "vipGuide", tables: [] },
  { page: "vipAirdrop", tables: [] },
  { page: "broker", tables: ["broker-tiers"] },
  { page: "marketMaker", tables: ["maker-tiers"] },
  { page: "institutional", tables: [] },
  { page: "institutionalPro", tables: [] },
  { page: "incubation", tables: ["incubation-cohorts"] },
];

const dataRows = (table: Locator) => table.locator("tbody tr:not(.placeholder-row)");

/** Opens a page and waits until its tables hold their figures (no placeholder rows left) and the network is quiet. */
async function openPage(page: Page, url: string, tables: readonly string[]): Promise<void> {
  await page.goto(url);
  await expect(page.locator("main")).toBeVisible();
  for (const testId of tables) {
    const table = page.getByTestId(testId);
    await expect(table.locator("tbody tr.placeholder-row")).toHaveCount(0);
    await expect(dataRows(table).first()).toBeVisible();
  }
  await page.waitForLoadState("networkidle");
}

/** How wide the document is against its viewport: scrolling sideways means the first is larger. */
const documentWidths = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
  });

/** A caption's box against its text and the viewport: cut off when its text is wider than it, or it runs off-screen. */
const captionBox = (table: Locator) =>
  table.locator("caption").evaluate((caption) => {
    const box = caption.getBoundingClientRect();
    return {
      scroll: caption.scrollWidth,
      client: caption.clientWidth,
      left: box.left,
      right: box.right,
      viewport: document.documentElement.clientWidth,
    };
  });

/** The first data row as the phone (or laptop) shows it: display of row and cells, each cell's label and the header texts. */
const firstRowLayout = (table: Locator) =>
  table.evaluate((element) => {
    const row = element.querySelector<HTMLTableRowElement>("tbody tr:not(.placeholder-row)");
    const cells = [...(row?.querySelectorAll<HTMLTableCellElement>("td") ?? [])];
    const headers = [...element.querySelectorAll("thead th")].map((th) => (th.textContent ?? "").trim());
    return {
      rowDisplay: row ? getComputedStyle(row).display : "",
      cells: cells.map((cell) => ({
        label: cell.dataset.label ?? "",
        display: getComputedStyle(cell).display,
        before: getComputedStyle(cell, "::before").content,
        right: cell.getBoundingClientRect().right,
      })),
      // The first header names the row headers (the cards' headings); the others name the cells, in order.
      cellHeaders: headers.slice(1),
      viewport: document.documentElement.clientWidth,
    };
  });

async function expectCards(table: Locator, where: string): Promise<void> {
  await expect(table.locator("thead"), where).toBeHidden();
  const layout = await firstRowLayout(table);
  expect(layout.rowDisplay, `${where}: a row is a card`).toBe("block");
  expect(layout.cells.length, `${where}: the card has its cells`).toBeGreaterThan(0);
  // Each cell is labelled with its own column's name, and shows it before its value.
  expect(
    layout.cells.map((cell) => cell.label),
    `${where}: cell labels`,
  ).toEqual(layout.cellHeaders);
  for (const cell of layout.cells) {
    expect(cell.label, where).not.toBe("");
    expect(cell.display, `${where}: "${cell.label}" is a label: value line`).toBe("flex");
    // Chromium reports the rule as written (attr(data-label)) or the label it resolves to: either way the label shows.
    expect([`attr(data-label)`, JSON.stringify(cell.label)], `${where}: "${cell.label}" shows its label`).toContain(
      cell.before,
    );
    expect(cell.right, `${where}: "${cell.label}" fits the screen`).toBeLessThanOrEqual(layout.viewport + SLACK_PX);
  }
  await expect(dataRows(table).first().locator("td").first(), where).toBeVisible();
}

async function expectTable(table: Locator, where: string): Promise<void> {
  await expect(table.locator("thead"), where).toBeVisible();
  const layout = await firstRowLayout(table);
  expect(layout.rowDisplay, `${where}: rows stay table rows`).toBe("table-row");
  for (const cell of layout.cells) {
    expect(cell.display, where).toBe("table-cell");
    expect(["none", "normal"], `${where}: no label inside the cell`).toContain(cell.before);
  }
}

async function expectFits(page: Page, tables: readonly string[], where: string): Promise<void> {
  const widths = await documentWidths(page);
  expect(widths.scroll, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(widths.client + SLACK_PX);
  for (const testId of tables) {
    const caption = await captionBox(page.getByTestId(testId));
    expect(caption.scroll, `${where} ${testId}: caption cut off`).toBeLessThanOrEqual(caption.client + SLACK_PX);
    expect(caption.left, `${where} ${testId}: caption starts off-screen`).toBeGreaterThanOrEqual(-SLACK_PX);
    expect(caption.right, `${where} ${testId}: caption ends off-screen`).toBeLessThanOrEqual(
      caption.viewport + SLACK_PX,
    );
    await expect(page.getByTestId(testId).locator("caption")).toBeVisible();
  }
}

test.describe("public pages on a phone: tables as cards, nothing wider than the screen", () => {
  for (const { page: key, tables } of PUBLIC_PAGES) {
    for (const locale of LOCALES) {
      const url = localePath(locale, PAGES[key].path);
      test(`${key} in ${locale}: cards at ${PHONE.width} px, tables at ${LAPTOP.width} px`, async ({
        page,
        context,
      }) => {
        if (PAGES[key].requiresLogin) await logIn(context, AFFILIATE);
        await page.setViewportSize(PHONE);
        await openPage(page, url, tables);
        for (const testId of tables) await expectCards(page.getByTestId(testId), `${url} ${PHONE.width}px ${testId}`);
        await expectFits(page, tables, `${url} ${PHONE.width}px`);
        await lookAt(page, { path: path.join(SHOTS, `public-${key}-${locale}-${PHONE.width}.png`), fullPage: true });

        await page.setViewportSize(SMALL_PHONE);
        for (const testId of tables)
          await expectCards(page.getByTestId(testId), `${url} ${SMALL_PHONE.width}px ${testId}`);
        await expectFits(page, tables, `${url} ${SMALL_PHONE.width}px`);

        await page.setViewportSize(LAPTOP);
        for (const testId of tables) await expectTable(page.getByTestId(testId), `${url} ${LAPTOP.width}px ${testId}`);
        await expectFits(page, tables, `${url} ${LAPTOP.width}px`);
      });
    }
  }
});

test.describe("fee calculator on a phone", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  const volumeOf = (page: Page) => page.getByLabel("Trade volume (USDT)");
  const amountOf = (page: Page) => page.getByTestId("fee-calc-amount");

  test('"-5" is refused next to the field and clears the last result', async ({ page }) => {
    await page.goto(localePath("en", PAGES.fee.path));
    await showFeeCalculator(page);
    const volume = volumeOf(page);
    await volume.fill("250000");
    await expect(amountOf(page)).toHaveText("250.00 USDT"); // VIP0 spot maker, 0.10 %
    await volume.fill("-5");
    await expect(page.getByText("Enter a volume greater than 0.")).toBeVisible();
    await expect(volume).toHaveAttribute("aria-invalid", "true");
    await expect(amountOf(page)).toHaveCount(0);
    await expect(page.getByTestId("fee-calc-result")).toContainText("Enter a volume to see the fee.");
    await volume.fill("0");
    await expect(page.getByText("Enter a volume greater than 0.")).toBeVisible();
    await expect(amountOf(page)).toHaveCount(0);
  });

  test("1e30 is refused, and never printed as a 31-digit number; a large fee is compact", async ({ page }) => {
    await page.goto(localePath("en", PAGES.fee.path));
    await showFeeCalculator(page);
    const volume = volumeOf(page);
    await volume.fill("1e30");
    await expect(page.getByText("Enter a volume of at most 1,000,000,000,000 USDT.")).toBeVisible();
    await expect(amountOf(page)).toHaveCount(0);
    await volume.press("Tab");
    expect(await volume.inputValue()).not.toMatch(/\d{16}/);
    expect(await page.locator("main").innerText()).not.toMatch(/\d{16}/);
    expect((await documentWidths(page)).scroll).toBeLessThanOrEqual(PHONE.width + SLACK_PX);

    // The largest volume accepted: its fee (VIP0 spot maker, 0.10 %) is a billion, shown compact.
    await volume.fill("1000000000000");
    await expect(page.getByText("Enter a volume of at most 1,000,000,000,000 USDT.")).toHaveCount(0);
    await expect(amountOf(page)).toHaveText("1B USDT");
  });

  test("a visitor starts at VIP0; the VIP2 affiliate starts at VIP2", async ({ page, context }) => {
    await page.goto(localePath("en", PAGES.fee.path));
    await showFeeCalculator(page);
    await expect(page.getByTestId("fee-calc-level")).toContainText("VIP0");
    await expect(page.getByTestId("fee-calc-result")).toHaveAttribute("data-level", "0");

    await logIn(context, AFFILIATE);
    await page.goto(localePath("en", PAGES.fee.path));
    await showFeeCalculator(page);
    await expect(page.getByTestId("fee-calc-level")).toContainText("VIP2");
    await expect(page.getByTestId("fee-calc-result")).toHaveAttribute("data-level", "2");
    await volumeOf(page).fill("250000");
    await expect(amountOf(page)).toHaveText("162.50 USDT"); // VIP2 spot maker, 0.065 %
  });
});

/**
 * Makes every call to `pathname` fail (as a dropped connection) until `heal()`; counts the failed attempts, so a test
 * can wait until the automatic retries are over and know that what loads afterwards came from the retry button.
 */
async function breakCall(page: Page, pathname: string) {
  let broken = true;
  let failures = 0;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (!broken) return route.continue();
      failures += 1;
      return route.abort("failed");
    },
  );
  return { failures: () => failures, heal: () => void (broken = false) };
}

test.describe("a failed call offers a retry", () => {
  test("the programme: a failing call changes nothing, the offer came with the page", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const call = await breakCall(page, apiPath("affiliateProgramme"));
    await page.goto(localePath("en", PAGES.home.path));
    await page.waitForLoadState("networkidle");
    await expect(dataRows(page.getByTestId("levels-table"))).toHaveCount(3);
    await expect(page.getByTestId("headline-rate")).toContainText("50%");
    await expect(page.getByTestId("load-failed")).toHaveCount(0);
    expect(call.failures()).toBe(0); // the browser never asked: the server rendered the offer into the page
  });

  test("the VIP status on the fee page: the calculator says so, and the retry brings the user's level", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await logIn(context, AFFILIATE);
    await page.setViewportSize(PHONE);
    const call = await breakCall(page, apiPath("vipStatus"));
    await page.goto(localePath("en", PAGES.fee.path));
    await showFeeCalculator(page);
    const failed = page.getByTestId("load-failed");
    await expect(failed).toContainText("Your VIP level could not be loaded, so the calculator starts at VIP0.");
    await expect(page.getByTestId("fee-calc-level")).toContainText("VIP0");
    await expect.poll(call.failures, { timeout: 40_000 }).toBe(1 + API_RETRIES);

    call.heal();
    await page.getByTestId("load-retry").click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByTestId("fee-calc-level")).toContainText("VIP2");
  });
});
