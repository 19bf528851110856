import { describe, expect, it } from "vitest";
import {
  affiliateRangeCheck,
  affiliateRangeMessage,
  affiliateRangeProblem,
  type AffiliateRangeProblem,
} from "../src/affiliate-rules";

const TODAY = "2026-11-25";

describe("affiliateRangeCheck (the report-range rule of the API and the dashboard)", () => {
  it.each([
    [TODAY, TODAY, null],
    ["2025-11-25", TODAY, null], // 366 days
    ["2025-11-24", TODAY, "tooLong"],
    ["2026-11-20", "2026-11-10", "order"],
    ["2026-11-20", "2026-11-26", "future"],
    ["2026-11-30", "2026-11-26", "order"],
    ["", TODAY, "invalid"],
    ["2026-02-30", TODAY, "invalid"],
    [TODAY, "2026-13-01", "invalid"],
  ] as const)("%s..%s → %s", (from, to, expected) => {
    expect(affiliateRangeCheck({ from, to }, TODAY)).toBe(expected);
  });

  it("takes a shorter maximum", () => {
    expect(affiliateRangeCheck({ from: "2026-11-16", to: TODAY }, TODAY, 10)).toBeNull();
    expect(affiliateRangeCheck({ from: "2026-11-15", to: TODAY }, TODAY, 10)).toBe("tooLong");
  });

  it("gives the API a message naming the field for each code", () => {
    const messages: Record<AffiliateRangeProblem, string> = {
      invalid: "from, to: must be days YYYY-MM-DD",
      order: "from: must be on or before to",
      future: "to: must not be in the future",
      tooLong: "from: the range must not exceed 366 days",
    };
    for (const [code, message] of Object.entries(messages))
      expect(affiliateRangeMessage(code as AffiliateRangeProblem)).toBe(message);
    expect(affiliateRangeProblem("2025-11-24", TODAY, TODAY)).toBe(messages.tooLong);
    expect(affiliateRangeProblem(TODAY, TODAY, TODAY)).toBeNull();
  });
});
