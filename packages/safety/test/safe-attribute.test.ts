import { describe, expect, it, vi } from "vitest";
import { safeHrefProps } from "../src/index";

describe("safeHrefProps", () => {
  it("returns the prop for safe values", () => {
    const warn = vi.fn();
    expect(safeHrefProps("/affiliates/fee", warn)).toEqual({ href: "/affiliates/fee" });
    expect(safeHrefProps("exchangeapp://login", warn)).toEqual({ href: "exchangeapp://login" });
    expect(safeHrefProps("https://example.com/a", warn)).toEqual({ href: "https://example.com/a" });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    "javascript:alert(1)",
    " JaVa\tScRiPt:alert(1)",
    "javascript&colon;alert(1)",
    "//evil.example",
    "data:image/svg+xml,<svg/>",
    "",
    null,
    undefined,
    7,
    {},
  ])("refuses %j: no href, a warning printed", (value) => {
    const warn = vi.fn();
    expect(safeHrefProps(value, warn)).toEqual({});
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^\[safety\] refused unsafe href: /);
  });

  it("names the refused value in the warning", () => {
    const warn = vi.fn();
    safeHrefProps("javascript:alert(1)", warn);
    safeHrefProps(null, warn);
    expect(warn.mock.calls).toEqual([
      ['[safety] refused unsafe href: "javascript:alert(1)"'],
      ["[safety] refused unsafe href: null"],
    ]);
  });

  it("shortens long values in the warning", () => {
    const warn = vi.fn();
    safeHrefProps(`javascript:${"a".repeat(10_000)}`, warn);
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message.length).toBeLessThan(200);
    expect(message).toContain("…");
  });

  it("warns through console.warn by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      safeHrefProps("vbscript:x");
      expect(spy).toHaveBeenCalledWith('[safety] refused unsafe href: "vbscript:x"');
    } finally {
      spy.mockRestore();
    }
  });
});
