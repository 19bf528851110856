import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";

const htmlClass = async (page: import("@playwright/test").Page) =>
  (await page.locator("html").getAttribute("class")) ?? "";

test.describe("themes (requirements.md §2)", () => {
  test("an always-dark page ignores appTheme=light and the cookie", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: "Light", url: baseURL! }]);
    await page.goto("/affiliates?appTheme=light");
    expect(await htmlClass(page)).toContain("theme-black");
    await expect(page.locator(".theme-toggle")).toHaveCount(0);
  });

  test("/fee follows appTheme", async ({ page }) => {
    await page.goto("/affiliates/fee?appTheme=dark");
    expect(await htmlClass(page)).toContain("theme-black");
    await page.goto("/affiliates/fee?appTheme=anything");
    expect(await htmlClass(page)).toContain("theme-white");
  });

  test("/fee defaults to white and the toggle persists dark in the cookie", async ({ page, context }) => {
    await page.goto("/affiliates/fee");
    expect(await htmlClass(page)).toContain("theme-white");
    await waitForHydration(page, ".theme-toggle"); // the chunks come after the first paint (lib/after-paint.ts)
    await page.locator(".theme-toggle").click();
    expect(await htmlClass(page)).toContain("theme-black");
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("Dark");
    await page.reload();
    // server-rendered dark from the first byte: no flash of the light theme
    const html = await (await page.request.get("/affiliates/fee")).text();
    expect(html).toMatch(/<html[^>]*class="theme-black"/);
    expect(await htmlClass(page)).toContain("theme-black");
    await waitForHydration(page, ".theme-toggle");
    await page.locator(".theme-toggle").click();
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("Light");
  });
});
