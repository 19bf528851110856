import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import {
  AffiliateResponseCode,
  ResponseCode,
  SILENT_CODES,
  SUCCESS_CODES,
  VipResponseCode,
} from "@affiliates/contracts";
import { HttpError, NETWORK_ERROR_CODE } from "@affiliates/http";
import { LOCALE_CODES, type Locale } from "@affiliates/locales";
import { apiErrorKey, apiErrorText, BUSINESS_CODE_NAMES } from "../src/lib/api-error-text";
import { asDataTranslator } from "../src/lib/message-keys";

const dir = path.resolve(__dirname, "../messages");
type Catalogue = Record<string, Record<string, unknown>>;
const read = (group: string, locale: string): Catalogue =>
  JSON.parse(readFileSync(path.join(dir, group, `${locale}.json`), "utf8")) as Catalogue;
const ERROR_LOCALES = readdirSync(path.join(dir, "errors")).map((file) => file.replace(/\.json$/, ""));
/** Locales whose script is not Latin: a Latin letter in their sentence is English left behind. */
const NON_LATIN = ["ar", "ja", "zh-CN", "zh-TC", "ru", "ru-FR", "ru-UZ", "uk"];

/**
 * The contracts' business-code tables, read here on their own terms: every code of the affiliate and VIP tables, and
 * the shared table's five-digit codes that are neither success nor silent (its three-digit codes are HTTP statuses).
 */
const TABLE_CODES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(ResponseCode).filter(
      ([, code]) => /^\d{5}$/.test(code) && !SUCCESS_CODES.includes(code) && !SILENT_CODES.includes(code),
    ),
  ),
  ...AffiliateResponseCode,
  ...VipResponseCode,
};

const business = (code: string, msg = "server text") =>
  new HttpError({ code, msg, kind: "business", url: "/some/path", method: "POST", status: 409 });

/** A `t` over the app's messages of one locale (errors and the shell's HTTP texts), as next-intl builds it and useApiErrorText passes it. */
const translatorFor = (locale: Locale) =>
  asDataTranslator(createTranslator({ locale, messages: { ...read("shell", locale), ...read("errors", locale) } }));

describe("business refusals as sentences (apiErrors)", () => {
  it("there is a catalogue for every locale of the product's message groups", () => {
    expect(ERROR_LOCALES.sort()).toEqual(
      readdirSync(path.join(dir, "forms"))
        .map((file) => file.replace(/\.json$/, ""))
        .sort(),
    );
    expect(ERROR_LOCALES).toHaveLength(24);
    for (const locale of ERROR_LOCALES) expect(LOCALE_CODES).toContain(locale);
  });

  it("names every code of the contracts' tables, once (no two tables share a code)", () => {
    const codes = Object.values(TABLE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(BUSINESS_CODE_NAMES).sort()).toEqual([...codes].sort());
    for (const [name, code] of Object.entries(TABLE_CODES)) expect(apiErrorKey(code)).toBe(`apiErrors.${name}`);
    // HTTP statuses and the silent codes have no sentence: they keep requirements.md §8's texts (or show nothing).
    for (const code of [
      ResponseCode.badRequest,
      ResponseCode.forbidden,
      ResponseCode.internal,
      ResponseCode.noSession,
      ResponseCode.rateLimited,
    ]) {
      expect(apiErrorKey(code)).toBeUndefined();
    }
  });

  for (const locale of ERROR_LOCALES) {
    it(`${locale}: a sentence for every business code, no code or bracket in it`, () => {
      const sentences = read("errors", locale).apiErrors ?? {};
      for (const name of Object.keys(TABLE_CODES)) {
        const text = sentences[name];
        expect(typeof text === "string" && text.trim().length >= 8, `${locale} apiErrors.${name}`).toBe(true);
        expect(String(text), `${locale} apiErrors.${name}`).not.toContain("[");
        expect(String(text), `${locale} apiErrors.${name}: no code`).not.toMatch(/\d{5}/);
        if (NON_LATIN.includes(locale))
          expect(String(text), `${locale} apiErrors.${name}: English left`).not.toMatch(/[A-Za-z]/);
      }
      expect(Object.keys(sentences).sort(), `${locale}: no sentence for a code the contracts do not have`).toEqual(
        Object.keys(TABLE_CODES).sort(),
      );
    });
  }
});

describe("apiErrorText", () => {
  it("reads a business refusal as the locale's sentence, without the code or the server's English", () => {
    const ja = translatorFor("ja");
    const text = apiErrorText(business(AffiliateResponseCode.linkCodeTaken, "code: this code is taken"), ja);
    expect(text).toBe(read("errors", "ja").apiErrors?.linkCodeTaken);
    expect(text).not.toMatch(/\[|10004|taken/);
    expect(apiErrorText(business(VipResponseCode.levelTooLow), translatorFor("ar"))).toBe(
      read("errors", "ar").apiErrors?.levelTooLow,
    );
  });

  it("keeps requirements.md §8's `[code] message` for HTTP statuses, the network and business codes without a sentence", () => {
    const en = translatorFor("en");
    expect(
      apiErrorText(
        new HttpError({
          code: "500",
          msg: "Internal Server Error",
          kind: "http",
          url: "/some/path",
          method: "GET",
          status: 500,
        }),
        en,
      ),
    ).toBe("[500] The server ran into a problem.");
    expect(
      apiErrorText(
        new HttpError({ code: NETWORK_ERROR_CODE, msg: "offline", kind: "network", url: "/some/path", method: "GET" }),
        en,
      ),
    ).toBe(`[${NETWORK_ERROR_CODE}] Network error. Try again later.`);
    expect(apiErrorText(business("30001", "Account frozen"), en)).toBe("[30001] Account frozen");
  });

  it("a status that arrives as a business envelope stays requirements.md §8's text too", () => {
    expect(apiErrorText(business(ResponseCode.badRequest, "name: too short"), translatorFor("en"))).toBe(
      "[400] name: too short",
    );
  });

  it("anything that is not a request error reads as the unknown-error text", () => {
    const en = translatorFor("en");
    expect(apiErrorText(new Error("boom"), en)).toBe(en("http.unknownError"));
  });
});
