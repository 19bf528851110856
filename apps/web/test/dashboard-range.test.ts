import { describe, expect, it } from "vitest";
import { rangeOf } from "../src/lib/date-range";

describe("dashboard periods", () => {
  it("counts today in the range, in UTC", () => {
    const today = new Date("2026-11-25T23:30:00Z");
    expect(rangeOf(7, today)).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(rangeOf(1, today)).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(rangeOf(90, today)).toEqual({ from: "2026-08-28", to: "2026-11-25" });
  });
});
