import { expect, test } from "@playwright/test";
import { decodeParamStr, TRACE_ID_PATTERN } from "@affiliates/contracts";
import { RISK_SDK_PATH } from "@affiliates/device-token";
import { apiPath, apiRoute, isApiCall } from "./fixtures";

const statusOf = (page: import("@playwright/test").Page) => page.locator("html").getAttribute("data-device-token");

test.describe("device token (requirements.md §3, §4, §9)", () => {
  test("a fresh visitor gets a 40-character token cookie for 7 days", async ({ page, context }) => {
    await page.goto("/affiliates");
    await expect.poll(() => statusOf(page)).toBe("success");
    const cookie = (await context.cookies()).find((c) => c.name === "dy_token");
    expect(cookie?.value).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 7 * 86400))).toBeLessThan(120);
    const expiry = await page.evaluate(() => window.localStorage.getItem("dy_token_expires"));
    expect(Number(expiry)).toBeGreaterThan(Date.now());
  });

  test("no refresh while the page is hidden; a due refresh when it is visible again", async ({ page }) => {
    await page.clock.install();
    const issued: string[] = [];
    page.on("request", (r) => {
      if (isApiCall(r.url(), "deviceTokenIssue")) issued.push(r.url());
    });
    await page.goto("/affiliates");
    await expect.poll(() => statusOf(page)).toBe("success");
    expect(issued).toHaveLength(1);
    const setVisibility = (state: "hidden" | "visible") =>
      page.evaluate((value) => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => value });
        Object.defineProperty(document, "hidden", { configurable: true, get: () => value === "hidden" });
        document.dispatchEvent(new Event("visibilitychange"));
      }, state);
    await setVisibility("hidden");
    await page.clock.runFor(2 * 1200 * 1000);
    await page.waitForTimeout(300);
    expect(issued).toHaveLength(1);
    await setVisibility("visible");
    await expect.poll(() => issued.length).toBe(2);
  });

  test("a blocked SDK script gives error status and the page still works", async ({ page }) => {
    await page.route("**/affiliates/static/device-token-sdk.js", (route) => route.abort());
    await page.goto("/affiliates/fee");
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe("error");
    await expect(page.getByTestId("fee-table").locator("tbody tr")).toHaveCount(8);
    await page.locator(".theme-toggle").click();
    await expect(page.locator("html")).toHaveClass(/theme-black/);
  });

  test("login without a valid dy-token is refused; with the page's token it succeeds", async ({ page, context }) => {
    await page.goto("/affiliates");
    await expect.poll(() => statusOf(page)).toBe("success");
    const token = (await context.cookies()).find((c) => c.name === "dy_token")?.value ?? "";
    const credentials = { email: "affiliate@example.com", password: "Affiliate#2026" };
    const refused = await page.request.post(apiPath("login"), { data: credentials, headers: { "dy-token": "" } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("22001");
    const forged = await page.request.post(apiPath("login"), {
      data: credentials,
      headers: { "dy-token": "A".repeat(40) },
    });
    expect(forged.status()).toBe(403);
    const accepted = await page.request.post(apiPath("login"), { data: credentials, headers: { "dy-token": token } });
    expect(accepted.status()).toBe(200);
  });

  test("requests carry the terminal identity and, once issued, the custom token", async ({ page }) => {
    // The airdrop list is asked by the browser on every visit (the fee schedule now comes with the page).
    await page.goto("/affiliates/vip/new-coin-airdrop");
    await expect.poll(() => statusOf(page)).toBe("success");
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("custom_token"))).not.toBeNull();
    const [request] = await Promise.all([page.waitForRequest(apiRoute("vipAirdrops")), page.reload()]);
    const headers = await request.allHeaders();
    expect(headers.terminaltype).toBe("1");
    expect(headers.terminalcode).toMatch(/^[0-9a-f]{32}$/);
    expect(headers.deviceid).toMatch(/^\w{8,}$/);
    expect(headers["custom-token"]).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(headers.language).toBe("en");
    // requirements.md §3's trace id, a new one per request, handed back by the API.
    expect(headers.traceid).toMatch(TRACE_ID_PATTERN);
    const response = await request.response();
    expect(response?.headers().traceid).toBe(headers.traceid);
  });

  test("the risk SDK (requirements.md §7) loads lazily: for a new custom token only, and its device information is sent", async ({
    page,
  }) => {
    const sdkLoads: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === RISK_SDK_PATH) sdkLoads.push(r.url());
    });
    const [report] = await Promise.all([page.waitForRequest(apiRoute("riskLogReport")), page.goto("/affiliates")]);
    const { paramStr } = JSON.parse(report.postData() ?? "{}") as { paramStr: string };
    const params = decodeParamStr(paramStr) as { deviceInfo: Record<string, unknown> };
    expect(params.deviceInfo).toMatchObject({ riskSdk: "sdk", screen: expect.stringMatching(/^\d+x\d+$/) });
    expect(sdkLoads).toHaveLength(1);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("custom_token"))).not.toBeNull();

    // With a custom token under 24 h old, nothing asks for device information: the script is not fetched.
    await page.reload();
    await expect.poll(() => statusOf(page)).toBe("success");
    await page.waitForTimeout(500);
    expect(sdkLoads).toHaveLength(1);
    expect(await page.evaluate((name) => name in window, "ExchangeRiskSDK")).toBe(false);
  });

  test("a blocked risk SDK script: the custom token is still issued, with the page's own device information", async ({
    page,
  }) => {
    await page.route(`**${RISK_SDK_PATH}`, (route) => route.abort());
    const [report] = await Promise.all([page.waitForRequest(apiRoute("riskLogReport")), page.goto("/affiliates/fee")]);
    const { paramStr } = JSON.parse(report.postData() ?? "{}") as { paramStr: string };
    expect((decodeParamStr(paramStr) as { deviceInfo: Record<string, unknown> }).deviceInfo).toMatchObject({
      riskSdk: "unavailable",
    });
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("custom_token"))).not.toBeNull();
  });
});
