import { describe, expect, it } from "vitest";
import { ERROR_MESSAGE_KEYS } from "@affiliates/http";
import { withFallback } from "../src/i18n/messages";
import en from "../messages/en.json";
import zhCN from "../messages/zh-CN.json";
import ar from "../messages/ar.json";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((out, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? { ...out, [path]: value } : { ...out, ...flatten(value, path) };
  }, {});
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe("message catalogues", () => {
  const english = flatten(en);

  it("English defines every key the request client's error texts use", () => {
    for (const key of ERROR_MESSAGE_KEYS) expect(english[key], key).toBeTruthy();
    expect(english["http.networkError"]).toBe("Network error. Try again later.");
  });

  it.each([["zh-CN", zhCN], ["ar", ar]] as const)("%s is complete for the shell, with the same placeholders, and translated", (_locale, catalogue) => {
    const translated = flatten(catalogue);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(translated[key] ?? ""), key).toEqual(placeholders(text));
    }
    const identical = Object.keys(english).filter((key) => translated[key] === english[key] && !/^brand\./.test(key));
    expect(identical).toEqual([]);
  });

  it("falls back to English key by key", () => {
    const merged = withFallback({ a: "A", b: { c: "C", d: "D" } }, { b: { c: "Ç" }, z: "ignored" });
    expect(merged).toEqual({ a: "A", b: { c: "Ç", d: "D" } });
  });
});
