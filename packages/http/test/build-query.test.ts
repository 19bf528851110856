import { describe, expect, it } from "vitest";
import { buildQuery } from "../src";

describe("buildQuery", () => {
  it("serialises scalars, drops empties and repeats array keys", () => {
    expect(buildQuery({ symbol: "BTCUSDT", page: 1, all: false, empty: "", none: null, ids: [1, 2, 3], no: [] })).toBe(
      "symbol=BTCUSDT&page=1&all=false&ids=1&ids=2&ids=3",
    );
  });

  it("skips empty elements inside arrays", () => {
    expect(buildQuery({ tab: ["spot", "", null, undefined, "margin"] })).toBe("tab=spot&tab=margin");
  });

  it("URL-encodes keys and values", () => {
    expect(buildQuery({ "a b": "x&y=z", url: "https://e.com/?q=1" })).toBe(
      "a+b=x%26y%3Dz&url=https%3A%2F%2Fe.com%2F%3Fq%3D1",
    );
  });

  it("gives an empty string for no params", () => {
    expect(buildQuery(undefined)).toBe("");
    expect(buildQuery({ a: undefined })).toBe("");
  });
});
