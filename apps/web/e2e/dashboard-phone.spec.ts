import path from "node:path";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { AFFILIATE, apiPath, deviceToken, isApiCall, logIn, lookAt } from "./fixtures";
import { reveal } from "./dashboard-helpers";

/**
 * The affiliate dashboard on a phone: nothing scrolls sideways, the data tables are cards whose main actions are in
 * reach of the thumb, refusals read once in the user's language next to their field, and the level card and poster say
 * what they mean. On a laptop the same data stays in tables.
 */
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;
const LAPTOP = { width: 1366, height: 900 } as const;
/** The demo affiliate's own link (apps/api seeds it): its code is taken for everyone, case-insensitively. */
const DEMO_CODE = "aurora10";
const SHOTS = path.resolve(__dirname, "screenshots");
/** Parts of the dashboard below the fold, loaded as they come near the viewport. */
const PARTS = ["payouts", "commissions", "level", "links", "invitees"] as const;

type Link = { id: number; code: string };
type Level = {
  progress: { newTraders: number; volumeUsdt: number };
  next: { monthlyNewTraders: number; monthlyVolumeUsdt: number } | null;
};

const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

/** Loads the dashboard and every part below the fold, checking after each that the page still fits the width. */
async function openDashboard(page: Page, prefix = ""): Promise<void> {
  await page.goto(`${prefix}/affiliates/dashboard`);
  await expect(page.getByTestId("figures")).toHaveAttribute("aria-busy", "false");
  expect(await scrollsSideways(page), "figures").toBe(false);
  for (const part of PARTS) {
    await reveal(page, part);
    expect(await scrollsSideways(page), part).toBe(false);
  }
}

/** The card (antd List item) of a link, found by the code its heading carries. */
const linkCard = (page: Page, code: string) =>
  page
    .getByTestId("links-table")
    .locator(".bit-list-item")
    .filter({ has: page.locator(`[data-testid="link-label"][data-code="${code}"]`) });

/** A button a thumb can reach: wholly inside the viewport once scrolled to, and at least 44 px tall. */
async function expectReachable(page: Page, button: Locator, label: string): Promise<void> {
  await button.scrollIntoViewIfNeeded();
  await expect(button, label).toBeVisible();
  const box = await button.boundingBox();
  const viewport = page.viewportSize();
  expect(box, label).not.toBeNull();
  expect(viewport).not.toBeNull();
  expect(box!.height, `${label} height`).toBeGreaterThanOrEqual(44);
  expect(box!.x, `${label} start`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${label} end`).toBeLessThanOrEqual(viewport!.width);
  expect(box!.y, `${label} top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${label} bottom`).toBeLessThanOrEqual(viewport!.height);
}

async function createLink(
  context: BrowserContext,
  shares: { spotShareBps: number; futuresShareBps: number },
): Promise<Link> {
  const code = `P${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 16);
  const response = await context.request.post(apiPath("linkCreate"), {
    data: { label: "Poster check", code, ...shares },
    headers: { "dy-token": await deviceToken(context) },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Link }).data;
}

test.describe("the dashboard on a phone", () => {
  test.beforeEach(async ({ context }) => {
    await logIn(context, AFFILIATE);
  });

  for (const viewport of PHONES) {
    test(`${viewport.width}x${viewport.height}: no sideways scroll; links, commissions and invitees are cards with Copy link and Poster in reach`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openDashboard(page);

      for (const table of ["links-table", "commissions-table", "invitees-table"]) {
        const holder = page.getByTestId(table);
        await expect(holder.locator(".bit-list-item").first(), table).toBeVisible();
        await expect(holder.locator(".bit-table"), table).toHaveCount(0);
      }
      // The statement is cards too (an affiliate with no entry yet gets a sentence, never a table).
      await expect(page.getByTestId("statement").locator(".bit-table")).toHaveCount(0);

      const card = linkCard(page, DEMO_CODE);
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId("link-code")).toHaveText(DEMO_CODE);
      await expect(card.getByTestId("link-period-clicks")).toBeVisible();
      await expectReachable(page, card.getByTestId("link-copy"), "Copy link");
      await expect(card.getByTestId("link-copy")).toHaveText("Copy link");
      await expectReachable(page, card.getByTestId("link-poster-open"), "Poster");
      await expect(card.getByTestId("link-poster-open")).toHaveText("Poster");
      await expectReachable(page, card.getByTestId("link-more"), "More");

      // The rarer actions open from "More", each a row of at least 44 px.
      await card.getByTestId("link-more").click();
      for (const name of ["QR code", "Edit", "Archive"]) {
        const item = page.getByRole("menuitem", { name });
        await expect(item).toBeVisible();
        // Measured once the menu's opening zoom has ended (mid-animation the box is scaled down).
        await expect
          .poll(async () => (await item.boundingBox())?.height ?? 0, { message: name })
          .toBeGreaterThanOrEqual(44);
      }
      expect(await scrollsSideways(page), "with the menu open").toBe(false);
      await card.getByTestId("link-more").click();
      await expect(page.getByRole("menuitem", { name: "Edit" })).toBeHidden();

      if (viewport.width === 390) {
        for (const part of ["links", "invitees"] as const) {
          await page.locator(`[data-deferred="${part}"] h2`).first().scrollIntoViewIfNeeded();
          await lookAt(page, { path: `${SHOTS}/dashboard-phone-${part}-en-390.png` });
        }
      }
    });
  }

  test("390 px: the first view mounts no antd; a part brings antd with the dashboard's colours as it comes near", async ({
    page,
  }) => {
    await page.setViewportSize(PHONES[0]);
    await page.goto("/affiliates/dashboard");
    await expect(page.getByTestId("figures")).toHaveAttribute("aria-busy", "false");
    await page.waitForLoadState("networkidle");
    // Nothing of antd's on screen, so no provider derived its theme or injected its styles (issue 20).
    const antd = () =>
      page.evaluate(() => ({
        styles: document.querySelectorAll("style[data-rc-order], style[data-css-hash]").length,
        parts: document.querySelectorAll("[class^='bit-'], [class*=' bit-']").length,
      }));
    expect(await antd()).toEqual({ styles: 0, parts: 0 });

    await reveal(page, "payouts");
    const withdraw = page.getByTestId("withdraw-button");
    await expect(withdraw).toBeVisible();
    expect((await antd()).styles).toBeGreaterThan(0);
    // The island's own providers: the spec's prefix and the dashboard's primary colour (DASHBOARD_TOKENS.White).
    await expect(withdraw).toHaveClass(/\bbit-btn-primary\b/);
    expect(await withdraw.evaluate((button) => getComputedStyle(button).getPropertyValue("--bit-color-primary"))).toBe(
      "#027d93",
    );
  });

  test("390 px, Arabic: no sideways scroll, the links are cards", async ({ page }) => {
    await page.setViewportSize(PHONES[0]);
    await openDashboard(page, "/ar");
    await expect(linkCard(page, DEMO_CODE)).toHaveCount(1);
    await expectReachable(page, linkCard(page, DEMO_CODE).getByTestId("link-copy"), "Copy link (ar)");
    await page.locator('[data-deferred="links"] h2').first().scrollIntoViewIfNeeded();
    await lookAt(page, { path: `${SHOTS}/dashboard-phone-links-ar-390.png` });
  });

  test("1366x900: links, commissions and invitees stay tables", async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await openDashboard(page);
    await expect(page.getByTestId("links-table").locator(`.bit-table tr[data-code="${DEMO_CODE}"]`)).toHaveCount(1);
    await expect(
      page.getByTestId("commissions-table").locator(".bit-table tbody tr.bit-table-row").first(),
    ).toBeVisible();
    await expect(page.getByTestId("invitees-table").locator(".bit-table tbody tr.bit-table-row").first()).toBeVisible();
    for (const table of ["links-table", "commissions-table", "invitees-table"])
      await expect(page.getByTestId(table).locator(".bit-list-item"), table).toHaveCount(0);
    // The links table's action column lines up with its rows: Copy link sits inside the link's row.
    const row = page.getByTestId("links-table").locator(`tr[data-code="${DEMO_CODE}"]`);
    const [rowBox, copyBox] = [await row.boundingBox(), await row.getByTestId("link-copy").boundingBox()];
    expect(copyBox!.y).toBeGreaterThanOrEqual(rowBox!.y);
    expect(copyBox!.y + copyBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height);
  });

  for (const locale of ["ja", "ar"] as const) {
    test(`a taken vanity code is said once, next to the field, in ${locale} (no code, no English, no toast)`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONES[0]);
      await page.goto(`/${locale}/affiliates/dashboard`);
      await reveal(page, "links");
      const form = page.getByTestId("link-form");
      await expect(form).toHaveAttribute("novalidate", "");
      await form.getByTestId("link-label-input").fill("E2E taken");
      // Taken case-insensitively: the demo link's code in capitals.
      await form.getByTestId("link-code-input").fill(DEMO_CODE.toUpperCase());
      const [response] = await Promise.all([
        page.waitForResponse((r) => isApiCall(r.url(), "linkCreate") && r.request().method() === "POST"),
        form.getByTestId("link-create").click(),
      ]);
      expect(((await response.json()) as { code: string }).code).toBe("10004");

      const codeItem = form.locator(".bit-form-item").filter({ has: page.getByTestId("link-code-input") });
      const errors = codeItem.locator(".bit-form-item-explain-error");
      await expect(errors).toHaveCount(1);
      const text = (await errors.innerText()).trim();
      expect(text.length).toBeGreaterThan(4);
      expect(text, "no [code]").not.toMatch(/[[\]]/);
      expect(text, "no Latin letters (no English)").not.toMatch(/[A-Za-z]/);
      // Said once: the request client did not toast it as well.
      await page.waitForLoadState("networkidle");
      await expect(page.locator(".bit-message-notice", { hasText: text })).toHaveCount(0);
      // Nothing was created.
      await expect(linkCard(page, DEMO_CODE.toUpperCase())).toHaveCount(0);
    });
  }

  test("the vanity code's format is stated under the field and checked before sending; a tap draws no ripple", async ({
    page,
  }) => {
    await page.setViewportSize(PHONES[0]);
    await page.goto("/affiliates/dashboard");
    await reveal(page, "links");
    const form = page.getByTestId("link-form");
    await expect(form.getByTestId("link-code-help")).toHaveText(/4–16 letters \(A–Z\) or digits \(0–9\)/);
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && isApiCall(request.url(), "linkCreate")) posts++;
    });
    await form.getByTestId("link-label-input").fill("E2E format");
    await form.getByTestId("link-code-input").fill("my-code");
    // antd's click wave mounts a React root in the tap's frame: the forms go without it (issue 36's INP).
    await page.evaluate(() => {
      const seen = { waves: 0 };
      Object.assign(window, { seen });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element && (node.matches("[class*='-wave']") || node.querySelector("[class*='-wave']")))
              seen.waves++;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await form.getByTestId("link-create").click();
    const codeItem = form.locator(".bit-form-item").filter({ has: page.getByTestId("link-code-input") });
    await expect(codeItem.locator(".bit-form-item-explain-error")).toHaveText(
      "Use 4–16 letters (A–Z) or digits (0–9) only, with no spaces or symbols.",
    );
    await page.waitForLoadState("networkidle");
    expect(posts).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { seen: { waves: number } }).seen.waves)).toBe(0);
  });

  test("a double tap on Create, or Enter then a tap, creates one link (the submit waits for a paint)", async ({
    page,
  }) => {
    await page.setViewportSize(PHONES[0]);
    await page.goto("/affiliates/dashboard");
    await reveal(page, "links");
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && isApiCall(request.url(), "linkCreate")) posts++;
    });
    const form = page.getByTestId("link-form");
    const create = form.getByTestId("link-create");
    for (const [label, submit] of [
      ["E2E double tap", () => create.dblclick()],
      [
        "E2E enter and tap",
        () =>
          form
            .getByTestId("link-label-input")
            .press("Enter")
            .then(() => create.click()),
      ],
    ] as const) {
      const before = posts;
      await form.getByTestId("link-label-input").fill(label);
      await submit();
      // Created: the form is emptied, and the new link is on the page once.
      await expect(form.getByTestId("link-label-input")).toHaveValue("");
      await page.waitForLoadState("networkidle");
      expect(posts - before, label).toBe(1);
      await expect(page.getByTestId("links-table").getByText(label, { exact: true })).toHaveCount(1);
    }
  });

  test("the level card says, for each goal of the next level, done / needed and whether it is reached", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(PHONES[0]);
    const level = ((await (await context.request.get(apiPath("affiliateLevel"))).json()) as { data: Level }).data;
    expect(level.next).not.toBeNull();
    await page.goto("/affiliates/dashboard");
    await reveal(page, "level");
    const card = page.getByTestId("level-card");
    await expect(card.getByTestId("level-goal")).toHaveCount(2);
    const count = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
    const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
    const goals = [
      {
        name: "traders",
        current: level.progress.newTraders,
        target: level.next!.monthlyNewTraders,
        show: (n: number) => count.format(n),
      },
      {
        name: "volume",
        current: level.progress.volumeUsdt,
        target: level.next!.monthlyVolumeUsdt,
        show: (n: number) => compact.format(n),
      },
    ];
    for (const { name, current, target, show } of goals) {
      const goal = card.locator(`[data-goal="${name}"]`);
      const met = current >= target;
      await expect(goal).toHaveAttribute("data-met", String(met));
      await expect(goal.locator("strong")).toHaveText(`${show(current)} / ${show(target)}`);
      await expect(goal.getByTestId("level-goal-state")).toHaveText(
        met ? "Goal reached" : `${show(target - current)} to go`,
      );
      await expect(goal.getByRole("progressbar")).toHaveAttribute(
        "aria-valuenow",
        String(met ? 100 : Math.floor((current / target) * 100)),
      );
    }
    // "90 of 15" is gone: no count reads as a fraction of a smaller goal.
    await expect(card).not.toContainText(/this month: [\d,]+ of [\d,]+/);
  });

  test("a poster advertises only the shares an invitee gets (never a 0 % rebate)", async ({ page, context }) => {
    const none = await createLink(context, { spotShareBps: 0, futuresShareBps: 0 });
    const spotOnly = await createLink(context, { spotShareBps: 1000, futuresShareBps: 0 });
    await page.setViewportSize(PHONES[0]);
    await page.goto("/affiliates/dashboard");
    await reveal(page, "links");
    const rebateOf = async (code: string) => {
      await linkCard(page, code).getByTestId("link-poster-open").click();
      const poster = page.getByTestId("link-poster");
      await expect(poster.locator("img")).toBeVisible();
      const rebate = ((await poster.getAttribute("data-rebate")) ?? "").replace(/[\u2066-\u2069]/g, "");
      await page.keyboard.press("Escape");
      await expect(poster).toHaveCount(0);
      return rebate;
    };
    const withoutShare = await rebateOf(none.code);
    expect(withoutShare).toBe("Sign up with my code and start trading");
    const withSpot = await rebateOf(spotOnly.code);
    expect(withSpot).toBe("Your fee rebate: spot 10%");
    for (const text of [withoutShare, withSpot]) expect(text).not.toMatch(/(^|\D)0\s?%/);
  });

  test("a section whose call fails offers a retry, and the retry loads it", async ({ page }) => {
    await page.setViewportSize(PHONES[0]);
    await page.route(/\/v1\/affiliate\/links(\?|$)/, (route) =>
      route.request().method() === "GET" ? route.fulfill({ status: 503, body: "unavailable" }) : route.continue(),
    );
    await page.goto("/affiliates/dashboard");
    await reveal(page, "links");
    const section = page.locator('section[aria-labelledby="links-title"]');
    await expect(section.getByTestId("load-failed")).toBeVisible();
    await expect(section.getByTestId("links-table")).toHaveCount(0);
    await page.unroute(/\/v1\/affiliate\/links(\?|$)/);
    await section.getByTestId("load-retry").click();
    await expect(linkCard(page, DEMO_CODE)).toHaveCount(1);
    await expect(section.getByTestId("load-failed")).toHaveCount(0);
  });
});
