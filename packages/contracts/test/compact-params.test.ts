import { describe, expect, it } from "vitest";
import { compactParams, isEmptyParam } from "../src/compact-params";

describe("compactParams", () => {
  it("drops empty string, null, undefined, empty arrays and empty objects", () => {
    expect(
      compactParams({
        a: "",
        b: null,
        c: undefined,
        d: [],
        e: {},
        f: "x",
        g: 0,
        h: false,
        i: [1],
        j: { k: 1 },
        l: " ",
      }),
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
