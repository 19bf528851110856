import { describe, expect, it } from "vitest";
import { APP_SCHEMES, SAFE_SCHEMES, getScheme, isSafeUrl, normalizeUrl } from "../src/index";
import { URL_CASES } from "./fixtures/url-cases";

function label(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "symbol" || typeof value === "function") return typeof value;
  if (value instanceof URL) return "URL object";
  return JSON.stringify(value) ?? String(value);
}

describe("isSafeUrl", () => {
  it("has a table of at least 100 cases, both verdicts well represented", () => {
    expect(URL_CASES.length).toBeGreaterThanOrEqual(100);
    expect(URL_CASES.filter((c) => c.safe).length).toBeGreaterThanOrEqual(40);
    expect(URL_CASES.filter((c) => !c.safe).length).toBeGreaterThanOrEqual(40);
  });

  it.each(URL_CASES.map((c) => [label(c.value), c.safe, c.value] as const))("%s → safe: %s", (_label, safe, value) => {
    expect(isSafeUrl(value)).toBe(safe);
  });

  it("accepts every app scheme and every listed scheme", () => {
    for (const scheme of [...SAFE_SCHEMES, ...APP_SCHEMES]) expect(isSafeUrl(`${scheme}//x`)).toBe(true);
  });

  it("handles very long values", () => {
    expect(isSafeUrl(`https://example.com/${"a".repeat(2_000_000)}`)).toBe(true);
    expect(isSafeUrl(`${" ".repeat(100_000)}javascript:alert(1)`)).toBe(false);
  });
});

describe("normalizeUrl and getScheme", () => {
  it("strips edge C0 controls and spaces, removes tabs and newlines", () => {
    expect(normalizeUrl("\u0000 \tja\nva\rscript:x \u001f")).toBe("javascript:x");
    expect(normalizeUrl("\u00a0x")).toBe("\u00a0x");
  });

  it("reads the scheme as WHATWG does", () => {
    expect(getScheme("JavaScript:x")).toBe("javascript:");
    expect(getScheme("a+b.c-d:x")).toBe("a+b.c-d:");
    expect(getScheme("1abc:x")).toBeNull();
    expect(getScheme("/x:y")).toBeNull();
    expect(getScheme("java script:x")).toBeNull();
  });
});
