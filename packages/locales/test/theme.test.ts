import { describe, expect, it } from "vitest";
import { fromHeaderTheme, isDarkOnlyPath, resolveTheme, toggleTheme } from "../src";

describe("theme mapping (requirements.md §2)", () => {
  it.each([
    ["Black", "Dark"],
    ["White", "Light"],
    ["Dark", "Light"],
    [null, "Light"],
  ])("reverse maps %j to %s", (value, expected) => expect(fromHeaderTheme(value)).toBe(expected));
  it("toggles between black and white", () => {
    expect(toggleTheme("Black")).toBe("White");
    expect(toggleTheme("White")).toBe("Black");
  });
});

describe("resolveTheme", () => {
  it.each([
    "/affiliates",
    "/ja/affiliates",
    "/affiliates/vip/vipIntroduce",
    "/affiliates/vip/detail",
    "/affiliates/vip/vip-guide",
    "/affiliates/experience-card",
    "/affiliates/vip-institutional-services",
    "/ar/affiliates/vip-institutional-services/pro",
    "/affiliates/vip/new-coin-airdrop",
    "/affiliates/broker",
    "/affiliates/incubation-program",
  ])("%s is always dark", (pathname) => {
    expect(isDarkOnlyPath(pathname)).toBe(true);
    expect(resolveTheme({ pathname, appTheme: "light", cookie: "Light" })).toBe("Black");
  });

  it("other pages take appTheme, then the cookie, then white", () => {
    expect(isDarkOnlyPath("/affiliates/fee")).toBe(false);
    expect(resolveTheme({ pathname: "/affiliates/fee", appTheme: "dark", cookie: "Light" })).toBe("Black");
    expect(resolveTheme({ pathname: "/affiliates/fee", appTheme: "DARK" })).toBe("Black");
    expect(resolveTheme({ pathname: "/affiliates/fee", appTheme: "light", cookie: "Dark" })).toBe("White");
    expect(resolveTheme({ pathname: "/affiliates/fee", appTheme: "whatever", cookie: "Dark" })).toBe("White");
    expect(resolveTheme({ pathname: "/affiliates/fee", cookie: "Dark" })).toBe("Black");
    expect(resolveTheme({ pathname: "/affiliates/fee", cookie: "Black" })).toBe("Black");
    expect(resolveTheme({ pathname: "/affiliates/fee", cookie: "Light" })).toBe("White");
    expect(resolveTheme({ pathname: "/affiliates/fee" })).toBe("White");
    expect(resolveTheme({ pathname: "/affiliates/dashboard/" })).toBe("White");
  });
});
