import { endpointPath } from "@affiliates/contracts/endpoints";
import { describe, expect, it } from "vitest";
import { buildUrl, normalizePath } from "../src";

/** A path as the endpoint table gives it: `v1/…`, without a leading slash. */
const tablePath = endpointPath("userInfo");

describe("normalizePath", () => {
  it("prefixes v1 paths with a slash", () => {
    expect(normalizePath(tablePath)).toBe(`/${tablePath}`);
  });

  it("leaves other paths alone", () => {
    expect(normalizePath(`/${tablePath}`)).toBe(`/${tablePath}`);
    expect(normalizePath("api/x")).toBe("api/x");
    expect(normalizePath("some/path")).toBe("some/path");
    expect(normalizePath(`https://cfg.example.com/${tablePath}`)).toBe(`https://cfg.example.com/${tablePath}`);
  });
});

describe("buildUrl", () => {
  it("joins base URL and path with exactly one slash", () => {
    expect(buildUrl("https://api.example.com/", "some/path")).toBe("https://api.example.com/some/path");
    expect(buildUrl("https://api.example.com", "/some/path")).toBe("https://api.example.com/some/path");
    expect(buildUrl("https://api.example.com/", tablePath)).toBe(`https://api.example.com/${tablePath}`);
    expect(buildUrl("https://api.example.com", "other")).toBe("https://api.example.com/other");
  });

  it("keeps absolute URLs and bare paths without a base", () => {
    expect(buildUrl("https://api.example.com", "https://cfg.example.com/any")).toBe("https://cfg.example.com/any");
    expect(buildUrl("", tablePath)).toBe(`/${tablePath}`);
    expect(buildUrl("", "/some/path")).toBe("/some/path");
  });

  it("appends the query with ? or &", () => {
    expect(buildUrl("", "/some/path", { x: 1, y: "" })).toBe("/some/path?x=1");
    expect(buildUrl("", "/some/path?fixed=1", { x: 2 })).toBe("/some/path?fixed=1&x=2");
    expect(buildUrl("", "/some/path", { y: null })).toBe("/some/path");
  });
});
