import { describe, expect, it } from "vitest";
import {
  affiliateApplicationRequestSchema,
  brokerApplicationSchema,
  COUNTRY_CODES,
  countryCodeSchema,
  isCountryCode,
} from "../src";

describe("the country list of the application forms", () => {
  it("holds two-letter codes, each once, that the browsers' region names know", () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(names.of(code), code).toBeTruthy();
    }
    expect(names.of("PT")).toBe("Portugal");
  });

  it("every code is a value the contracts accept for the country and the region", () => {
    for (const code of COUNTRY_CODES) {
      expect(brokerApplicationSchema.shape.country.safeParse(code).success, code).toBe(true);
      expect(affiliateApplicationRequestSchema.shape.region.safeParse(code).success, code).toBe(true);
    }
  });

  it("nothing outside the list counts as a country", () => {
    for (const value of ["-1", "", " ", "pt", "Portugal", "XX", "P T", 1, null, undefined])
      expect(isCountryCode(value), String(value)).toBe(false);
    expect(isCountryCode("PT")).toBe(true);
    for (const value of ["-1", "Portugal", "pt", ""]) {
      expect(countryCodeSchema.safeParse(value).success, value).toBe(false);
      expect(brokerApplicationSchema.shape.country.safeParse(value).success, value).toBe(false);
      expect(affiliateApplicationRequestSchema.shape.region.safeParse(value).success, value).toBe(false);
    }
  });
});
