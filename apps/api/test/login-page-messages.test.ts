import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerRequestSchema } from "@affiliates/contracts";
import { getLocale, isLocale, prefixOf, type Locale } from "@affiliates/locales";
import { escapeHtml } from "../src/domains/pages/render";
import {
  hasOwnMessages,
  LOGIN_MESSAGE_FILES,
  messagesFor,
  withEnglishFallback,
  type PageMessages,
} from "../src/domains/pages/messages";
import { AFFILIATE, createTestApp, deviceToken, type TestApp } from "./helpers/test-app";

const dir = path.resolve(__dirname, "../src/domains/pages/login-messages");
const readFile = (locale: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), "utf8")) as Record<string, unknown>;
const FILE_LOCALES = readdirSync(dir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""))
  .sort();
const english = readFile("en") as unknown as PageMessages;
const KEYS = Object.keys(english).sort();
/** Every text of a file by its dotted path (`loginTitle`, `passwordWarnings.topTen`): the sentence tables flattened. */
function texts(file: Record<string, unknown>): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(file)) {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [inner, text] of Object.entries(value)) flat.set(`${key}.${inner}`, text);
    } else flat.set(key, value);
  }
  return flat;
}
const ENGLISH_TEXTS = texts(english as unknown as Record<string, unknown>);
const TEXT_PATHS = [...ENGLISH_TEXTS.keys()].sort();
/** Values that may stay as in English: brand names and codes. */
const SAME_EVERYWHERE = new Set(["Exchange", "Exchange Partners", "KYC", "UID"]);
const isEnglish = (locale: string) => locale === "en" || locale.startsWith("en-");

describe("login page message files", () => {
  it("the directory holds English and translations for known locales only", () => {
    expect(FILE_LOCALES).toContain("en");
    expect(FILE_LOCALES.length).toBeGreaterThan(4);
    for (const locale of FILE_LOCALES) expect(isLocale(locale), `${locale}.json is not a known locale`).toBe(true);
  });

  it("every file present is registered in messages.ts (static imports), and only those", () => {
    expect(Object.keys(LOGIN_MESSAGE_FILES).sort()).toEqual(FILE_LOCALES);
    for (const locale of FILE_LOCALES) {
      expect(LOGIN_MESSAGE_FILES[locale as Locale], locale).toEqual(readFile(locale));
      expect(hasOwnMessages(locale as Locale), locale).toBe(true);
    }
  });

  for (const locale of FILE_LOCALES.filter((l) => l !== "en")) {
    it(`${locale}.json has exactly the English keys, non-empty texts, and no English text`, () => {
      const file = texts(readFile(locale));
      expect([...file.keys()].sort()).toEqual(TEXT_PATHS);
      for (const path of TEXT_PATHS) {
        const value = file.get(path);
        expect(typeof value === "string" && value.trim() !== "", `${locale}.${path} is empty`).toBe(true);
      }
      if (isEnglish(locale)) return;
      const identical = TEXT_PATHS.filter((path) => {
        const text = ENGLISH_TEXTS.get(path);
        return file.get(path) === text && !(typeof text === "string" && SAME_EVERYWHERE.has(text));
      });
      expect(identical, `${locale}: values identical to English`).toEqual([]);
    });

    it(`${locale}.json's sample mobile number is one the register form accepts`, () => {
      const text = String(readFile(locale).invalidMobile);
      const sample = text.match(/\+\d[\d ]*\d/)?.[0];
      expect(sample, `${locale}.invalidMobile has no +… example`).toBeDefined();
      const parsed = registerRequestSchema.safeParse({
        email: "someone@example.com",
        password: "Password#2026",
        mobile: sample,
      });
      expect(parsed.success, `${locale}: ${sample}`).toBe(true);
    });
  }

  it("falls back to English key by key", () => {
    const merged = withEnglishFallback({ loginTitle: "Anmelden", intro: "", email: 42 });
    expect(merged.loginTitle).toBe("Anmelden");
    expect(merged.intro).toBe(english.intro);
    expect(merged.email).toBe(english.email);
    expect(merged.password).toBe(english.password);
    expect(Object.keys(merged).sort()).toEqual(KEYS);
  });

  it("falls back to English inside the password feedback tables, sentence by sentence", () => {
    const merged = withEnglishFallback({
      passwordWeak: "Zu leicht zu erraten.",
      passwordWarnings: { topTen: "Ein sehr häufig verwendetes Passwort.", common: "" },
      passwordSuggestions: "not a table",
    });
    expect(merged.passwordWeak).toBe("Zu leicht zu erraten.");
    expect(merged.passwordWarnings.topTen).toBe("Ein sehr häufig verwendetes Passwort.");
    expect(merged.passwordWarnings.common).toBe(english.passwordWarnings.common);
    expect(merged.passwordWarnings.userInputs).toBe(english.passwordWarnings.userInputs);
    expect(merged.passwordSuggestions).toEqual(english.passwordSuggestions);
    expect(withEnglishFallback({}).passwordWarnings).toEqual(english.passwordWarnings);
  });

  it("a locale without a file shows English", () => {
    expect(hasOwnMessages("en-GB")).toBe(false);
    expect(messagesFor("en-GB")).toEqual(english);
  });
});

describe("login pages in each language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ["/de/login", undefined, "de", "Anmelden", "E-Mail"],
    ["/ru/login", undefined, "ru", "Вход", "Эл. почта"],
    ["/ru/register", "ru-FR", "ru-FR", "Создание аккаунта", "E-mail"],
    ["/ru/login", "ru-UZ", "ru-UZ", "Вход", "E-mail"],
    ["/uk/login", undefined, "uk", "Вхід", "Ел. пошта"],
    ["/uz/register", "uz-UZ", "uz-UZ", "Hisob yaratish", "Elektron pochta"],
    ["/pl/login", undefined, "pl", "Logowanie", "E-mail"],
    ["/it/login", undefined, "it", "Accedi", "Indirizzo email"],
    ["/id/login", undefined, "id", "Masuk", "Alamat email"],
    ["/ph/login", undefined, "fil", "Mag-log in", "Email address"],
  ])("GET %s (language cookie %s) is in %s: %s", async (url, cookie, lang, title, emailLabel) => {
    const response = await t.app.inject({ method: "GET", url, cookies: cookie ? { language: cookie } : {} });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<html lang="${lang}" dir="ltr">`);
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.body).toContain(`<h1>${title}</h1>`);
    expect(response.body).toContain(`<label for="email">${emailLabel}</label>`);
    expect(response.body).not.toContain(english.intro);
  });

  it("every registered locale's page shows its own titles under its prefix", async () => {
    for (const locale of Object.keys(LOGIN_MESSAGE_FILES) as Locale[]) {
      const texts = messagesFor(locale);
      const prefix = prefixOf(locale);
      for (const kind of ["login", "register"] as const) {
        const url = prefix ? `/${prefix}/${kind}` : `/${kind}`;
        const response = await t.app.inject({ method: "GET", url, cookies: { language: locale } });
        expect(response.statusCode, url).toBe(200);
        const entry = getLocale(locale);
        expect(response.body, `${locale} ${url}`).toContain(`<html lang="${entry.htmlLang}" dir="${entry.dir}">`);
        expect(response.body, `${locale} ${url}`).toContain(
          `<title>${escapeHtml(kind === "login" ? texts.loginTitle : texts.registerTitle)}</title>`,
        );
      }
    }
  });

  it("shows a failed login's message in the page's language", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/de/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        dyToken: await deviceToken(t.app),
        email: AFFILIATE.email,
        password: "wrong-password",
      }).toString(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(escapeHtml(messagesFor("de").invalidCredentials));
    expect(response.body).toContain('<html lang="de" dir="ltr">');
  });
});
