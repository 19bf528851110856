import { describe, expect, it, vi } from "vitest";
import { safeHrefProps, safeSrcProps, setSafeHref, setSafeSrc, type AttributeTarget } from "../src/index";

interface FakeElement extends AttributeTarget {
  attributes: Map<string, string>;
  /** Every setAttribute call, as [name, value]. */
  sets: [string, string][];
}

function fakeElement(initial: Record<string, string> = {}): FakeElement {
  const attributes = new Map(Object.entries(initial));
  const sets: [string, string][] = [];
  return {
    attributes,
    sets,
    setAttribute: (name: string, value: string) => {
      sets.push([name, value]);
      attributes.set(name, value);
    },
    removeAttribute: (name: string) => {
      attributes.delete(name);
    },
  };
}

describe("setSafeHref / setSafeSrc", () => {
  it("sets safe values without warning", () => {
    const element = fakeElement();
    const warn = vi.fn();
    expect(setSafeHref(element, "https://example.com/a", warn)).toBe(true);
    expect(setSafeSrc(element, "data:image/png;base64,AAAA", warn)).toBe(true);
    expect(element.attributes.get("href")).toBe("https://example.com/a");
    expect(element.attributes.get("src")).toBe("data:image/png;base64,AAAA");
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(["javascript:alert(1)", " JaVa\tScRiPt:alert(1)", "javascript&colon;alert(1)", "//evil.example", "data:image/svg+xml,<svg/>", "", null, undefined, 7, {}])(
    "refuses %j: attribute removed, warning printed",
    (value) => {
      const element = fakeElement({ href: "/old", src: "/old.png" });
      const warn = vi.fn();
      expect(setSafeHref(element, value, warn)).toBe(false);
      expect(setSafeSrc(element, value, warn)).toBe(false);
      expect(element.sets).toEqual([]);
      expect(element.attributes.has("href")).toBe(false);
      expect(element.attributes.has("src")).toBe(false);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[0]?.[0]).toMatch(/^\[safety\] refused unsafe href: /);
      expect(warn.mock.calls[1]?.[0]).toMatch(/^\[safety\] refused unsafe src: /);
    },
  );

  it("shortens long values in the warning", () => {
    const warn = vi.fn();
    setSafeHref(fakeElement(), `javascript:${"a".repeat(10_000)}`, warn);
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message.length).toBeLessThan(200);
    expect(message).toContain("…");
  });

  it("warns through console.warn by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      setSafeHref(fakeElement(), "vbscript:x");
      expect(spy).toHaveBeenCalledWith('[safety] refused unsafe href: "vbscript:x"');
    } finally {
      spy.mockRestore();
    }
  });
});

describe("safeHrefProps / safeSrcProps", () => {
  it("returns the prop for safe values", () => {
    const warn = vi.fn();
    expect(safeHrefProps("/affiliates/fee", warn)).toEqual({ href: "/affiliates/fee" });
    expect(safeHrefProps("exchangeapp://login", warn)).toEqual({ href: "exchangeapp://login" });
    expect(safeSrcProps("https://cdn.example/a.png", warn)).toEqual({ src: "https://cdn.example/a.png" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("returns no prop and warns for unsafe values", () => {
    const warn = vi.fn();
    expect(safeHrefProps("javascript:alert(1)", warn)).toEqual({});
    expect(safeSrcProps(null, warn)).toEqual({});
    expect(warn.mock.calls).toEqual([['[safety] refused unsafe href: "javascript:alert(1)"'], ["[safety] refused unsafe src: null"]]);
  });
});
