import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_TOKEN_APP_IDS } from "@affiliates/contracts";
import { PREFIXES } from "@affiliates/locales";
import { AFFILIATE, createTestApp, deviceToken, envelope, type TestApp } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { perAccount: 5, perIp: 1000, windowMs: 900_000, slowdownAfter: 1000 } });
});
afterAll(async () => {
  await t.close();
});

// The main site's stand-in pages (/login, /register, /logout and their prefixed forms) are HTML pages and form posts,
// not /v1 calls, so the endpoint table does not list them: their paths stay literal here.
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** A form post as the page script sends it: with a live device token in the hidden dyToken field. */
const postForm = async (url: string, fields: Record<string, string>) =>
  t.app.inject({ method: "POST", url, headers: FORM, payload: form({ dyToken: await deviceToken(t.app), ...fields }) });
const postLogin = (fields: Record<string, string>, url = "/login") => postForm(url, fields);

describe("login pages", () => {
  it.each([
    ["/login", "en", "ltr", "Log in", "Email"],
    ["/zh-CN/login", "zh-CN", "ltr", "登录", "邮箱"],
    ["/zh-TC/login", "zh-Hant", "ltr", "登入", "電子郵件"],
    ["/ar/login", "ar", "rtl", "تسجيل الدخول", "البريد الإلكتروني"],
    ["/ja/login", "ja", "ltr", "ログイン", "メールアドレス"],
    ["/en-GB/login", "en-GB", "ltr", "Log in", "Email"],
  ])("%s renders lang=%s dir=%s with the standard fields", async (url, lang, dir, title, emailLabel) => {
    const response = await t.app.inject({ method: "GET", url: `${url}?from=%2Fja%2Faffiliates&source=cms` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'",
    );
    const html = response.body;
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<label for="email">${emailLabel}</label>`);
    expect(html).toMatch(/<input id="email" type="email" name="email" autocomplete="username" required/);
    expect(html).toMatch(
      /<input id="password" type="password" name="password" autocomplete="current-password" required/,
    );
    expect(html).toMatch(/<button type="submit">/);
    expect(html).toContain('<input type="hidden" name="from" value="/ja/affiliates">');
    expect(html).toContain('<input type="hidden" name="source" value="cms">');
    expect(html).toContain(`href="${url.replace("login", "register")}?from=%2Fja%2Faffiliates&amp;source=cms"`);
    expect(html).toContain(`<form method="post" action="${url}" data-app-id="${DEVICE_TOKEN_APP_IDS.test}">`);
    expect(html).toContain('<input type="hidden" name="dyToken" value="">');
    // Only the two same-origin scripts: the token SDK (web app) and the page's device-token script (this API).
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script src="/affiliates/static/device-token-sdk.js" defer>',
      '<script src="/login/device-token.js" defer>',
    ]);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("exists for every prefix", async () => {
    for (const prefix of PREFIXES.filter(Boolean)) {
      for (const kind of ["login", "register"]) {
        const response = await t.app.inject({ method: "GET", url: `/${prefix}/${kind}` });
        expect(response.statusCode, `/${prefix}/${kind}`).toBe(200);
      }
    }
  });

  it("takes the locale from the language cookie within the prefix group only", async () => {
    const indian = await t.app.inject({ method: "GET", url: "/login", cookies: { language: "en-IN" } });
    expect(indian.body).toContain('<html lang="en-IN" dir="ltr">');
    const arabicCookieOnEnglishPage = await t.app.inject({ method: "GET", url: "/login", cookies: { language: "ar" } });
    expect(arabicCookieOnEnglishPage.body).toContain('<html lang="en" dir="ltr">');
    const traditional = await t.app.inject({ method: "GET", url: "/zh-TC/register", cookies: { language: "zh-CN" } });
    expect(traditional.body).toContain('<html lang="zh-Hant" dir="ltr">');
  });

  it("renders the register form with new-password and an optional tel field", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/ar/register" })).body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toMatch(/name="password" autocomplete="new-password" required minlength="8"/);
    expect(html).toMatch(/<input id="mobile" type="tel" name="mobile" autocomplete="tel"/);
    expect(html).toContain("<title>إنشاء حساب</title>");
  });

  it("escapes what it echoes", async () => {
    const response = await postLogin({ email: '"><script>x</script>', password: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain("<script>x");
    expect(response.body).toContain("&quot;&gt;&lt;script&gt;");
  });
});

describe("login form", () => {
  it("logs in and 303-redirects to a same-origin from, setting the cookie", async () => {
    const response = await postLogin({ ...AFFILIATE, from: "/ja/affiliates/fee?x=1", source: "cms" }, "/ja/login");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/ja/affiliates/fee?x=1");
    const cookie = response.cookies.find((c) => c.name === "refresh_token");
    expect(cookie?.httpOnly).toBe(true);
    const info = await t.app.inject({
      method: "POST",
      url: apiUrl("userInfo"),
      cookies: { refresh_token: cookie?.value ?? "" },
      payload: {},
    });
    expect(envelope(info).code).toBe("00000");
  });

  const EVIL = [
    "//evil.com",
    "/\\evil.com",
    "https://evil.com",
    "javascript:alert(1)",
    "%2F%2Fevil.com",
    "/\t/evil.com",
    " /x",
    "/x\n",
    "\\\\evil.com",
    "//",
    "",
    "http:/evil.com",
    "/\u0000/evil.com",
  ];

  it.each(EVIL)("sends from=%j to /affiliates", async (from) => {
    const response = await postLogin({ ...AFFILIATE, from });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/affiliates");
  });

  it("decodes a query from once: from=%2F%2Fevil.com in the page URL is //evil.com and is dropped", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/login?from=%2F%2Fevil.com" })).body;
    expect(html).toContain('<input type="hidden" name="from" value="/affiliates">');
  });

  it.each(["/affiliates", "/ja/affiliates/fee?x=1", "/fr/affiliates/vip/detail#top", "/affiliates?from=//evil.com"])(
    "keeps from=%s",
    async (from) => {
      const response = await postLogin({ ...AFFILIATE, from });
      expect(response.headers.location).toBe(from);
    },
  );

  it("re-renders with 401, the error and the email after a wrong password", async () => {
    const response = await postLogin(
      { email: "user@example.com", password: "nope", from: "/affiliates/fee" },
      "/zh-CN/login",
    );
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('<p class="error" role="alert" id="form-error">邮箱或密码错误。</p>');
    expect(response.body).toContain('value="user@example.com"');
    expect(response.body).toContain('<input type="hidden" name="from" value="/affiliates/fee">');
    expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
  });

  it("re-renders with 429 once throttled", async () => {
    const account = { email: "throttled@example.com", password: "Quiet-Harbor-2026" };
    const registered = await t.app.inject({
      method: "POST",
      url: apiUrl("register"),
      headers: { "dy-token": await deviceToken(t.app) },
      payload: account,
    });
    expect(registered.statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await postLogin({ email: account.email, password: `bad${i}` })).statusCode).toBe(401);
    const response = await postLogin(account, "/ar/login");
    expect(response.statusCode).toBe(429);
    expect(response.body).toContain("محاولات فاشلة كثيرة");
  });
});

describe("register form", () => {
  it("registers, logs in and redirects; a second time re-renders 409", async () => {
    const fields = {
      email: "form.user@example.net",
      password: "maple quartz river",
      mobile: "",
      from: "/affiliates/broker",
    };
    const first = await postForm("/register", fields);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe("/affiliates/broker");
    expect(first.cookies.find((c) => c.name === "refresh_token")?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await postForm("/register", fields);
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain("This email address is already registered.");
  });

  it("names the invalid field", async () => {
    const response = await postForm("/register", { email: "x@example.net", password: "short" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Please enter a password of at least 8 characters.");
  });
});

describe("device token on the form posts", () => {
  const raw = (url: string, fields: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, headers: FORM, payload: form(fields), cookies });

  it("logs in with a valid dyToken field and redirects", async () => {
    const response = await raw("/login", { ...AFFILIATE, from: "/affiliates/fee", dyToken: await deviceToken(t.app) });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/affiliates/fee");
    expect(response.cookies.find((c) => c.name === "refresh_token")?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("logs in with the dy_token cookie alone (a visitor coming from the product), any number of times", async () => {
    const token = await deviceToken(t.app);
    for (let i = 0; i < 2; i++) {
      const response = await raw("/zh-CN/login", { ...AFFILIATE }, { dy_token: token });
      expect(response.statusCode).toBe(303);
    }
  });

  it.each([
    ["/login", "Security check failed. Reload the page and try again."],
    ["/zh-CN/login", "安全验证失败，请刷新页面后重试。"],
    ["/zh-TC/register", "安全驗證失敗，請重新整理頁面後再試。"],
    ["/ar/register", "فشل التحقق الأمني. أعد تحميل الصفحة وحاول مرة أخرى."],
  ])("%s without a token re-renders 403 with the localised message and no session", async (url, message) => {
    const response = await raw(url, {
      email: "token.less@example.net",
      password: "long password",
      from: "/affiliates/fee",
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain(`<p class="error" role="alert" id="form-error">${message}</p>`);
    expect(response.body).toContain('value="token.less@example.net"');
    expect(response.body).toContain('<input type="hidden" name="from" value="/affiliates/fee">');
    expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
  });

  it("refuses an unknown token with 403 and drops a refused dy_token cookie", async () => {
    const field = await raw("/login", { ...AFFILIATE, dyToken: "Q".repeat(40) });
    expect(field.statusCode).toBe(403);
    expect(field.body).toContain("Security check failed.");
    const cookie = await raw(
      "/login",
      { ...AFFILIATE, dyToken: await deviceToken(t.app) },
      { dy_token: "Q".repeat(40) },
    );
    expect(cookie.statusCode).toBe(403);
    expect(cookie.cookies.find((c) => c.name === "dy_token")).toMatchObject({ value: "", path: "/" });
  });

  it("checks the token before the fields", async () => {
    const response = await raw("/register", { email: "x@example.net", password: "short" });
    expect(response.statusCode).toBe(403);
  });
});

describe("GET /login/device-token.js (the pages' device-token script)", () => {
  it("is served as JavaScript under a path the web app's proxy forwards to the API", async () => {
    const response = await t.app.inject({ method: "GET", url: "/login/device-token.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(response.body).toContain("ExchangeDeviceTokenSDK");
    // apps/web/src/proxy.ts: API_PATH (copied here; the web app is not a dependency of the API tests).
    expect(
      /^\/(?:v1\/|(?:[A-Za-z-]{2,5}\/)?(?:login|register)(?:\/|$)|logout(?:\/|$))/.test("/login/device-token.js"),
    ).toBe(true);
  });

  interface FakePage {
    cookie: string;
    storage: Map<string, string>;
    field: { value: string };
    submitted: string[];
    sdkCalls: unknown[];
    submit(): Promise<void>;
  }

  /** Runs the script against a minimal DOM: one form with data-app-id, a hidden dyToken field and a fake token SDK. */
  async function runScript(options: {
    cookie?: string;
    expires?: number;
    sdkToken?: string | Error | undefined;
  }): Promise<FakePage> {
    const source = (await t.app.inject({ method: "GET", url: "/login/device-token.js" })).body;
    const storage = new Map<string, string>(
      options.expires === undefined ? [] : [["dy_token_expires", String(options.expires)]],
    );
    let submitListener: ((event: { preventDefault(): void }) => void) | undefined;
    const page: FakePage = {
      cookie: options.cookie ?? "",
      storage,
      field: { value: "" },
      submitted: [],
      sdkCalls: [],
      async submit() {
        submitListener?.({ preventDefault: () => undefined });
        for (let i = 0; i < 20; i++) await Promise.resolve();
      },
    };
    const formElement = {
      getAttribute: (name: string) => (name === "data-app-id" ? DEVICE_TOKEN_APP_IDS.test : null),
      querySelector: (selector: string) => (selector === 'input[name="dyToken"]' ? page.field : null),
      addEventListener: (type: string, listener: (event: { preventDefault(): void }) => void) => {
        if (type === "submit") submitListener = listener;
      },
      submit: () => void page.submitted.push(page.field.value),
    };
    const documentObject = {
      querySelector: (selector: string) => (selector === "form[data-app-id]" ? formElement : null),
      get cookie() {
        return page.cookie;
      },
      set cookie(value: string) {
        page.cookie = value;
      },
    };
    const sdk =
      options.sdkToken === undefined
        ? undefined
        : {
            getToken: (request: unknown) => {
              page.sdkCalls.push(request);
              return options.sdkToken instanceof Error
                ? Promise.reject(options.sdkToken)
                : Promise.resolve(options.sdkToken);
            },
          };
    const sandbox: Record<string, unknown> = {
      document: documentObject,
      location: { protocol: "http:" },
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
      },
      addEventListener: () => undefined,
      ExchangeDeviceTokenSDK: sdk,
      Promise,
      Date,
    };
    sandbox.window = sandbox;
    vm.createContext(sandbox);
    vm.runInContext(source, sandbox);
    return page;
  }

  const TOKEN = "A".repeat(20) + "b".repeat(10) + "0123456789";

  it("asks the SDK (appId from data-app-id, expire 14400, timeout 10000), stores the cookie and fills dyToken before submit", async () => {
    const page = await runScript({ sdkToken: TOKEN });
    await page.submit();
    expect(page.sdkCalls).toEqual([{ appId: DEVICE_TOKEN_APP_IDS.test, expire: 14_400, timeout: 10_000 }]);
    expect(page.cookie).toBe(`dy_token=${TOKEN}; max-age=604800; path=/; SameSite=Lax`);
    expect(Number(page.storage.get("dy_token_expires"))).toBeGreaterThan(Date.now());
    expect(page.submitted).toEqual([TOKEN]);
  });

  it("reuses a fresh dy_token cookie without asking the SDK", async () => {
    const page = await runScript({
      cookie: `lang=en; dy_token=${TOKEN}`,
      expires: Date.now() + 60_000,
      sdkToken: "B".repeat(40),
    });
    await page.submit();
    expect(page.sdkCalls).toEqual([]);
    expect(page.submitted).toEqual([TOKEN]);
  });

  it("gets a new token when the cookie's token is past the product's validity record", async () => {
    const fresh = "C".repeat(40);
    const page = await runScript({ cookie: `dy_token=${TOKEN}`, expires: Date.now() - 1, sdkToken: fresh });
    await page.submit();
    expect(page.submitted).toEqual([fresh]);
  });

  it("still submits (empty token, the server answers 403) when the SDK is missing or fails", async () => {
    const missing = await runScript({ sdkToken: undefined });
    await missing.submit();
    expect(missing.submitted).toEqual([""]);
    const failing = await runScript({ sdkToken: new Error("timeout") });
    await failing.submit();
    expect(failing.submitted).toEqual([""]);
  });

  it("a token it obtained logs in through the form", async () => {
    const token = await deviceToken(t.app);
    const page = await runScript({ sdkToken: token });
    await page.submit();
    const response = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: FORM,
      payload: form({ ...AFFILIATE, dyToken: page.submitted[0] ?? "" }),
    });
    expect(response.statusCode).toBe(303);
  });
});

describe("logout", () => {
  const sessionToken = async () =>
    (await postLogin({ ...AFFILIATE, from: "/affiliates" })).cookies.find((c) => c.name === "refresh_token")?.value ??
    "";
  const isLive = async (token: string) =>
    envelope(
      await t.app.inject({ method: "POST", url: apiUrl("userInfo"), cookies: { refresh_token: token }, payload: {} }),
    ).code === "00000";

  it("GET /logout is refused with 405, Allow: POST, and leaves the session alone (a link cannot log anyone out)", async () => {
    const token = await sessionToken();
    const response = await t.app.inject({
      method: "GET",
      url: "/logout?from=%2Faffiliates",
      cookies: { refresh_token: token },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(envelope(response)).toEqual({ code: "405", msg: "GET /logout: method not allowed", data: null });
    expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
    expect(await isLive(token)).toBe(true);
  });

  it("POST /logout (a form) deletes the session, clears the cookie and 303-redirects to the form's safe from", async () => {
    const token = await sessionToken();
    const response = await t.app.inject({
      method: "POST",
      url: "/logout",
      headers: FORM,
      payload: form({ from: "/ja/affiliates/fee?x=1" }),
      cookies: { refresh_token: token },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/ja/affiliates/fee?x=1");
    expect(response.cookies.find((c) => c.name === "refresh_token")?.value).toBe("");
    expect(await isLive(token)).toBe(false);
  });

  it("POST /logout with no body follows the query's from", async () => {
    const token = await sessionToken();
    const response = await t.app.inject({
      method: "POST",
      url: "/logout?from=%2Fja%2Faffiliates",
      cookies: { refresh_token: token },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/ja/affiliates");
    expect(await isLive(token)).toBe(false);
  });

  it("POST /logout from another site is refused with 403 and keeps the session", async () => {
    const token = await sessionToken();
    const response = await t.app.inject({
      method: "POST",
      url: "/logout",
      headers: { ...FORM, origin: "https://evil.example" },
      payload: form({}),
      cookies: { refresh_token: token },
    });
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toEqual({ code: "403", msg: "origin: cross-site request refused", data: null });
    expect(await isLive(token)).toBe(true);
  });

  it.each(["//evil.com", "https://evil.com", "/%5Cevil.com".replace("%5C", "\\"), "javascript:alert(1)"])(
    "falls back to /affiliates for %s",
    async (from) => {
      const response = await t.app.inject({ method: "POST", url: "/logout", headers: FORM, payload: form({ from }) });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/affiliates");
    },
  );
});
