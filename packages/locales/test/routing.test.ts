import { describe, expect, it } from "vitest";
import {
  LOCALES,
  localeFromLanguageKey,
  localeFromLanguageType,
  localePath,
  localesOfPrefix,
  loginPath,
  parseProductPath,
  resolveLocale,
} from "../src";

describe("the locale table", () => {
  it("has the 31 locales of requirements.md §3 with unique codes, keys and numbers", () => {
    expect(LOCALES).toHaveLength(31);
    expect(new Set(LOCALES.map((l) => l.locale)).size).toBe(31);
    expect(new Set(LOCALES.map((l) => l.languageKey)).size).toBe(31);
    expect(new Set(LOCALES.map((l) => l.languageType)).size).toBe(31);
  });

  it.each([
    ["en", 0],
    ["zh-CN", 1],
    ["ja", 2],
    ["vi", 4],
    ["zh-TC", 5],
    ["ru", 6],
    ["es", 7],
    ["it", 9],
    ["fr", 10],
    ["de", 11],
    ["pt", 12],
    ["id", 13],
    ["pl", 20],
    ["uk", 21],
    ["es-ES", 23],
    ["pt-PT", 24],
    ["uz", 25],
    ["ar", 39],
    ["ph", 40],
    ["en-GB", 41],
    ["es-AR", 42],
    ["en-CA", 43],
    ["en-NG", 902],
    ["en-IN", 903],
    ["en-MY", 904],
    ["en-FR", 905],
    ["fr-FR", 906],
    ["ru-FR", 907],
  ])("%s has languageType %i", (locale, type) => {
    expect(localeFromLanguageType(type)).toBe(locale);
    expect(localeFromLanguageType(String(type))).toBe(locale);
  });

  it.each([
    ["en", ""],
    ["en-NG", ""],
    ["en-IN", ""],
    ["en-MY", ""],
    ["en-FR", ""],
    ["en-UZ", ""],
    ["fr-FR", "fr"],
    ["ru-FR", "ru"],
    ["ru-UZ", "ru"],
    ["uz-UZ", "uz"],
    ["ja", "ja"],
    ["zh-CN", "zh-CN"],
    ["en-GB", "en-GB"],
  ])("%s has URL prefix %j (requirements.md §2)", (locale, prefix) => {
    expect(LOCALES.find((l) => l.locale === locale)?.prefix).toBe(prefix);
  });

  it("only Arabic is right to left", () => {
    expect(LOCALES.filter((l) => l.dir === "rtl").map((l) => l.locale)).toEqual(["ar"]);
  });

  it("rejects unknown language values", () => {
    expect(localeFromLanguageType("3")).toBeUndefined();
    expect(localeFromLanguageType("abc")).toBeUndefined();
    expect(localeFromLanguageType("")).toBeUndefined();
    expect(localeFromLanguageKey("xx_XX")).toBeUndefined();
    expect(localeFromLanguageKey("ja_JP")).toBe("ja");
    expect(localeFromLanguageKey("JA_jp")).toBe("ja");
  });
});

describe("paths", () => {
  it.each([
    ["/affiliates", { prefix: "", page: "" }],
    ["/affiliates/", { prefix: "", page: "" }],
    ["/ja/affiliates/fee", { prefix: "ja", page: "/fee" }],
    ["/zh-cn/affiliates/vip/detail", { prefix: "zh-CN", page: "/vip/detail" }],
    ["/ru/affiliates/vip-institutional-services/pro", { prefix: "ru", page: "/vip-institutional-services/pro" }],
  ])("parses %s", (path, expected) => {
    expect(parseProductPath(path)).toEqual(expected);
  });

  it.each(["/", "/login", "/xx/affiliates", "/ja/other", "/affiliatesx", "/ja"])("%s is not a product path", (path) => {
    expect(parseProductPath(path)).toBeUndefined();
  });

  it("builds public paths per locale", () => {
    expect(localePath("en", "/fee")).toBe("/affiliates/fee");
    expect(localePath("fr-FR")).toBe("/fr/affiliates");
    expect(localePath("en-IN", "/vip/detail")).toBe("/affiliates/vip/detail");
  });

  it("builds the login redirect with from and source=cms", () => {
    expect(loginPath("ja", "/ja/affiliates/dashboard?x=1")).toBe(
      "/ja/login?from=%2Fja%2Faffiliates%2Fdashboard%3Fx%3D1&source=cms",
    );
    expect(loginPath("en", "/affiliates")).toBe("/login?from=%2Faffiliates&source=cms");
  });
});

describe("resolveLocale", () => {
  it("takes languageType first, then language, then the prefix (the cookie choosing within it)", () => {
    expect(resolveLocale({ languageType: "2", language: "de_DE", cookie: "fr", prefix: "ru" })).toEqual({
      locale: "ja",
      source: "languageType",
    });
    expect(resolveLocale({ language: "de_DE", cookie: "fr", prefix: "ru" })).toEqual({
      locale: "de",
      source: "language",
    });
    expect(resolveLocale({ cookie: "ru-FR", prefix: "ru" })).toEqual({ locale: "ru-FR", source: "cookie" });
    expect(resolveLocale({ prefix: "ru" })).toEqual({ locale: "ru", source: "prefix" });
  });

  it("a prefix the visitor opened wins over a cookie of another language; the cookie picks within a shared prefix", () => {
    expect(resolveLocale({ cookie: "ja", prefix: "de" })).toEqual({ locale: "de", source: "prefix" });
    expect(resolveLocale({ cookie: "ja", prefix: "ru" })).toEqual({ locale: "ru", source: "prefix" });
    expect(resolveLocale({ cookie: "fr-FR", prefix: "fr" })).toEqual({ locale: "fr-FR", source: "cookie" });
    // An unprefixed URL follows the cookie, whatever its language.
    expect(resolveLocale({ cookie: "ja", prefix: "" })).toEqual({ locale: "ja", source: "cookie" });
    expect(resolveLocale({ cookie: "en-IN", prefix: "" })).toEqual({ locale: "en-IN", source: "cookie" });
  });

  it("ignores invalid values at each step", () => {
    expect(resolveLocale({ languageType: "999", language: "nope", cookie: "xx", prefix: "fr" })).toEqual({
      locale: "fr",
      source: "prefix",
    });
  });

  it("gives each shared prefix a default and lists its group", () => {
    expect(localesOfPrefix("")[0]).toBe("en");
    expect(localesOfPrefix("").sort()).toEqual(["en", "en-FR", "en-IN", "en-MY", "en-NG", "en-UZ"].sort());
    expect(localesOfPrefix("ru")).toEqual(["ru", "ru-FR", "ru-UZ"]);
    expect(localesOfPrefix("fr")).toEqual(["fr", "fr-FR"]);
    expect(localesOfPrefix("uz")).toEqual(["uz", "uz-UZ"]);
  });
});
