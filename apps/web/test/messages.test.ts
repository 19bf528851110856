import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_MESSAGE_KEYS } from "@affiliates/http";
import { LOCALE_CODES } from "@affiliates/locales";
import { loadMessages, MESSAGE_GROUPS, withFallback } from "../src/i18n/messages";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((out, [key, value]) => {
    const next = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? { ...out, [next]: value } : { ...out, ...flatten(value, next) };
  }, {});
const placeholders = (text: string) => [...text.matchAll(/\$?\{(\w+)/g)].map((m) => m[0]).sort();

const dir = path.resolve(__dirname, "../messages");
const read = (group: string, locale: string): Record<string, string> =>
  flatten(JSON.parse(readFileSync(path.join(dir, group, `${locale}.json`), "utf8")) as Tree);
/** The shell's first languages must exist in every group; any other locale's file, once present, must be complete too. */
const REQUIRED = ["en", "zh-CN", "ar"];
const localesOf = (group: string) => readdirSync(path.join(dir, group)).map((file) => file.replace(/\.json$/, ""));
/** English variants may keep English text. */
const isEnglish = (locale: string) => locale === "en" || locale.startsWith("en-");
/** Values that stay the same in every language: brand names. */
const SAME_EVERYWHERE = /^brand\./;

describe("message catalogues", () => {
  it("every group folder is a known group and holds only known locales", () => {
    expect(readdirSync(dir).sort()).toEqual([...MESSAGE_GROUPS].sort());
    for (const group of MESSAGE_GROUPS) {
      for (const file of readdirSync(path.join(dir, group))) expect(LOCALE_CODES).toContain(file.replace(/\.json$/, ""));
    }
  });

  it("English defines every key the request client's error texts use", () => {
    const english = read("shell", "en");
    for (const key of ERROR_MESSAGE_KEYS) expect(english[key], key).toBeTruthy();
    expect(english["http.networkError"]).toBe("Network error. Try again later.");
  });

  for (const group of MESSAGE_GROUPS) {
    const english = read(group, "en");
    it(`${group} has the required languages`, () => {
      for (const locale of REQUIRED) expect(localesOf(group)).toContain(locale);
    });
    for (const locale of localesOf(group).filter((l) => l !== "en")) {
      it(`${group}/${locale} has every English key and no other, the same placeholders, and is translated`, () => {
        const translated = read(group, locale);
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(english)) expect(placeholders(translated[key] ?? ""), key).toEqual(placeholders(text));
        if (isEnglish(locale)) return;
        const identical = Object.keys(english).filter((key) => translated[key] === english[key] && !SAME_EVERYWHERE.test(key));
        expect(identical).toEqual([]);
      });
    }
  }

  it("no key is defined in two groups, and a locale's messages hold every group", async () => {
    const seen = new Map<string, string>();
    for (const group of MESSAGE_GROUPS) {
      for (const key of Object.keys(read(group, "en"))) {
        expect(seen.get(key), `${key} in ${group}`).toBeUndefined();
        seen.set(key, group);
      }
    }
    const arabic = flatten((await loadMessages("ar")));
    expect(Object.keys(arabic).sort()).toEqual([...seen.keys()].sort());
    expect(arabic["meta.home.title"]).toBe(read("shell", "ar")["meta.home.title"]);
    expect(arabic["meta.apply.title"]).toBe(read("affiliate", "ar")["meta.apply.title"]);
  });

  it("falls back to English key by key", () => {
    const merged = withFallback({ a: "A", b: { c: "C", d: "D" } }, { b: { c: "Ç" }, z: "ignored" });
    expect(merged).toEqual({ a: "A", b: { c: "Ç", d: "D" } });
  });
});
