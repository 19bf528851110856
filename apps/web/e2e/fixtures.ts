import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type PageScreenshotOptions,
} from "@playwright/test";
import { DEVICE_TOKEN_APP_IDS } from "@affiliates/contracts";
import { ENDPOINTS, type EndpointName, type EndpointPathArgs, endpointUrl } from "@affiliates/contracts/endpoints";

/** An endpoint's URL path from the table, parameters filled: `apiPath("linkUpdate", { id: 7 })` → `/v1/affiliate/links/7`. */
export const apiPath = endpointUrl;

/** A Playwright URL glob of an endpoint on any origin (`**` + its path), for page.route and waitForRequest/Response. */
export const apiRoute = <N extends EndpointName>(name: N, ...params: EndpointPathArgs<N>): string =>
  `**${apiPath(name, ...params)}`;

/** True when a URL is a call of the endpoint, whatever its path parameters and query. */
export function isApiCall(url: string, name: EndpointName): boolean {
  const pattern = ENDPOINTS[name].path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.]/g, "\\.")));
  return new RegExp(`^/${pattern.join("/")}$`).test(new URL(url, "http://localhost").pathname);
}

/** A glob of every call of the API: the table's paths all start with its one version segment. */
export const API_ROUTES = (() => {
  const versions = new Set(Object.values(ENDPOINTS).map((entry) => entry.path.split("/")[0]));
  const [version] = versions;
  if (versions.size !== 1 || version === undefined)
    throw new Error(`the endpoint table has ${versions.size} path prefixes`);
  return `**/${version}/**`;
})();

export const AFFILIATE = {
  email: "affiliate@example.com",
  password: "Affiliate#2026",
  name: "Aurora Affiliate",
  userId: "8012345678",
} as const;
export const PLAIN_USER = { email: "user@example.com", password: "User#2026" } as const;

/** A device token from the API, as the token SDK gets one (login requires it as `dy-token`). */
export async function deviceToken(context: BrowserContext): Promise<string> {
  const issued = await context.request.post(apiPath("deviceTokenIssue"), {
    data: { appId: DEVICE_TOKEN_APP_IDS.test, fingerprint: "e2e-fingerprint-0123456789" },
  });
  expect(issued.status()).toBe(200);
  return ((await issued.json()) as { data: { token: string } }).data.token;
}

/** Logs in through the API on the public origin, so the refresh_token cookie lands in the browser context. */
export async function logIn(
  context: BrowserContext,
  account: { email: string; password: string } = AFFILIATE,
): Promise<void> {
  const response = await context.request.post(apiPath("login"), {
    data: { email: account.email, password: account.password },
    headers: { "dy-token": await deviceToken(context) },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { code: string };
  expect(body.code).toBe("00000");
}

export const htmlAttr = (page: Page, name: string) => page.locator("html").getAttribute(name);

/** Collects console errors and page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Registers a new user through the API (with a device token) and keeps its session in the context. */
export async function registerNewUser(context: BrowserContext): Promise<{ email: string; password: string }> {
  const account = {
    email: `applicant-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
    password: "Applicant#2026",
  };
  const response = await context.request.post(apiPath("register"), {
    data: account,
    headers: { "dy-token": await deviceToken(context) },
  });
  expect(response.status()).toBe(200);
  return account;
}

export const ADMIN_HEADERS = { "x-admin-token": "e2e-admin-token" } as const;

/**
 * Waits until React has hydrated the element (its event handlers are attached): a click before that is the
 * browser's own, which follows an anchor's href instead of the component's handler.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  // Polled from the test's side: a page with a fake clock (page.clock) never runs the page's own timers.
  await expect
    .poll(() =>
      page.evaluate((s) => {
        const element = document.querySelector(s);
        return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
      }, selector),
    )
    .toBe(true);
}

/** The fee calculator loads when its card scrolls into view: scroll there and wait until it has loaded. */
export async function showFeeCalculator(page: Page): Promise<void> {
  await page.locator("#fee-calc-title").scrollIntoViewIfNeeded();
  await page.locator('[data-deferred="fee-calculator"][data-ready="true"]').waitFor();
}

/**
 * Picks an option of an antd Select (prefix "bit"): opens the field (or types `option` into it when `type`, for a
 * searchable list), clicks the option in the open list, and waits until the field shows it and the list has
 * closed. Again until it has: the list animates in and out, and a click during the animation can miss.
 */
export async function chooseOption(
  page: Page,
  field: Locator,
  option: string,
  { type = false, shows = option }: { type?: boolean; shows?: string } = {},
): Promise<void> {
  const select = field.locator(
    "xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' bit-select ')][1]",
  );
  const openList = page.locator(".bit-select-dropdown:visible");
  await expect(async () => {
    if (type) await field.fill(option);
    else if ((await openList.count()) === 0) await field.click();
    await openList.locator(".bit-select-item-option", { hasText: option }).first().click({ timeout: 2_000 });
    await expect(select).toContainText(shows, { timeout: 1_000 });
    await expect(openList).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}

/** An open risk flag of a user (README "Risk checks"), as the operators list them; undefined when none. */
export async function openRiskFlag(
  request: APIRequestContext,
  userId: string,
): Promise<{ id: number; reasons: string[] } | undefined> {
  const response = await request.get(`${apiPath("adminRiskFlags")}?status=open&limit=500`, { headers: ADMIN_HEADERS });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { flags: { id: number; userId: string; reasons: string[] }[] } };
  return body.data.flags.find((f) => f.userId === userId);
}

/** The operator releases a user's open risk flag (README "Risk checks"), e.g. a friend on the same network. */
export async function releaseRiskHold(request: APIRequestContext, flagId: number): Promise<void> {
  const response = await request.post(apiPath("adminRiskRelease", { id: flagId }), {
    headers: ADMIN_HEADERS,
    data: { reason: "e2e: a different person on the same network" },
  });
  expect(response.status()).toBe(200);
}

/**
 * Screenshots to look at (never compared) are taken only with `E2E_SCREENSHOTS=1`: a full page costs about a second of
 * this 2-core machine, the suites take over a hundred of them, and a run nobody looks at (CI) needs none.
 */
export const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS === "1";

/** A screenshot to look at, under `options.path`, when `E2E_SCREENSHOTS=1`. */
export async function lookAt(target: Page | Locator, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (SCREENSHOTS_WANTED) await target.screenshot(options);
}
