import { readFileSync } from "node:fs";
import path from "node:path";
import {
  expect,
  test,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
  type Response,
} from "@playwright/test";
import { AffiliateResponseCode, VipResponseCode } from "@affiliates/contracts";
import { reveal } from "./dashboard-helpers";
import {
  ADMIN_HEADERS,
  AFFILIATE,
  apiPath,
  apiRoute,
  chooseOption,
  deviceToken,
  logIn,
  PLAIN_USER,
  registerNewUser,
} from "./fixtures";

/**
 * Human error messages: the API's business refusals read as translated sentences that say what to do (no `[code]`,
 * no server English), each shown once (a toast or next to its field, not both); and the application forms check
 * what the contracts check, with their own messages instead of the browser's bubbles.
 */

type Catalogue = Record<string, Record<string, unknown>>;
const catalogue = (group: string, locale: string): Catalogue =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../messages/${group}/${locale}.json`), "utf8")) as Catalogue;

/** The sentence of a business code in a locale's errors catalogue. */
function sentence(locale: string, name: string): string {
  const text = catalogue("errors", locale).apiErrors?.[name];
  if (typeof text !== "string") throw new Error(`no apiErrors.${name} in ${locale}`);
  return text;
}

/** A text of the forms catalogue (`form.<group>.<key>`), in English. */
function formText(group: string, key: string): string {
  const texts = catalogue("forms", "en").form?.[group] as Record<string, string> | undefined;
  const text = texts?.[key];
  if (text === undefined) throw new Error(`no form.${group}.${key}`);
  return text;
}

/** The page's own scripts still loading (the toast code loads with the first toast), counted from the test's side. */
function trackScripts(page: Page): () => number {
  const pending = new Set<Request>();
  page.on("request", (request) => {
    if (request.resourceType() === "script" && request.url().includes("/_next/")) pending.add(request);
  });
  const done = (request: Request) => void pending.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return () => pending.size;
}

/**
 * Every place a refusal can be shown: the toasts, and the alerts, statuses and field errors inside `scope` (the
 * innermost element of each, visible and not empty).
 */
async function shownMessages(page: Page, scope: Locator): Promise<string[]> {
  const inline = await scope.evaluate((root) => {
    const selector = "[role=alert], [role=status], .bit-form-item-explain-error";
    return [...root.querySelectorAll(selector)]
      .filter((element) => element.querySelector(selector) === null && element.getClientRects().length > 0)
      .map((element) => (element.textContent ?? "").trim())
      .filter((text) => text !== "");
  });
  const toasts = (await page.locator(".bit-message-notice").allInnerTexts())
    .map((text) => text.trim())
    .filter((text) => text !== "");
  return [...toasts, ...inline];
}

/**
 * Waits until the refusal shows and everything that could still show it has run (the toast code loaded, two frames
 * painted), then checks it shows exactly once, as a sentence without a code and without English.
 */
async function expectShownOnce(
  page: Page,
  scope: Locator,
  pendingScripts: () => number,
  expected?: string,
): Promise<void> {
  await expect.poll(() => shownMessages(page, scope)).not.toEqual([]);
  await expect.poll(pendingScripts).toBe(0);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  const shown = await shownMessages(page, scope);
  expect(shown, "the refusal shows once: in a toast or next to its field, not both").toHaveLength(1);
  const text = shown[0] ?? "";
  expect(text).not.toMatch(/\[\s*\d+/);
  // VIP level names (VIP1) read the same in every language; any other Latin letter is English left in the text.
  expect(text.replace(/\bVIP\d*\b/g, "")).not.toMatch(/[A-Za-z]/);
  if (expected !== undefined) expect(text).toBe(expected);
  expect(await page.locator("body").innerText()).not.toMatch(/\[\d{3,5}\]/);
}

const businessCodeOf = async (response: Promise<Response>): Promise<string> =>
  ((await (await response).json()) as { code: string }).code;

const posted = (path: string) => (response: Response) =>
  response.url().endsWith(path) && response.request().method() === "POST";

async function applyThroughApi(context: BrowserContext, name: string) {
  const response = await context.request.post(apiPath("affiliateApply"), {
    data: {
      name,
      email: "applicant@example.com",
      channels: [{ type: "website", url: "https://applicant.example", audience: 10 }],
      region: "PT",
    },
    headers: { "dy-token": await deviceToken(context) },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** A new user whom an operator approved: an affiliate of their own, so the test changes no shared affiliate. */
async function newAffiliate(context: BrowserContext): Promise<string> {
  await registerNewUser(context);
  const id = await applyThroughApi(context, `Quota ${Date.now()}`);
  const decided = await context.request.post(apiPath("adminAffiliateDecision", { id }), {
    headers: ADMIN_HEADERS,
    data: { decision: "approve" },
  });
  expect(decided.status()).toBe(200);
  const mine = (await (await context.request.get(apiPath("myAffiliateApplication"))).json()) as {
    data: { application: { userId: string } };
  };
  return mine.data.application.userId;
}

/** Picks a country of the form's list by its code, named as the page's language names it. */
async function chooseCountry(page: Page, form: Locator, fieldId: string, code: string): Promise<void> {
  const name = await page.evaluate(
    (c) => new Intl.DisplayNames([document.documentElement.lang], { type: "region" }).of(c) ?? c,
    code,
  );
  await chooseOption(page, form.locator(`input#${fieldId}`), name, { type: true });
}

for (const locale of ["ja", "ar"] as const) {
  test.describe(`business refusals in ${locale}: a translated sentence, shown once`, () => {
    test("a referral link whose code is taken", async ({ page, context }) => {
      const scripts = trackScripts(page);
      await logIn(context, AFFILIATE);
      await page.goto(`/${locale}/affiliates/dashboard`);
      await reveal(page, "links");
      const form = page.getByTestId("link-form");
      await form.locator('input[id="label"], input[id$="_label"]').first().fill("E2E taken");
      // The seeded affiliate's own first code: taken, whatever the case.
      await form.locator('input[id="code"], input[id$="_code"]').first().fill("aurora");
      const answer = page.waitForResponse(posted(apiPath("linkCreate")));
      await form.locator('button[type="submit"]').click();
      expect(await businessCodeOf(answer)).toBe(AffiliateResponseCode.linkCodeTaken);
      await expectShownOnce(page, form, scripts, sentence(locale, "linkCodeTaken"));
    });

    test("an experience card beyond the month's quota", async ({ page, context }) => {
      const scripts = trackScripts(page);
      const userId = await newAffiliate(context);
      const quota = await context.request.put(apiPath("adminCardQuota", { userId }), {
        headers: ADMIN_HEADERS,
        data: { monthlyQuota: 1 },
      });
      expect(quota.status()).toBe(200);
      await page.goto(`/${locale}/affiliates/experience-card`);
      await expect(page.getByTestId("card-quota")).toHaveAttribute("aria-busy", "false");
      const form = page.getByTestId("card-issue-form");
      const submit = form.locator('button[type="submit"]');
      await expect(submit).toBeEnabled();
      // The month's last card goes out from elsewhere (another tab, the app): this page still offers one.
      const elsewhere = await context.request.post(apiPath("cardIssue"), {
        data: { amountUsdt: 10, validDays: 30 },
        headers: { "dy-token": await deviceToken(context) },
      });
      expect(elsewhere.status()).toBe(200);
      const answer = page.waitForResponse(posted(apiPath("cardIssue")));
      await submit.click();
      expect(await businessCodeOf(answer)).toBe(AffiliateResponseCode.cardQuotaExceeded);
      await expectShownOnce(
        page,
        page
          .locator("section")
          .filter({ has: page.getByTestId("card-issue-form") })
          .last(),
        scripts,
      );
    });

    test("an affiliate application sent twice", async ({ page, context }) => {
      const scripts = trackScripts(page);
      await registerNewUser(context);
      await page.goto(`/${locale}/affiliates/apply`);
      const form = page.getByTestId("application-form");
      await expect(form).toBeVisible();
      // The first application goes from another tab: this page still shows the form.
      await applyThroughApi(context, `First ${Date.now()}`);
      await form.locator("input#name").fill("Twice Applied");
      await form.locator("input#email").fill("twice@example.com");
      await form.locator('input[id="channels_0_url"]').fill("https://twice.example");
      await chooseCountry(page, form, "region", "BR");
      const answer = page.waitForResponse(posted(apiPath("affiliateApply")));
      await form.locator('button[type="submit"]').click();
      expect(await businessCodeOf(answer)).toBe(AffiliateResponseCode.applicationExists);
      // The sentence says why, above the status of the application that exists.
      await expect(page.getByTestId("application-status")).toHaveAttribute("data-status", "pending");
      await expectShownOnce(page, page.locator("section.form-section"), scripts, sentence(locale, "applicationExists"));
      await expect(page.getByTestId("application-notice")).toHaveText(sentence(locale, "applicationExists"));
    });

    test("an airdrop above the user's VIP level", async ({ page, context }) => {
      const scripts = trackScripts(page);
      await logIn(context, PLAIN_USER);
      // The page below the level offers no join (the button says why); the refusal comes when the list read earlier
      // gave the user a level lost since: the first answer says VIP9, the API then refuses the VIP0 user.
      await page.route(
        apiRoute("vipAirdrops"),
        async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data: { userLevel: number | null } };
          body.data.userLevel = 9;
          await route.fulfill({ response, json: body });
        },
        { times: 1 },
      );
      await page.goto(`/${locale}/affiliates/vip/new-coin-airdrop`);
      await expect(page.getByTestId("airdrop-user-level")).toContainText("VIP9");
      const card = page.getByTestId("airdrop-nova-launch");
      await expect(card.getByRole("button")).toBeEnabled();
      const answer = page.waitForResponse(posted(apiPath("vipAirdropJoin", { id: "nova-launch" })));
      await card.getByRole("button").click();
      expect(await businessCodeOf(answer)).toBe(VipResponseCode.levelTooLow);
      await expectShownOnce(page, card, scripts);
      // The list is read again: the user's real level, and the button no longer offered.
      await expect(page.getByTestId("airdrop-user-level")).toContainText("VIP0");
      await expect(card.getByRole("button")).toBeDisabled();
      await expect(card.getByTestId("airdrop-refusal")).toBeVisible();
    });
  });
}

// ------------------------------------------------------------------ the broker and market-maker forms

const FORMS = [
  { kind: "broker", path: "/affiliates/broker", volume: "Expected monthly volume (USDT)" },
  { kind: "market-maker", path: "/affiliates/market-maker", volume: "Current monthly volume (USDT)" },
] as const;

test.describe("partner application forms check what the contract checks, in their own words", () => {
  for (const f of FORMS) {
    test(`${f.kind}: no browser bubbles, a country only from the list, a volume above 0, the account's details filled in`, async ({
      page,
      context,
    }) => {
      const account = await registerNewUser(context);
      // The reference API masks the address in the user info (us****@…); an account that gives it whole has it filled in.
      await page.route(apiRoute("userInfo"), async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { userInfo: { email: string } } };
        body.data.userInfo.email = account.email;
        await route.fulfill({ response, json: body });
      });
      const sent: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith(apiPath("partnerApply"))) sent.push(request.url());
      });
      await page.goto(f.path);
      const form = page.getByTestId(`partner-form-${f.kind}`);
      await expect(form).toBeVisible();
      const item = (label: string) =>
        form.locator(".bit-form-item").filter({ has: page.getByLabel(label, { exact: true }) });

      // Filled in from the account: the email, and the name the account has (a new user's is their address's local part).
      await expect(form.getByLabel("Work email")).toHaveValue(account.email);
      await expect(form.getByLabel("Full name")).toHaveValue(account.email.slice(0, account.email.indexOf("@")));

      // The form does its own checks: the browser never validates it, so none of its bubbles can cover the messages.
      await expect(form).toHaveJSProperty("noValidate", true);
      await page.evaluate(() => {
        const counter = window as unknown as { invalidEvents: number };
        counter.invalidEvents = 0;
        document.addEventListener("invalid", () => void counter.invalidEvents++, true);
      });
      await form.getByLabel("Work email").fill("not-an-email");

      // A country comes from the list: "-1" matches nothing and cannot be chosen.
      const country = form.getByLabel("Country or region", { exact: true });
      await expect(country).toHaveAttribute("role", "combobox");
      await country.fill("-1");
      await expect(page.locator(".bit-select-dropdown:visible")).toContainText(formText("country", "empty"));
      await expect(page.locator(".bit-select-dropdown:visible .bit-select-item-option")).toHaveCount(0);
      await country.press("Enter");
      await country.press("Escape");

      // A volume of 0 is refused, with the reason next to the field; the help says the format before.
      await expect(item(f.volume)).toContainText(formText("help", "volume"));
      await form.getByLabel(f.volume).fill("0");
      await form.locator('button[type="submit"]').click();
      await expect(item(f.volume).locator(".bit-form-item-explain-error")).toHaveText(formText("rules", "positive"));
      await expect(form.getByText(formText("rules", "positive"), { exact: true })).toHaveCount(1);
      await expect(item("Country or region").locator(".bit-form-item-explain-error")).toHaveText(
        formText("rules", "country"),
      );
      await expect(country).toHaveValue("");
      await expect(item("Work email").locator(".bit-form-item-explain-error")).toHaveText(formText("rules", "email"));
      expect(await page.evaluate(() => (window as unknown as { invalidEvents: number }).invalidEvents)).toBe(0);
      expect(sent).toEqual([]);
      await expect(page.locator(".bit-message-notice")).toHaveCount(0);

      // Corrected, the same form goes through, with the country's code.
      await form.getByLabel("Work email").fill(account.email);
      await form.getByLabel(f.volume).fill("2500000");
      await chooseCountry(page, form, "country", "PT");
      await expect(item(f.volume).locator(".bit-form-item-explain-error")).toHaveCount(0);
      await expect(item("Country or region").locator(".bit-form-item-explain-error")).toHaveCount(0);
    });
  }

  test("the email the user info masks is not filled in (a masked address cannot be sent); the name is", async ({
    page,
    context,
  }) => {
    const account = await registerNewUser(context);
    await page.goto("/affiliates/broker");
    const form = page.getByTestId("partner-form-broker");
    await expect(form.getByLabel("Full name")).toHaveValue(account.email.slice(0, account.email.indexOf("@")));
    await expect(form.getByLabel("Work email")).toHaveValue("");
  });
});
