import { expect, test } from "@playwright/test";
import { decodeParamStr, TRACE_ID_PATTERN } from "@affiliates/contracts";
import { RISK_SDK_PATH } from "@affiliates/device-token";
import { AFFILIATE, apiPath, apiRoute, isApiCall, logIn } from "./fixtures";
import { reveal } from "./dashboard-helpers";

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
    // A first visit has no fingerprint yet (see below): no DeviceId rather than an empty one.
    expect(headers).not.toHaveProperty("deviceid");
    expect(headers["custom-token"]).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(headers.language).toBe("en");
    // requirements.md §3's trace id, a new one per request, handed back by the API.
    expect(headers.traceid).toMatch(TRACE_ID_PATTERN);
    const response = await request.response();
    expect(response?.headers().traceid).toBe(headers.traceid);
  });

  test("a first visit computes no fingerprint; the first sensitive call loads FingerprintJS and carries its DeviceId", async ({
    page,
    context,
  }) => {
    await logIn(context, AFFILIATE);
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    // FingerprintJS's audio source names this; nothing else the product ships does.
    const fingerprintJsLoads = async () =>
      (await Promise.all(scripts)).filter((body) => body.includes("webkitOfflineAudioContext")).length;
    const storedFingerprint = () => page.evaluate(() => window.localStorage.getItem("fingerprint"));

    const [userInfo] = await Promise.all([
      page.waitForRequest((r) => isApiCall(r.url(), "userInfo")),
      page.goto("/affiliates/dashboard"),
    ]);
    expect((await userInfo.allHeaders()).terminalcode).toMatch(/^[0-9a-f]{32}$/);
    expect(await userInfo.allHeaders()).not.toHaveProperty("deviceid");
    await expect.poll(() => statusOf(page)).toBe("success");
    await reveal(page, "links");
    await page.waitForLoadState("networkidle");
    expect(await fingerprintJsLoads()).toBe(0);
    expect(await storedFingerprint()).toBeNull();

    // A sensitive call (a link with a vanity code the demo link already has: refused, nothing is created).
    const form = page.getByTestId("link-form");
    await form.getByTestId("link-label-input").fill("E2E fingerprint");
    await form.getByTestId("link-code-input").fill("AURORA10");
    const [create] = await Promise.all([
      page.waitForRequest((r) => isApiCall(r.url(), "linkCreate") && r.method() === "POST"),
      form.getByTestId("link-create").click(),
    ]);
    const headers = await create.allHeaders();
    expect(headers.deviceid).toMatch(/^\w{8,}$/);
    expect(headers["dy-token"]).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(await storedFingerprint()).toBe(headers.deviceid);
    expect(await fingerprintJsLoads()).toBe(1);

    // The next page reads it back: every request carries it, and FingerprintJS is not loaded again.
    const [next] = await Promise.all([page.waitForRequest((r) => isApiCall(r.url(), "userInfo")), page.reload()]);
    expect((await next.allHeaders()).deviceid).toBe(headers.deviceid);
    await page.waitForLoadState("networkidle");
    expect(await fingerprintJsLoads()).toBe(1);
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
