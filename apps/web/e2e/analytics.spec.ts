import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiPath, isApiCall } from "./fixtures";

const ADMIN = { "x-admin-token": "e2e-admin-token" };
type StoredEvent = Record<string, unknown> & {
  event_id: string;
  type: string;
  page_status?: string;
  url?: string;
  event_tracking_id?: string;
  device_id?: string;
};

async function storedEvents(request: APIRequestContext, query: string): Promise<StoredEvent[]> {
  const response = await request.get(`${apiPath("adminAnalyticsEvents")}?limit=500&${query}`, { headers: ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { events: StoredEvent[] } }).data.events;
}
/** Analytics has started on this device (after the login state is known, from its own chunk): its first show event is stored. */
async function analyticsStarted(request: APIRequestContext, since: number, deviceId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await storedEvents(request, `type=page&since=${since}`)).filter(
          (e) => e.device_id === deviceId && e.page_status === "show",
        ).length,
    )
    .toBeGreaterThan(0);
}
// analytics' own key (@affiliates/analytics STORAGE_KEYS.deviceId): a first visit computes no fingerprint.
const deviceIdOf = (page: import("@playwright/test").Page) =>
  page.evaluate(() => window.localStorage.getItem("analytics_device_id") ?? "");
/** The device id analytics gave this browser, once the page's start-up has stored it. */
async function storedDeviceId(page: import("@playwright/test").Page): Promise<string> {
  await expect.poll(() => deviceIdOf(page)).not.toBe("");
  return deviceIdOf(page);
}

test.describe("analytics (requirements.md §3, §4, §7)", () => {
  test("the first visit's show event arrives with every field", async ({ page, request }) => {
    const since = Date.now();
    await page.goto("/affiliates?pfb=partner42");
    const deviceId = await storedDeviceId(page);
    await analyticsStarted(request, since, deviceId);
    const show = (await storedEvents(request, `type=page&since=${since}`)).find(
      (e) => e.device_id === deviceId && e.page_status === "show",
    )!;
    for (const field of [
      "url",
      "title",
      "timestamp",
      "seq",
      "session_id",
      "browser",
      "sys",
      "os_version",
      "screen_width",
      "screen_height",
      "timezone_offset",
      "url_host",
      "user_language",
      "log_env",
      "app_id",
      "first_visit_time",
      "page_unique_id",
      "event_id",
    ]) {
      expect(show[field], field).not.toBeUndefined();
      expect(show[field], field).not.toBe("");
    }
    expect(show.url).toMatch(/\/affiliates\?pfb=partner42$/);
    expect(show.log_env).toBe("test01");
    // Browser and OS are the web server's parse of this browser's user agent, carried on <html> (issue 36).
    const served = JSON.parse((await page.locator("html").getAttribute("data-ua")) ?? "{}") as Record<string, string>;
    expect(served.browser).toMatch(/Chrom/);
    expect(show.browser).toBe(served.browser);
    expect(show.browser_version).toBe(served.browser_version);
    expect(show.os_version).toBe(served.os_version);
    expect(show.first_day).toBe(true);
    expect(String(show.session_id).startsWith(deviceId)).toBe(true);
  });

  test("a browser's page start downloads neither the user-agent parser nor the app's bridge (issue 36)", async ({
    page,
    request,
  }) => {
    const since = Date.now();
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    await page.goto("/affiliates/fee");
    const deviceId = await storedDeviceId(page);
    await analyticsStarted(request, since, deviceId);
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(3);
    // ua-parser-js's browser table names Konqueror; nothing else the product ships does.
    expect(bodies.filter((body) => /konqueror/i.test(body))).toHaveLength(0);
    // The bridge's WebView transport (app-bridge.ts) says this when the app's object is missing: app-only code.
    expect(bodies.filter((body) => body.includes("No native bridge object"))).toHaveLength(0);
  });

  test("a client-side navigation sends hide for the old URL and show for the new", async ({ page, request }) => {
    const since = Date.now();
    await page.goto("/affiliates/fee");
    const deviceId = await storedDeviceId(page);
    // A URL change before analytics has started is only the URL its first show reports.
    await analyticsStarted(request, since, deviceId);
    await page.evaluate(() => window.history.pushState({}, "", "/affiliates/fee?tab=spot"));
    await expect
      .poll(async () =>
        (await storedEvents(request, `type=page&since=${since}`))
          .filter((e) => e.device_id === deviceId)
          .map((e) => `${e.page_status} ${new URL(String(e.url)).search}`)
          .sort(),
      )
      .toEqual(["hide ", "show ", "show ?tab=spot"]);
  });

  test("clicks made offline are delivered once, after coming back online", async ({ page, context, request }) => {
    const since = Date.now();
    await page.goto("/affiliates/fee");
    const deviceId = await storedDeviceId(page);
    // Clicks are recorded once analytics has started; its chunk must have loaded before the network goes.
    await analyticsStarted(request, since, deviceId);
    await context.setOffline(true);
    for (let i = 0; i < 3; i++) await page.locator(".theme-toggle").click();
    await page.waitForTimeout(1_500);
    await context.setOffline(false);
    await expect
      .poll(
        async () =>
          (await storedEvents(request, `type=click&since=${since}`)).filter((e) => e.device_id === deviceId).length,
        { timeout: 20_000 },
      )
      .toBe(3);
    await page.waitForTimeout(2_000);
    const clicks = (await storedEvents(request, `type=click&since=${since}`)).filter((e) => e.device_id === deviceId);
    expect(clicks).toHaveLength(3);
    expect(new Set(clicks.map((e) => e.event_id)).size).toBe(3);
    expect(clicks.every((e) => e.event_tracking_id === "b1301")).toBe(true);
  });

  test("closing the tab delivers the pending events by beacon", async ({ page, request }) => {
    const since = Date.now();
    await page.goto("/affiliates/fee");
    const deviceId = await storedDeviceId(page);
    await page.locator(".theme-toggle").click();
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(async () =>
        (await storedEvents(request, `since=${since}`))
          .filter((e) => e.device_id === deviceId)
          .map((e) => `${e.type}:${e.page_status ?? ""}`)
          .sort(),
      )
      .toEqual(["click:", "page:hide", "page:show"]);
  });

  test("a 403 from the upload switch silences uploads for 10 s, then they resume and nothing is lost", async ({
    page,
    request,
  }) => {
    await page.clock.install();
    const since = Date.now();
    const uploads: number[] = [];
    page.on("response", (r) => {
      if (isApiCall(r.url(), "analyticsIngest")) uploads.push(r.status());
    });
    await page.goto("/affiliates/fee");
    const deviceId = await storedDeviceId(page);
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return uploads.filter((s) => s === 200).length;
      })
      .toBeGreaterThan(0);

    const setSwitch = async (enabled: boolean) =>
      expect(
        (await request.put(apiPath("adminAnalyticsSwitch"), { headers: ADMIN, data: { deviceId, enabled } })).status(),
      ).toBe(200);
    await setSwitch(false);
    await page.locator(".theme-toggle").click();
    await expect
      .poll(async () => {
        await page.clock.runFor(500);
        return uploads.filter((s) => s === 403).length;
      })
      .toBe(1);
    await setSwitch(true);
    const before = uploads.length;
    await page.locator(".theme-toggle").click();
    await page.clock.runFor(8_000);
    await page.waitForTimeout(500);
    expect(uploads.length).toBe(before); // silent: nothing sent inside the 10 s
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1_000);
          return (await storedEvents(request, `type=click&since=${since}`)).filter((e) => e.device_id === deviceId)
            .length;
        },
        { timeout: 20_000 },
      )
      .toBe(2);
  });
});
