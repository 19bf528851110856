import { expect, test } from "@playwright/test";
import path from "node:path";
import { AFFILIATE, logIn, PLAIN_USER, lookAt, SCREENSHOTS_WANTED } from "./fixtures";

/** Screenshots to look at (not compared): English and Arabic, light and dark. Saved under screenshots/ (git-ignored). */
const SHOTS = [
  { name: "home-en-dark", path: "/affiliates", cls: "theme-black" },
  { name: "home-ar-dark", path: "/ar/affiliates", cls: "theme-black" },
  { name: "fee-en-light", path: "/affiliates/fee", cls: "theme-white" },
  { name: "fee-en-dark", path: "/affiliates/fee?appTheme=dark", cls: "theme-black" },
  { name: "fee-ar-light", path: "/ar/affiliates/fee", cls: "theme-white" },
  { name: "fee-ar-dark", path: "/ar/affiliates/fee?appTheme=dark", cls: "theme-black" },
  { name: "apply-en-light", path: "/affiliates/apply", cls: "theme-white", login: PLAIN_USER },
  { name: "apply-en-dark", path: "/affiliates/apply?appTheme=dark", cls: "theme-black", login: PLAIN_USER },
  { name: "apply-ar-light", path: "/ar/affiliates/apply", cls: "theme-white", login: PLAIN_USER },
  { name: "apply-ar-dark", path: "/ar/affiliates/apply?appTheme=dark", cls: "theme-black", login: PLAIN_USER },
  { name: "dashboard-ar-light", path: "/ar/affiliates/dashboard", cls: "theme-white", login: AFFILIATE },
  { name: "dashboard-en-dark", path: "/affiliates/dashboard?appTheme=dark", cls: "theme-black", login: AFFILIATE },
] as const;

// These tests exist for their pictures: without E2E_SCREENSHOTS=1 (fixtures.ts) there is nothing for them to do.
test.skip(!SCREENSHOTS_WANTED, "screenshots are taken with E2E_SCREENSHOTS=1");

for (const shot of SHOTS) {
  test(`screenshot ${shot.name}`, async ({ page, context }) => {
    if ("login" in shot) await logIn(context, shot.login);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(shot.path);
    await expect(page.locator("html")).toHaveClass(new RegExp(shot.cls));
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    await lookAt(page, { path: path.resolve(__dirname, `../../../screenshots/${shot.name}.png`), fullPage: true });
  });
}
