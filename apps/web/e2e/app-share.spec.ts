import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { nativeHostSimulatorScript } from "@affiliates/bridge/simulator";
import { apiPath, logIn, lookAt } from "./fixtures";
import { reveal } from "./dashboard-helpers";

/**
 * Issue 33: the poster, the QR code and the copy buttons inside the app: the app's `share`, `saveImage` and `copy`
 * (docs/bridge.md §3, from 2.61.0), and below that version the image with a long-press hint (a WebView has no Web
 * Share and ignores downloads). The simulator records what the app was asked to do.
 */
const UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const SHOTS = path.resolve(__dirname, "../../../screenshots");
const USER = {
  code: "00000",
  data: {
    userInfo: { userId: "8012345678", mobile: "+1 415****2671", email: "af****@example.com" },
    settings: { mbf: 1, ebf: 1, gbf: 1, tbf: 1, tpi: "1", tpl: 0, kf: 2, oo: 1, oc: 1, ob: 1, eef: 1, mef: 1, gef: 1 },
    loginName: "af****@example.com",
    userName: "Aurora Affiliate",
  },
};

type Host = {
  clipboard: string[];
  savedImages: { image: string; fileName: string | null }[];
  shared: { text: string | null; url: string | null; image: string | null }[];
};
const host = (page: Page) =>
  page.evaluate(() => {
    const h = (window as unknown as { __nativeHost: Host }).__nativeHost;
    return { clipboard: [...h.clipboard], savedImages: [...h.savedImages], shared: [...h.shared] };
  });

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function dashboardInApp(browser: Browser, version: string, prefix: string, dark = false): Promise<Page> {
  const context = await browser.newContext({
    userAgent: `${UA} ExchangeApp/${version}`,
    viewport: { width: 390, height: 844 },
    colorScheme: dark ? "dark" : "light",
  });
  contexts.push(context);
  await logIn(context);
  await context.addInitScript({
    content: nativeHostSimulatorScript({
      platform: "android",
      version,
      answers: { [`request:${apiPath("userInfo")}`]: USER },
    }),
  });
  const page = await context.newPage();
  await page.goto(`${prefix}/affiliates/dashboard${dark ? "?appTheme=dark" : ""}`);
  await reveal(page, "links");
  return page;
}

const firstCard = (page: Page) => page.getByTestId("links-table").locator(".bit-list-item").first();

test.describe("share, save image and copy in the app (issue 33)", () => {
  test("2.61.0 (ja): the poster is saved and shared through the app with a Japanese caption; copy goes to the app", async ({
    browser,
  }) => {
    const page = await dashboardInApp(browser, "2.61.0", "/ja");
    const card = firstCard(page);
    await card.getByTestId("link-copy").click();
    await expect.poll(async () => (await host(page)).clipboard.length).toBe(1);
    const url = (await host(page)).clipboard[0]!;
    expect(url).toMatch(/\/register\?ref=/);

    await card.getByTestId("link-poster-open").click();
    const poster = page.getByTestId("link-poster");
    await expect(poster.getByTestId("poster-image")).toBeVisible();
    await expect(poster.getByTestId("poster-download")).toHaveCount(0); // a WebView would ignore it
    await poster.getByTestId("poster-save").click();
    await expect.poll(async () => (await host(page)).savedImages.length).toBe(1);
    const [saved] = (await host(page)).savedImages;
    expect(saved!.image).toMatch(/^data:image\/png;base64,/);
    expect(saved!.fileName).toMatch(/^referral-[A-Z0-9]+\.png$/);
    await expect(page.locator(".bit-message-notice").filter({ hasText: "画像を写真に保存しました" })).toBeVisible();
    await lookAt(page, { path: `${SHOTS}/issue33-app-poster-ja-390.png` });

    await poster.getByTestId("poster-share").click();
    await expect.poll(async () => (await host(page)).shared.length).toBe(1);
    const [shared] = (await host(page)).shared;
    expect(shared!.url).toBe(url);
    expect(shared!.text).toContain("紹介コード");
    expect(shared!.image).toMatch(/^data:image\/png;base64,/);
    await page.keyboard.press("Escape");

    // The QR code: saved and shared the same way.
    await card.getByTestId("link-more").click();
    await page.getByRole("menuitem").nth(0).click();
    const qr = page.getByRole("dialog").getByTestId("link-qr");
    await qr.getByTestId("qr-save").click();
    await expect.poll(async () => (await host(page)).savedImages.length).toBe(2);
    expect((await host(page)).savedImages[1]!.fileName).toMatch(/^qr-[A-Z0-9]+\.png$/);
    await qr.getByTestId("qr-share").click();
    await expect.poll(async () => (await host(page)).shared.length).toBe(2);
    await lookAt(page, { path: `${SHOTS}/issue33-app-qr-ja-390.png` });
  });

  for (const [prefix, dark] of [
    ["", false],
    ["/ar", true],
  ] as const) {
    test(`2.60.0${prefix}${dark ? " dark" : ""}: no way to save or share but the image itself, with a long-press hint`, async ({
      browser,
    }) => {
      const page = await dashboardInApp(browser, "2.60.0", prefix, dark);
      await firstCard(page).getByTestId("link-poster-open").click();
      const poster = page.getByTestId("link-poster");
      await expect(poster.getByTestId("poster-long-press")).toBeVisible();
      await expect(poster.getByTestId("poster-image")).toHaveAttribute("src", /^data:image\/png;base64,/);
      await expect(poster.getByTestId("poster-download")).toHaveCount(0);
      await expect(poster.getByTestId("poster-save")).toHaveCount(0);
      expect((await host(page)).savedImages).toEqual([]);
      await lookAt(page, {
        path: `${SHOTS}/issue33-app-poster-old${prefix.replace("/", "-")}${dark ? "-dark" : ""}-390.png`,
      });
    });
  }
});
