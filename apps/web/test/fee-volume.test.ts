import { describe, expect, it } from "vitest";
import { MAX_VOLUME, volumeProblem } from "../src/components/fee/fee-volume";

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
