import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { LANGUAGE_COOKIE, LOCALES, localePath, localesOfPrefix, type Locale } from "@affiliates/locales";
import { PAGES, type PageKey } from "../src/lib/pages";
import { MESSAGE_GROUPS } from "../src/i18n/messages";
import { ALL_LOCALES_REQUIRED_GROUPS, isEnglishLocale } from "../src/i18n/locale-coverage";
import { AFFILIATE, apiPath } from "./fixtures";
import { DEVICE_TOKEN_APP_IDS } from "@affiliates/contracts";

/**
 * Every page of the PAGES registry under each of the 31 locales, by plain HTTP (no browser): `<html lang>`
 * is the locale table's htmlLang, `dir` is rtl only for Arabic, and the title is the locale's own catalogue title.
 * Locales with their own prefix are reached by it; locales sharing one (English variants, ru-FR/ru-UZ, fr-FR, uz-UZ)
 * by the language cookie, as a returning visitor would, and by `languageType`, which redirects to the page and sets it.
 */
const messagesDir = path.resolve(__dirname, "../messages");
type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree | undefined, dotted: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of dotted.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
};
const catalogue = (group: string, locale: string): Tree | undefined => {
  const files = readdirSync(path.join(messagesDir, group));
  return files.includes(`${locale}.json`)
    ? (JSON.parse(readFileSync(path.join(messagesDir, group, `${locale}.json`), "utf8")) as Tree)
    : undefined;
};
/**
 * The server under test serves the catalogues of its build. A catalogue written after the build (translators at work
 * while a server is reused) cannot be judged against it: such locales are reported, not failed. A fresh build has none.
 */
const buildId = path.resolve(__dirname, "..", process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID");
const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : Infinity;
const newerThanBuild = (group: string, locale: string) => {
  const file = path.join(messagesDir, group, `${locale}.json`);
  return existsSync(file) && statSync(file).mtimeMs > builtAt;
};

/** The group holding a page's title, and the title a locale's catalogue gives it (English where the catalogue has none). */
function expectedTitle(
  key: PageKey,
  locale: Locale,
): { title: string; english: string; group: string; translated: boolean } {
  const dotted = `meta.${PAGES[key].meta}.title`;
  const group = MESSAGE_GROUPS.find((g) => lookup(catalogue(g, "en"), dotted) !== undefined);
  if (!group) throw new Error(`no group defines ${dotted}`);
  const english = lookup(catalogue(group, "en"), dotted)!;
  const own = lookup(catalogue(group, locale), dotted);
  return { title: own ?? english, english, group, translated: own !== undefined };
}

const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[e] ?? _,
  );
const attrOfHtml = (html: string, name: string) => new RegExp(`<html[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link[^>]*rel="alternate"[^>]*>/g)].map((m) => ({
    hreflang: /hrefLang="([^"]+)"|hreflang="([^"]+)"/i.exec(m[0])?.slice(1).find(Boolean) ?? "",
    href: decode(/href="([^"]+)"/.exec(m[0])?.[1] ?? ""),
  }));

/** The session cookies of the affiliate, for pages that need a login (their data is fetched on the client). */
async function sessionCookie(request: APIRequestContext): Promise<string> {
  const issued = await request.post(apiPath("deviceTokenIssue"), {
    data: { appId: DEVICE_TOKEN_APP_IDS.test, fingerprint: "e2e-locales-0123456789" },
  });
  const token = ((await issued.json()) as { data: { token: string } }).data.token;
  const login = await request.post(apiPath("login"), {
    data: { email: AFFILIATE.email, password: AFFILIATE.password },
    headers: { "dy-token": token },
  });
  expect(login.status()).toBe(200);
  const { cookies } = await request.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

const sharesPrefix = (locale: Locale) => {
  const prefix = LOCALES.find((l) => l.locale === locale)!.prefix;
  return localesOfPrefix(prefix)[0] !== locale;
};

test.describe("every page in every locale (plain HTTP)", () => {
  let session = "";
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    session = await sessionCookie(request);
    await request.dispose();
  });

  for (const [key, entry] of Object.entries(PAGES) as [PageKey, (typeof PAGES)[PageKey]][]) {
    test(`${key}: lang, dir and the translated title in all ${LOCALES.length} locales`, async ({
      playwright,
      baseURL,
    }) => {
      const request = await playwright.request.newContext({ baseURL });
      const failures: string[] = [];
      const untranslated: string[] = [];
      const stale: string[] = [];
      for (const { locale, htmlLang, dir } of LOCALES) {
        const url = localePath(locale, entry.path);
        const cookies = [entry.requiresLogin ? session : "", sharesPrefix(locale) ? `${LANGUAGE_COOKIE}=${locale}` : ""]
          .filter(Boolean)
          .join("; ");
        const response = await request.get(url, { headers: cookies ? { cookie: cookies } : {}, maxRedirects: 0 });
        if (response.status() !== 200) {
          failures.push(`${locale} ${url}: HTTP ${response.status()} ${response.headers().location ?? ""}`);
          continue;
        }
        const html = await response.text();
        if (attrOfHtml(html, "lang") !== htmlLang)
          failures.push(`${locale}: lang=${attrOfHtml(html, "lang")}, want ${htmlLang}`);
        if (attrOfHtml(html, "dir") !== dir) failures.push(`${locale}: dir=${attrOfHtml(html, "dir")}, want ${dir}`);
        const want = expectedTitle(key, locale);
        if (newerThanBuild(want.group, locale)) {
          stale.push(locale);
          continue;
        }
        if (titleOf(html) !== want.title) failures.push(`${locale}: title "${titleOf(html)}", want "${want.title}"`);
        if (!isEnglishLocale(locale) && titleOf(html) === want.english) {
          // A title in English on a non-English page is a defect; it fails outright for groups required complete today.
          if ((ALL_LOCALES_REQUIRED_GROUPS as readonly string[]).includes(want.group)) {
            failures.push(`${locale}: title is English ("${want.english}")`);
          } else untranslated.push(locale);
        }
        // dir is rtl for Arabic only
        expect(dir === "rtl").toBe(locale === "ar");
      }
      if (stale.length)
        test
          .info()
          .annotations.push({ type: "catalogue newer than the build (not judged)", description: stale.join(", ") });
      if (untranslated.length)
        test.info().annotations.push({
          type: "untranslated title (group not yet required)",
          description: untranslated.join(", "),
        });
      await request.dispose();
      expect(failures).toEqual([]);
    });

    test(`${key}: every hreflang alternate answers 200`, async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL });
      const headers = entry.requiresLogin ? { cookie: session } : undefined;
      const html = await (await request.get(localePath("en", entry.path), { headers })).text();
      const alternates = alternatesOf(html).filter((a) => a.hreflang);
      // 31 locales + x-default
      expect(alternates.map((a) => a.hreflang).sort()).toEqual([...LOCALES.map((l) => l.htmlLang), "x-default"].sort());
      const failures: string[] = [];
      for (const href of new Set(alternates.map((a) => a.href))) {
        const target = new URL(href, baseURL);
        expect(target.origin).toBe(new URL(baseURL!).origin);
        const response = await request.get(target.pathname + target.search, { headers, maxRedirects: 0 });
        if (response.status() !== 200) failures.push(`${href}: HTTP ${response.status()}`);
      }
      await request.dispose();
      expect(failures).toEqual([]);
    });
  }

  test("languageType picks a locale that shares its prefix, sets the cookie and serves its language", async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL });
    for (const { locale, languageType, htmlLang } of LOCALES.filter((l) => sharesPrefix(l.locale))) {
      const response = await request.get(`${localePath(locale, PAGES.fee.path)}?languageType=${languageType}`);
      expect(response.status(), locale).toBe(200);
      expect(attrOfHtml(await response.text(), "lang"), locale).toBe(htmlLang);
    }
    await request.dispose();
  });

  test("pages carry the default time zone Asia/Shanghai to the client formatters (requirements.md §9)", async ({
    request,
  }) => {
    const html = await (await request.get(localePath("en", PAGES.fee.path))).text();
    expect(html).toMatch(/\\?"timeZone\\?":\\?"Asia\/Shanghai\\?"/);
  });
});
