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
    ["/unknown", ""],
  ])("%s → %j", (path, page) => expect(pageFromPathname(path)).toBe(page));

  it("reads back what internalPath writes", () => {
    expect(pageFromPathname(internalPath("fr-FR", "Black", "/fee"))).toBe("/fee");
    expect(internalPath("fr-FR", "Black", "/fee")).toBe("/fr-FR/black/affiliates/fee");
  });
});
