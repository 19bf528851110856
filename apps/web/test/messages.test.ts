import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// The ICU parser next-intl itself uses (via use-intl → intl-messageformat), so the check reads messages exactly as they render.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { ERROR_MESSAGE_KEYS } from "@affiliates/http";
import { getLocale, LOCALE_CODES, type Locale } from "@affiliates/locales";
import { loadMessages, MESSAGE_GROUPS, withFallback } from "../src/i18n/messages";
import { ALL_LOCALES_REQUIRED_GROUPS, isEnglishLocale, TRANSLATED_LOCALES } from "../src/i18n/locale-coverage";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((out, [key, value]) => {
    const next = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? { ...out, [next]: value } : { ...out, ...flatten(value, next) };
  }, {});

const dir = path.resolve(__dirname, "../messages");
const read = (group: string, locale: string): Record<string, string> =>
  flatten(JSON.parse(readFileSync(path.join(dir, group, `${locale}.json`), "utf8")) as Tree);
/** The shell's first languages must exist in every group; any other locale's file, once present, must be complete too. */
const REQUIRED = ["en", "zh-CN", "ar"];
const localesOf = (group: string) => readdirSync(path.join(dir, group)).map((file) => file.replace(/\.json$/, ""));
/** English variants may keep English text. */
const isEnglish = isEnglishLocale;
/** Values that stay the same in every language: brand names. */
const SAME_EVERYWHERE = /^brand\./;
/**
 * Words that are the same in every language, so a value made only of them (and numbers, punctuation, placeholders)
 * may equal English: ticker symbols and currency codes (USDT, BTC, USD...), and codes users see in the same Latin
 * form worldwide (API, VIP, KYC, CSV, QR, OTC, P2P, ID). Anything else identical to English is an untranslated value.
 */
const NEUTRAL_WORDS =
  /\b(?:USDT|USDC|BTC|ETH|BNB|USD|EUR|CNY|API|VIP\d*|Lv\.?\d*|KYC|CSV|QR|OTC|P2P|ID|UID|\d+(?:[.,]\d+)?[KMB%x]?)\b/g;

/**
 * ALL_LOCALES_REQUIRED_GROUPS (src/i18n/locale-coverage.ts, shared with e2e/locales.spec.ts): groups that must be
 * complete in every one of the 23 languages (today: every group).
 */
export { ALL_LOCALES_REQUIRED_GROUPS, TRANSLATED_LOCALES };

/** What a message takes: each argument's name and type (string, number, date, time, plural, select...) and its tags. */
interface Shape {
  args: string[];
  plurals: { name: string; ordinal: boolean; categories: string[] }[];
  selects: { name: string; options: string[] }[];
  literal: string;
}
const ARG_TYPES: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: "string",
  [TYPE.number]: "number",
  [TYPE.date]: "date",
  [TYPE.time]: "time",
  [TYPE.select]: "select",
  [TYPE.plural]: "plural",
  [TYPE.tag]: "tag",
};
function shapeOf(text: string): Shape {
  const shape: Shape = { args: [], plurals: [], selects: [], literal: "" };
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) shape.literal += element.value;
      if ("value" in element && element.type !== TYPE.literal) {
        const kind =
          element.type === TYPE.plural && element.pluralType === "ordinal" ? "selectordinal" : ARG_TYPES[element.type];
        shape.args.push(`${element.value}:${kind}`);
      }
      if (element.type === TYPE.plural) {
        shape.plurals.push({
          name: element.value,
          ordinal: element.pluralType === "ordinal",
          categories: Object.keys(element.options).sort(),
        });
      }
      if (element.type === TYPE.select)
        shape.selects.push({ name: element.value, options: Object.keys(element.options).sort() });
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(text));
  shape.args = [...new Set(shape.args)].sort();
  return shape;
}
/** True when the text has no words of any language once codes, numbers and placeholders are taken out. */
const isLanguageNeutral = (text: string) => !/\p{L}/u.test(shapeOf(text).literal.replace(NEUTRAL_WORDS, ""));

describe("message catalogues", () => {
  it("every group folder is a known group and holds only known locales", () => {
    expect(readdirSync(dir).sort()).toEqual([...MESSAGE_GROUPS].sort());
    for (const group of MESSAGE_GROUPS) {
      for (const file of readdirSync(path.join(dir, group)))
        expect(LOCALE_CODES).toContain(file.replace(/\.json$/, ""));
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
      it(`${group}/${locale} has every English key and no other, and is translated (arguments: the ICU check below)`, () => {
        const translated = read(group, locale);
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
        if (isEnglish(locale)) return;
        const identical = Object.keys(english).filter(
          (key) =>
            translated[key] === english[key] && !SAME_EVERYWHERE.test(key) && !isLanguageNeutral(english[key] ?? ""),
        );
        expect(identical, "values identical to English (untranslated)").toEqual([]);
      });
      it(`${group}/${locale} has the same ICU arguments as English, and plural forms of its own language`, () => {
        const translated = read(group, locale);
        const rules = {
          cardinal: new Intl.PluralRules(getLocale(locale as Locale).htmlLang).resolvedOptions().pluralCategories,
          ordinal: new Intl.PluralRules(getLocale(locale as Locale).htmlLang, { type: "ordinal" }).resolvedOptions()
            .pluralCategories,
        };
        for (const [key, text] of Object.entries(english)) {
          const reference = shapeOf(text);
          let own: Shape;
          try {
            own = shapeOf(translated[key] ?? "");
          } catch (error) {
            throw new Error(`${group}/${locale} ${key}: not a valid ICU message (${String(error)})`);
          }
          expect(own.args, `${key}: argument names and types (plural/select/number/date)`).toEqual(reference.args);
          expect(own.selects, `${key}: select options`).toEqual(reference.selects);
          for (const plural of own.plurals) {
            const wanted = [...new Set([...(plural.ordinal ? rules.ordinal : rules.cardinal), "other"])].sort();
            const categories = plural.categories.filter((c) => !c.startsWith("="));
            expect(categories, `${key}: {${plural.name}, plural} must use ${locale}'s plural categories`).toEqual(
              wanted,
            );
          }
        }
      });
    }
  }

  it("English messages are valid ICU, and their plurals use English's categories", () => {
    for (const group of MESSAGE_GROUPS) {
      for (const [key, text] of Object.entries(read(group, "en"))) {
        for (const plural of shapeOf(text).plurals) {
          const categories = plural.categories.filter((c) => !c.startsWith("="));
          expect(categories, `${group} ${key}`).toContain("other");
          for (const c of categories)
            expect(["one", "other", ...(plural.ordinal ? ["two", "few"] : [])], `${group} ${key}`).toContain(c);
        }
      }
    }
  });

  it(`groups that must be complete everywhere (${ALL_LOCALES_REQUIRED_GROUPS.join(", ")}) have all ${TRANSLATED_LOCALES.length} languages`, () => {
    expect(TRANSLATED_LOCALES).toHaveLength(23);
    for (const group of ALL_LOCALES_REQUIRED_GROUPS) {
      expect(MESSAGE_GROUPS, group).toContain(group);
      expect(
        TRANSLATED_LOCALES.filter((locale) => !localesOf(group).includes(locale)),
        `${group} lacks`,
      ).toEqual([]);
    }
  });

  it("the shape check catches what it must", () => {
    expect(shapeOf("{count, plural, one {# day} other {# days}} since {date, date, medium}").args).toEqual([
      "count:plural",
      "date:date",
    ]);
    expect(shapeOf("{count, number} days").args).toEqual(["count:number"]);
    expect(shapeOf("{n, select, a {x} other {y}}").selects).toEqual([{ name: "n", options: ["a", "other"] }]);
    expect(isLanguageNeutral("{value} USDT")).toBe(true);
    expect(isLanguageNeutral("VIP 3")).toBe(true);
    expect(isLanguageNeutral("Fees")).toBe(false);
    expect(new Intl.PluralRules("ru").resolvedOptions().pluralCategories.sort()).toEqual([
      "few",
      "many",
      "one",
      "other",
    ]);
  });

  it("no key is defined in two groups, and a locale's messages hold every group", async () => {
    const seen = new Map<string, string>();
    for (const group of MESSAGE_GROUPS) {
      for (const key of Object.keys(read(group, "en"))) {
        expect(seen.get(key), `${key} in ${group}`).toBeUndefined();
        seen.set(key, group);
      }
    }
    const arabic = flatten(await loadMessages("ar"));
    expect(Object.keys(arabic).sort()).toEqual([...seen.keys()].sort());
    expect(arabic["meta.home.title"]).toBe(read("shell", "ar")["meta.home.title"]);
    expect(arabic["meta.apply.title"]).toBe(read("affiliate", "ar")["meta.apply.title"]);
  });

  it("falls back to English key by key", () => {
    const merged = withFallback({ a: "A", b: { c: "C", d: "D" } }, { b: { c: "Ç" }, z: "ignored" });
    expect(merged).toEqual({ a: "A", b: { c: "Ç", d: "D" } });
  });
});
