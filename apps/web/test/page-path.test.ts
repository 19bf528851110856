import { describe, expect, it } from "vitest";
import { pageFromPathname } from "../src/lib/page-path";
import { internalPath } from "../src/lib/internal-route";

describe("pageFromPathname", () => {
  it.each([
    ["/affiliates", ""],
    ["/ja/affiliates/fee", "/fee"],
    ["/en/white/affiliates/dashboard", "/dashboard"],
    ["/zh-CN/black/affiliates", ""],
    ["/ar/black/affiliates/vip/detail/", "/vip/detail"],
    ["/en/white-app/affiliates/fee", "/fee"],
    ["/unknown", ""],
  ])("%s → %j", (path, page) => expect(pageFromPathname(path)).toBe(page));

  it("reads back what internalPath writes", () => {
    expect(pageFromPathname(internalPath("fr-FR", { theme: "Black", inApp: false }, "/fee"))).toBe("/fee");
    expect(internalPath("fr-FR", { theme: "Black", inApp: false }, "/fee")).toBe("/fr-FR/black/affiliates/fee");
    expect(internalPath("ar", { theme: "White", inApp: true }, "")).toBe("/ar/white-app/affiliates");
    expect(pageFromPathname(internalPath("ar", { theme: "White", inApp: true }, "/dashboard"))).toBe("/dashboard");
  });
});
