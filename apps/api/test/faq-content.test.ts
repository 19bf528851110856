import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_CODES } from "@affiliates/locales";
import { sanitizeHtml } from "@affiliates/safety";
import { affiliateProgrammeSchema, brokerProgrammeSchema, vipGuideSchema } from "@affiliates/contracts";
import {
  FAQ_LOCALES,
  FAQ_PROGRAMMES,
  faqFile,
  faqFor,
  faqLocale,
  type FaqItem,
  type FaqProgramme,
} from "../src/domains/content/faq";
import { createTestApp, envelope, type TestApp } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

const english = faqFile("en");
const others = FAQ_LOCALES.filter((l) => l !== "en");

/** The opening tags of a fragment (name and href), sorted: translations may reorder words, never drop or add markup. */
const tagsOf = (html: string): string[] =>
  [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)]
    .map(
      ([, name = "", attrs = ""]) =>
        `${name.toLowerCase()}${/href="([^"]*)"/.exec(attrs)?.[1] ? ` href=${/href="([^"]*)"/.exec(attrs)?.[1]}` : ""}`,
    )
    .sort();

describe("FAQ content files (domains/content/faq/<locale>.json)", () => {
  it("registers English, Simplified Chinese and Arabic, and only locales of @affiliates/locales", () => {
    expect(FAQ_LOCALES[0]).toBe("en");
    expect(FAQ_LOCALES).toEqual(expect.arrayContaining(["en", "zh-CN", "ar"]));
    for (const locale of FAQ_LOCALES) expect(LOCALE_CODES).toContain(locale);
  });

  it("registers every file of the folder (domains/content/faq.ts imports them statically)", () => {
    const files = readdirSync(new URL("../src/domains/content/faq", import.meta.url)).filter((f) =>
      f.endsWith(".json"),
    );
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual([...FAQ_LOCALES].sort());
  });

  it("English has every programme with unique, non-empty items", () => {
    for (const programme of FAQ_PROGRAMMES) {
      const items = english?.[programme] ?? [];
      expect(items.length, programme).toBeGreaterThan(0);
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    }
  });

  describe.each(others)("%s", (locale) => {
    const file = faqFile(locale);

    it("has exactly the English programmes and item ids, in order", () => {
      expect(Object.keys(file ?? {}).sort()).toEqual([...FAQ_PROGRAMMES].sort());
      for (const programme of FAQ_PROGRAMMES) {
        expect(
          file?.[programme]?.map((i) => i.id),
          programme,
        ).toEqual(english?.[programme]?.map((i) => i.id));
      }
    });

    it("translates every question and answer (non-empty, none identical to English) keeping the markup and links", () => {
      for (const programme of FAQ_PROGRAMMES) {
        for (const item of file?.[programme] ?? []) {
          const en = english?.[programme]?.find((i) => i.id === item.id);
          const where = `${programme}/${item.id}`;
          expect(item.question.trim(), where).not.toBe("");
          expect(item.answerHtml.trim(), where).not.toBe("");
          expect(item.question, where).not.toBe(en?.question);
          expect(item.answerHtml, where).not.toBe(en?.answerHtml);
          expect(tagsOf(item.answerHtml), where).toEqual(tagsOf(en?.answerHtml ?? ""));
        }
      }
    });
  });

  it.each(FAQ_LOCALES)(
    "%s: every answer survives sanitizeHtml with its structure intact (no script, no handlers)",
    (locale) => {
      for (const programme of FAQ_PROGRAMMES) {
        for (const item of faqFile(locale)?.[programme] ?? []) {
          const where = `${locale} ${programme}/${item.id}`;
          expect(item.answerHtml, where).not.toMatch(/<script|<style|<iframe|\son[a-z]+\s*=|javascript:/i);
          const clean = sanitizeHtml(item.answerHtml);
          expect(tagsOf(clean), where).toEqual(tagsOf(item.answerHtml));
          expect(clean.replace(/<[^>]*>/g, ""), where).toBe(
            item.answerHtml
              .replace(/<[^>]*>/g, "")
              .replace(/&amp;/g, "&")
              .replace(/&/g, "&amp;"),
          );
        }
      }
    },
  );
});

describe("faqFor", () => {
  it("every non-English locale of the 31 has its own file (English variants read English)", () => {
    for (const locale of LOCALE_CODES) {
      expect(faqLocale(locale), locale).toBe(locale === "en" || locale.startsWith("en-") ? "en" : locale);
    }
  });

  it("falls back to the language, then to English, item by item", () => {
    expect(faqFor("vip", "en-GB")).toEqual(english?.vip);
    expect(faqFor("vip", "no-such")).toEqual(english?.vip);
    expect(faqFor("vip", "ZH-cn")).toEqual(faqFile("zh-CN")?.vip);
    expect(faqLocale("zh-cn")).toBe("zh-CN");
    expect(faqLocale("en-NG")).toBe("en");
    for (const locale of LOCALE_CODES) {
      for (const programme of FAQ_PROGRAMMES) {
        const items: FaqItem[] = faqFor(programme, locale);
        expect(items.map((i) => i.id)).toEqual(english?.[programme]?.map((i) => i.id));
      }
    }
  });
});

describe("FAQ endpoints follow the Locale header", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, locale: string) => {
    const response = await t.app.inject({ method: "GET", url, headers: { locale } });
    expect(response.statusCode, response.body).toBe(200);
    return envelope(response).data;
  };

  const ENDPOINTS: [FaqProgramme, string][] = [
    ["affiliate", apiUrl("affiliateProgramme")],
    ["vip", apiUrl("vipGuide")],
    ["broker", apiUrl("brokerProgramme")],
    ["market-maker", apiUrl("marketMakerProgramme")],
    ["institutional", apiUrl("institutionalProgramme")],
    ["incubation", apiUrl("incubationProgramme")],
  ];

  it.each(ENDPOINTS)("%s (%s) answers each locale's own file", async (programme, url) => {
    for (const locale of FAQ_LOCALES) {
      const data = (await get(url, locale)) as { faq: FaqItem[] };
      expect(data.faq, locale).toEqual(faqFile(locale)?.[programme] ?? english?.[programme]);
    }
  });

  it.skipIf(!FAQ_LOCALES.includes("de"))("answers German for Locale: de", async () => {
    const de = faqFile("de");
    const affiliate = affiliateProgrammeSchema.parse(await get(apiUrl("affiliateProgramme"), "de"));
    expect(affiliate.faq).toEqual(de?.affiliate);
    expect(affiliate.faq[0]?.question).not.toBe(english?.affiliate?.[0]?.question);
    const vip = vipGuideSchema.parse(await get(apiUrl("vipGuide"), "de"));
    expect(vip.locale).toBe("de");
    expect(vip.faq).toEqual(de?.vip);
    const broker = brokerProgrammeSchema.parse(await get(apiUrl("brokerProgramme"), "de"));
    expect(broker.faq).toEqual(de?.broker);
  });

  it("the affiliate programme varies by Locale and stays English without it", async () => {
    const response = await t.app.inject({ method: "GET", url: apiUrl("affiliateProgramme") });
    expect(response.headers.vary).toMatch(/Locale/);
    expect(affiliateProgrammeSchema.parse(envelope(response).data).faq).toEqual(english?.affiliate);
  });
});
