import { describe, expect, it } from "vitest";
import { buildUrl, normalizePath } from "../src";

describe("normalizePath", () => {
  it("prefixes v1 paths with a slash", () => {
    expect(normalizePath("v1/user/overview/userinfo")).toBe("/v1/user/overview/userinfo");
  });

  it("leaves other paths alone", () => {
    expect(normalizePath("/v1/mix")).toBe("/v1/mix");
    expect(normalizePath("api/x")).toBe("api/x");
    expect(normalizePath("https://cfg.example.com/v1/mix")).toBe("https://cfg.example.com/v1/mix");
  });
});

describe("buildUrl", () => {
  it("joins base URL and path with exactly one slash", () => {
    expect(buildUrl("https://api.example.com/", "v1/a")).toBe("https://api.example.com/v1/a");
    expect(buildUrl("https://api.example.com", "/v1/a")).toBe("https://api.example.com/v1/a");
    expect(buildUrl("https://api.example.com", "other")).toBe("https://api.example.com/other");
  });

  it("keeps absolute URLs and bare paths without a base", () => {
    expect(buildUrl("https://api.example.com", "https://cfg.example.com/v1/x")).toBe("https://cfg.example.com/v1/x");
    expect(buildUrl("", "v1/a")).toBe("/v1/a");
  });

  it("appends the query with ? or &", () => {
    expect(buildUrl("", "v1/a", { x: 1, y: "" })).toBe("/v1/a?x=1");
    expect(buildUrl("", "/v1/a?fixed=1", { x: 2 })).toBe("/v1/a?fixed=1&x=2");
    expect(buildUrl("", "/v1/a", { y: null })).toBe("/v1/a");
  });
});
