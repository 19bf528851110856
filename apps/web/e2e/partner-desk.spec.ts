import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  ADMIN_HEADERS,
  AFFILIATE,
  apiPath,
  chooseOption,
  deviceToken,
  isApiCall,
  logIn,
  openRiskFlag,
  releaseRiskHold,
  showFeeCalculator,
  lookAt,
} from "./fixtures";
import { dayAgo, reveal } from "./dashboard-helpers";

/**
 * The professional partner's desk (issue 34): every invitee by a UID unique in the book (table, search, CSV), a
 * statement whose entries sum to the balance after feed → settle → withdraw, every time with its zone (the viewer's,
 * here Tokyo, GMT+9), invitee filters and page sizes, chart values by tap and keys, the summary first on a phone, every
 * link column in view at 1366 px, and the fee calculator reading German numbers.
 */
const SHOTS = path.resolve(__dirname, "screenshots");
const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1366, height: 900 } as const;
const ZONE = "Asia/Tokyo";

type Envelope<T> = { code: string; data: T };
type InviteePage = { items: { uid: string; registeredAt: string; kyc: boolean }[]; total: number };

test.use({ timezoneId: ZONE });

async function invitees(context: BrowserContext, query: Record<string, string> = {}): Promise<InviteePage> {
  const response = await context.request.get(`${apiPath("invitees")}?${new URLSearchParams(query).toString()}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as Envelope<InviteePage>).data;
}

/** A CSV's records (RFC 4180: quoted fields may hold commas), without the byte-order mark. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n") {
      rows.push([...row, field.replace(/\r$/, "")]);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows;
}

/** "2026-11-28 09:00:00" of an ISO moment on Tokyo's clock (no daylight saving: UTC+9 all year). */
const tokyo = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);

/** "12,345.67" (en) → 1234567 cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, "")) * 100);

async function openDesk(page: Page, url = "/affiliates/dashboard"): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId("desk-summary")).toBeVisible();
  await expect(page.getByTestId("desk-balance").locator("dd")).toContainText(/\d/);
}

test.describe("identity: one UID per invitee", () => {
  test("the table at 100 a page, search by part of a UID, and the CSV of the whole book (en, 1366 px)", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(LAPTOP);
    await logIn(context, AFFILIATE);
    const book = await invitees(context, { pageSize: "10" });
    expect(book.total).toBeGreaterThanOrEqual(3000);
    await openDesk(page);
    await reveal(page, "invitees");
    const section = page.locator('section[aria-labelledby="invitees-title"]');
    await expect(section.getByTestId("zone-note")).toHaveAttribute("data-zone", ZONE);
    await expect(section.getByTestId("zone-note")).toContainText("GMT+9");
    await expect(section.getByRole("columnheader", { name: "UID" })).toBeVisible();
    await expect(section.getByRole("columnheader", { name: /Volume, lifetime \(USDT\)/ })).toBeVisible();

    // 100 a page: 100 rows, 100 different UIDs.
    await chooseOption(page, section.locator(".bit-pagination-options").getByRole("combobox"), "100", { shows: "100" });
    const rows = section.locator("tbody tr.bit-table-row");
    await expect(rows).toHaveCount(100);
    const uids = await rows.locator("td:first-child").allInnerTexts();
    expect(uids.every((uid) => /^\d{10}$/.test(uid.trim()))).toBe(true);
    expect(new Set(uids).size).toBe(100);

    // Part of a UID finds only invitees whose UID holds it; the whole UID exactly one.
    const target = (uids[37] ?? "").trim();
    const search = section.getByTestId("invitee-search").locator("input");
    await search.fill(target.slice(2, 7));
    await search.press("Enter");
    await expect(section.getByTestId("invitee-count")).not.toContainText(book.total.toLocaleString("en-US"));
    const found = await rows.locator("td:first-child").allInnerTexts();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((uid) => uid.includes(target.slice(2, 7)))).toBe(true);
    await search.fill(target);
    await search.press("Enter");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator("td").first()).toHaveText(target);
    await lookAt(page, { path: `${SHOTS}/desk-invitee-search-en-1366.png` });
    await search.fill("");
    await search.press("Enter");
    await expect(rows).toHaveCount(100);

    // The CSV of the whole book: every invitee once by UID, times on Tokyo's clock with the zone in the header,
    // yes/no in words, newest first, no internal ids.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByTestId("export-invitees-csv").click(),
    ]);
    const [header, ...records] = csvRows(readFileSync(await download.path(), "utf8"));
    expect(header).toEqual([
      "UID",
      "Registered (GMT+9)",
      "KYC",
      "First deposit (GMT+9)",
      "First trade (GMT+9)",
      "Volume (USDT)",
      "Commission (USDT)",
      "Link code",
    ]);
    const all = await invitees(context, { pageSize: "10" });
    expect(records).toHaveLength(all.total);
    expect(new Set(records.map((r) => r[0])).size).toBe(all.total);
    expect(records.every((r) => /^\d{10}$/.test(r[0] ?? ""))).toBe(true);
    expect(new Set(records.map((r) => r[2]))).toEqual(new Set(["Yes", "No"]));
    const registered = records.map((r) => r[1] ?? "");
    expect(registered).toEqual([...registered].sort().reverse());
    // The newest sign-up's time, on Tokyo's clock (several may share it: ties are ordered by UID).
    const newest = (await invitees(context, { pageSize: "10" })).items[0];
    expect(records[0]?.[1]).toBe(tokyo(newest?.registeredAt ?? ""));
  });

  test("filters: traded, KYC and sign-up days match the API's counts (en, 1366 px)", async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(LAPTOP);
    await logIn(context, AFFILIATE);
    await openDesk(page);
    await reveal(page, "invitees");
    const section = page.locator('section[aria-labelledby="invitees-title"]');
    const count = section.getByTestId("invitee-count");
    const shows = async (query: Record<string, string>) => {
      const { total } = await invitees(context, { pageSize: "10", ...query });
      await expect(count).toHaveText(`Matching invitees: ${total.toLocaleString("en-US")}`);
      return total;
    };
    await chooseOption(page, section.getByTestId("invitee-filter-traded").locator("input"), "Not traded yet");
    const never = await shows({ traded: "no" });
    await chooseOption(page, section.getByTestId("invitee-filter-kyc").locator("input"), "Verified");
    const both = await shows({ traded: "no", kyc: "yes" });
    expect(both).toBeLessThan(never);
    await section.getByLabel("Signed up between: Start date").fill(dayAgo(90));
    await section.getByLabel("Signed up between: End date").fill(dayAgo(30));
    await shows({ traded: "no", kyc: "yes", registeredFrom: dayAgo(90), registeredTo: dayAgo(30) });
    await lookAt(page, { path: `${SHOTS}/desk-invitee-filters-en-1366.png` });
    await section.getByTestId("invitee-filter-clear").click();
    await shows({});
  });
});

/**
 * Gives the logged-in affiliate a settled credit today, as withdrawal-confirm.spec does: a new user binds one of their
 * codes, the exchange feeds a fill (100 USDT fee), the operator releases the same-machine hold and settles the day.
 */
async function feedAndSettle(browser: Browser, context: BrowserContext): Promise<void> {
  const query = new URLSearchParams({ from: dayAgo(6), to: dayAgo(0) });
  const links = (await (await context.request.get(`${apiPath("links")}?${query.toString()}`)).json()) as Envelope<{
    links: { code: string; archived: boolean }[];
  }>;
  const code = links.data.links.find((link) => !link.archived)?.code;
  const friend = await browser.newContext();
  let userId: string;
  try {
    const registered = await friend.request.post(apiPath("register"), {
      data: { email: `desk-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, password: "Friend#2026-e2e" },
      headers: { "dy-token": await deviceToken(friend) },
    });
    userId = ((await registered.json()) as Envelope<{ userId: string }>).data.userId;
    const bound = await friend.request.post(apiPath("referrerBind"), {
      data: { code },
      headers: { "dy-token": await deviceToken(friend) },
    });
    expect(bound.status()).toBe(200);
  } finally {
    await friend.close();
  }
  const flag = await openRiskFlag(context.request, userId);
  if (flag) await releaseRiskHold(context.request, flag.id);
  const trade = {
    tradeId: `e2e-desk-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    userId,
    market: "spot",
    notional: 20_000,
    fee: 100,
    feeCurrency: "USDT",
    time: new Date().toISOString(),
  };
  expect(
    (
      await context.request.post(apiPath("adminTrades"), { headers: ADMIN_HEADERS, data: { trades: [trade] } })
    ).status(),
  ).toBe(200);
  expect(
    (await context.request.post(`${apiPath("adminSettle")}?day=${dayAgo(0)}`, { headers: ADMIN_HEADERS })).status(),
  ).toBe(200);
}

/**
 * The statement as the page shows it: its sum line's figures (credits, voids, withdrawals, the signed adjustments when
 * there are any, the balance), and the first row.
 */
async function statementOnPage(page: Page) {
  const sum = await page.getByTestId("statement-sum").innerText();
  const figures = [...sum.matchAll(/[+\-−]?[\d,]+\.\d{2}/g)].map((m) => centsOf(m[0].replace("−", "-")));
  const [credits, voids, payouts] = figures.map(Math.abs);
  const first = page.getByTestId("statement-row").first();
  return {
    credits: credits ?? NaN,
    voids: voids ?? NaN,
    payouts: payouts ?? NaN,
    adjustments: figures.length === 5 ? (figures[3] ?? NaN) : 0,
    balance: figures.at(-1) ?? NaN,
    first,
    firstKind: await first.getAttribute("data-kind"),
  };
}

test("the statement sums to the balance after feed → settle → withdraw, times in the viewer's zone (en, 1366 px)", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(LAPTOP);
  await logIn(context, AFFILIATE);
  await feedAndSettle(browser, context);
  await openDesk(page);
  await reveal(page, "payouts");
  await expect(page.getByTestId("statement-row").first()).toBeVisible();

  let st = await statementOnPage(page);
  expect(st.credits - st.voids - st.payouts + st.adjustments).toBe(st.balance);
  const balanceCents = centsOf(await page.getByTestId("payout-balance").locator("dd").innerText());
  expect(balanceCents).toBe(st.balance);
  // One source: the summary's balance and pending are the balance section's.
  expect(centsOf(await page.getByTestId("desk-balance").locator("dd").innerText())).toBe(balanceCents);
  expect(await page.getByTestId("desk-pending").locator("dd").innerText()).toBe(
    await page.getByTestId("payout-pending").locator("dd").innerText(),
  );
  // The newest entry is today's credit, split by market and link, and its balance is the balance.
  expect(st.firstKind).toBe("settlement");
  await expect(st.first.getByTestId("statement-parts")).toContainText("Spot ·");
  await expect(st.first).toContainText("GMT+9");
  expect(centsOf((await st.first.locator("td").last().innerText()) ?? "")).toBe(balanceCents);
  // Settlement at 00:00 UTC is 09:00 on Tokyo's clock: both are said, on a 24-hour clock.
  await expect(page.getByTestId("payout-next-settlement")).toContainText(/09:00\s?GMT\+9/);
  await expect(page.getByTestId("payout-next-settlement")).toContainText(/00:00\s?UTC/);
  await page.getByTestId("statement").scrollIntoViewIfNeeded();
  await lookAt(page, { path: `${SHOTS}/desk-statement-en-1366.png` });

  await page.getByTestId("withdraw-button").click();
  const dialog = page.getByRole("dialog", { name: "Withdraw your balance?" });
  await dialog.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByTestId("payout-balance")).toContainText("0.00");
  await expect(page.getByTestId("statement-row").first()).toHaveAttribute("data-kind", "payout");
  st = await statementOnPage(page);
  expect(st.balance).toBe(0);
  expect(st.credits - st.voids - st.payouts + st.adjustments).toBe(0);
  expect(centsOf(await st.first.locator("td").nth(3).innerText())).toBe(-balanceCents);
  await expect(st.first).toContainText("Spot wallet");
  await expect(page.getByTestId("desk-balance").locator("dd")).toContainText("0.00");

  // The exchange books a goodwill credit: a row with its reason, named in the sum, which still makes the balance.
  const reason = `Goodwill credit for ticket ${Date.now()}`;
  const booked = await context.request.post(apiPath("adminLedgerAdjustment"), {
    headers: ADMIN_HEADERS,
    data: { userId: AFFILIATE.userId, amountUsdt: 5, reason, reference: `e2e-${Date.now()}` },
  });
  expect(booked.status()).toBe(200);
  await page.getByTestId("desk-refresh").click();
  await expect(page.getByTestId("statement-row").first()).toHaveAttribute("data-kind", "adjustment");
  st = await statementOnPage(page);
  await expect(st.first.getByTestId("statement-note")).toHaveText(reason);
  await expect(st.first).toContainText("Adjustment");
  await expect(page.getByTestId("statement-sum")).toContainText("adjustments");
  expect(st.balance).toBe(500);
  expect(st.credits - st.voids - st.payouts + st.adjustments).toBe(500);
  await expect(page.getByTestId("desk-balance").locator("dd")).toContainText("5.00");
});

test("a chart's values read by keyboard and by tap (en, 390 px, touch)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, timezoneId: ZONE });
  const page = await context.newPage();
  try {
    await logIn(context, AFFILIATE);
    await openDesk(page);
    await reveal(page, "trends");
    const reader = page.getByTestId("trend-reader-clicks");
    const reading = page.getByTestId("trend-reading-clicks");
    const days = page.getByTestId("trend-table-clicks").locator("tbody tr");
    await expect(days).toHaveCount(7);
    const lastDay = await days.last().getAttribute("data-day");
    const lastValue = await days.last().locator("td").innerText();
    await reader.focus();
    await page.keyboard.press("End");
    await expect(reading).toHaveAttribute("data-day", lastDay ?? "");
    await expect(reading).toContainText(lastValue);
    await expect(reader).toHaveAttribute("aria-valuetext", /.+: .+/);
    await page.keyboard.press("ArrowLeft");
    await expect(reading).toHaveAttribute("data-day", (await days.nth(5).getAttribute("data-day")) ?? "");
    await page.keyboard.press("Home");
    await expect(reading).toHaveAttribute("data-day", (await days.first().getAttribute("data-day")) ?? "");
    // A tap near the chart's right edge reads the last day.
    const box = await reader.boundingBox();
    expect(box).not.toBeNull();
    await reader.tap({ position: { x: box!.width - 4, y: box!.height / 2 } });
    await expect(reading).toHaveAttribute("data-day", lastDay ?? "");
    await reader.scrollIntoViewIfNeeded();
    await lookAt(page, { path: `${SHOTS}/desk-chart-reading-en-390.png` });
  } finally {
    await context.close();
  }
});

test("on a phone the summary comes first, jump links lead to each section, freshness and refresh (en, 390 px)", async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  await logIn(context, AFFILIATE);
  let statementCalls = 0;
  page.on("request", (request) => {
    if (isApiCall(request.url(), "statement")) statementCalls++;
  });
  await openDesk(page);
  const summary = page.getByTestId("desk-summary");
  const top = (await summary.boundingBox())?.y ?? Infinity;
  expect(top).toBeLessThan(PHONE.height);
  for (const figure of ["desk-balance", "desk-pending", "desk-today", "desk-period"])
    await expect(page.getByTestId(figure).locator("dd")).toContainText(/\d/);
  await expect(page.getByTestId("desk-freshness")).toContainText(/Updated .*(now|second|seconds) ago|Updated now/);
  const before = statementCalls;
  await page.getByTestId("desk-refresh").click();
  await expect.poll(() => statementCalls).toBeGreaterThan(before);
  await lookAt(page, { path: `${SHOTS}/desk-summary-en-390.png` });
  await page.getByTestId("desk-jump").getByRole("link", { name: "Invitees" }).click();
  await expect(page).toHaveURL(/#desk-invitees$/);
  await expect(page.locator("#desk-invitees")).toBeInViewport();
});

test("at 1366 px every link column is in view, and the headline amounts are not clipped (en)", async ({
  page,
  context,
}) => {
  await page.setViewportSize(LAPTOP);
  await logIn(context, AFFILIATE);
  await openDesk(page);
  await reveal(page, "links");
  const table = page.getByTestId("links-table").locator(".bit-table-content").first();
  await expect(table).toBeVisible();
  const fits = await table.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits, "the links table scrolls sideways at 1366 px").toBe(true);
  for (const name of [
    "First trades (period)",
    "Volume, period (USDT)",
    "Commission, period (USDT)",
    "Sign-ups (all time)",
  ])
    await expect(page.getByTestId("links-table").getByRole("columnheader", { name })).toBeInViewport();
  const clipped = await page
    .getByTestId("figures")
    .locator("dd")
    .evaluateAll((dds) => dds.filter((dd) => dd.scrollWidth > dd.clientWidth + 1).map((dd) => dd.textContent));
  expect(clipped).toEqual([]);
  await page.getByTestId("links-table").scrollIntoViewIfNeeded();
  await lookAt(page, { path: `${SHOTS}/desk-links-en-1366.png` });
});

test("the German fee calculator reads 1.000,50 as one thousand and a half", async ({ page }) => {
  await page.goto("/de/affiliates/fee");
  await showFeeCalculator(page);
  const field = page.getByTestId("fee-calc-volume");
  const amount = page.getByTestId("fee-calc-amount");
  await field.fill("1000,5");
  await field.blur();
  await expect(amount).toBeVisible();
  const thousandAndAHalf = await amount.innerText();
  await field.fill("1.000,50");
  await field.blur();
  await expect(field).toHaveValue("1.000,5");
  await expect(amount).toHaveText(thousandAndAHalf);
  await lookAt(page, { path: `${SHOTS}/desk-fee-calculator-de-390.png` });
});

test("the German fee calculator refuses 1.5 with a message, and keeps what was typed", async ({ page }) => {
  await page.goto("/de/affiliates/fee");
  await showFeeCalculator(page);
  const field = page.getByTestId("fee-calc-volume");
  await field.fill("1.5");
  await field.blur();
  await expect(page.getByText("Geben Sie das Volumen im Zahlenformat dieser Seite ein, z. B. 1.000,50.")).toBeVisible();
  await expect(field).toHaveValue("1.5");
  await expect(page.getByTestId("fee-calc-amount")).toHaveCount(0);
  // Corrected, the message goes and the fee shows.
  await field.fill("1,5");
  await expect(page.getByText("Geben Sie das Volumen im Zahlenformat dieser Seite ein, z. B. 1.000,50.")).toHaveCount(
    0,
  );
  await expect(page.getByTestId("fee-calc-amount")).toBeVisible();
});

// The desk in four languages, light and dark, on a phone and a laptop: the summary, and the statement under the balance.
for (const locale of ["en", "de", "ja", "ar"] as const) {
  test(`screenshots: the desk in ${locale}, light and dark, 390 and 1366 px`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await logIn(context, AFFILIATE);
    const prefix = locale === "en" ? "" : `/${locale}`;
    for (const theme of ["light", "dark"] as const) {
      for (const viewport of [PHONE, LAPTOP]) {
        await page.setViewportSize(viewport);
        await openDesk(page, `${prefix}/affiliates/dashboard?appTheme=${theme}`);
        if (locale === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expect(page.getByTestId("desk-summary").getByTestId("zone-note")).toHaveCount(0);
        await lookAt(page, { path: `${SHOTS}/desk-summary-${locale}-${theme}-${viewport.width}.png` });
        await reveal(page, "payouts");
        await expect(page.getByTestId("statement-row").first()).toBeVisible();
        // The zone as the language names it (en/de "GMT+9", ja "JST", ar "غرينتش+9"), and its IANA name.
        await expect(page.getByTestId("statement").getByTestId("zone-note")).toHaveAttribute("data-zone", ZONE);
        await expect(page.getByTestId("statement").getByTestId("zone-note")).toContainText(ZONE);
        await page.getByTestId("statement").scrollIntoViewIfNeeded();
        await lookAt(page, { path: `${SHOTS}/desk-statement-${locale}-${theme}-${viewport.width}.png` });
      }
    }
  });
}
