import { describe, expect, it } from "vitest";
import { buildQuery, compactParams, isEmptyParam } from "../src";

describe("compactParams", () => {
  it("drops empty string, null, undefined, empty arrays and empty objects", () => {
    expect(
      compactParams({ a: "", b: null, c: undefined, d: [], e: {}, f: "x", g: 0, h: false, i: [1], j: { k: 1 }, l: " " }),
    ).toEqual({ f: "x", g: 0, h: false, i: [1], j: { k: 1 }, l: " " });
  });

  it("returns an empty object when everything is empty", () => {
    expect(compactParams({ a: "", b: null })).toEqual({});
  });

  it("does not change its argument", () => {
    const params = { a: "", b: "1" };
    compactParams(params);
    expect(params).toEqual({ a: "", b: "1" });
  });
});

describe("isEmptyParam", () => {
  it.each([
    ["", true],
    [null, true],
    [undefined, true],
    [[], true],
    [{}, true],
    [0, false],
    [false, false],
    ["0", false],
    [[0], false],
    [new Date(0), false],
  ])("%o → %s", (value, expected) => {
    expect(isEmptyParam(value)).toBe(expected);
  });
});

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
    expect(buildQuery({ "a b": "x&y=z", url: "https://e.com/?q=1" })).toBe("a+b=x%26y%3Dz&url=https%3A%2F%2Fe.com%2F%3Fq%3D1");
  });

  it("gives an empty string for no params", () => {
    expect(buildQuery(undefined)).toBe("");
    expect(buildQuery({ a: undefined })).toBe("");
  });
});
