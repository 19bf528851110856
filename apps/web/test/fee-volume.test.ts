import { describe, expect, it } from "vitest";
import { MAX_VOLUME, parseLocaleNumber, volumeProblem } from "../src/components/fee/fee-volume";

describe("fee calculator volume", () => {
  it("accepts an empty field (no message, no result) and volumes above 0 up to the maximum", () => {
    for (const empty of [null, undefined, ""]) expect(volumeProblem(empty)).toBeNull();
    for (const volume of [0.01, 1, 250_000, MAX_VOLUME]) expect(volumeProblem(volume), String(volume)).toBeNull();
  });

  it("refuses zero, negative and non-numeric volumes", () => {
    for (const volume of [0, -0, -5, Number.NaN, "abc"])
      expect(volumeProblem(volume), String(volume)).toBe("notPositive");
  });

  it("refuses volumes above the maximum, 1e30 and Infinity included", () => {
    for (const volume of [MAX_VOLUME + 1, 1e30, Number.POSITIVE_INFINITY, "1e30"])
      expect(volumeProblem(volume), String(volume)).toBe("tooLarge");
  });
});

describe("fee calculator volume in the page's locale (issue 34)", () => {
  it("reads German grouping and decimal comma: 1.000,50 is 1000.5", () => {
    expect(parseLocaleNumber("1.000,50", "de")).toBe(1000.5);
    expect(parseLocaleNumber("1000,5", "de")).toBe(1000.5);
    expect(parseLocaleNumber("1.000.000", "de")).toBe(1_000_000);
    expect(parseLocaleNumber("250", "de")).toBe(250);
  });

  it("refuses what a locale cannot mean (NaN, for a message) and leaves an empty field empty", () => {
    expect(parseLocaleNumber("1.5", "de")).toBeNaN();
    expect(parseLocaleNumber("1,000.50", "de")).toBeNaN();
    expect(parseLocaleNumber("12,34,56", "en")).toBeNaN();
    expect(parseLocaleNumber("abc", "en")).toBeNaN();
    expect(parseLocaleNumber("  ", "de")).toBeUndefined();
  });

  it("reads English, French (spaces) and a plain decimal point where it is no group separator", () => {
    expect(parseLocaleNumber("1,000.50", "en")).toBe(1000.5);
    expect(parseLocaleNumber("1000.5", "en")).toBe(1000.5);
    expect(parseLocaleNumber("1 000,5", "fr")).toBe(1000.5);
    expect(parseLocaleNumber("1\u202f000,5", "fr")).toBe(1000.5);
    expect(parseLocaleNumber("1000.5", "fr")).toBe(1000.5);
  });

  it("reads an exponent, so a huge pasted number is refused as too large rather than as unreadable", () => {
    expect(parseLocaleNumber("1e30", "en")).toBe(1e30);
    expect(volumeProblem(parseLocaleNumber("1e30", "en"))).toBe("tooLarge");
    expect(parseLocaleNumber("2,5E3", "de")).toBe(2500);
    expect(parseLocaleNumber("1e", "en")).toBeNaN();
  });
});
