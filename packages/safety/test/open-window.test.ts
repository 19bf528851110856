import { describe, expect, it, vi } from "vitest";
import { CROSS_ORIGIN_FEATURES, isCrossOrigin, openWindow, type OpenFunction } from "../src/index";

interface FakeWindow {
  opener: unknown;
}

const location = { href: "https://www.example.com/affiliates/vip?tab=1", origin: "https://www.example.com" };

function fakeOpen(returned: FakeWindow | null = { opener: { name: "parent" } }) {
  const open = vi.fn<OpenFunction<FakeWindow>>(() => returned);
  return open;
}

describe("isCrossOrigin", () => {
  it.each([
    ["https://www.example.com/x", false],
    ["/affiliates/fee", false],
    ["fee", false],
    ["?q=1", false],
    ["#x", false],
    ["https://WWW.EXAMPLE.COM:443/x", false],
    ["https://other.example/", true],
    ["http://www.example.com/", true],
    ["https://www.example.com:8443/", true],
    ["https://sub.www.example.com/", true],
    ["//other.example/x", true],
    ["mailto:a@example.com", true],
    ["exchangeapp://coin", true],
    ["blob:https://www.example.com/uuid", false],
    ["http://[invalid", true],
  ] as const)("%s → %s", (url, expected) => {
    expect(isCrossOrigin(url, location.origin, location.href)).toBe(expected);
  });

  it("uses the origin as base when no page URL is given", () => {
    expect(isCrossOrigin("/x", "https://www.example.com")).toBe(false);
    expect(isCrossOrigin("/x", "null")).toBe(true);
  });
});

describe("openWindow", () => {
  it("opens cross-origin targets with noopener,noreferrer and nulls opener", () => {
    const open = fakeOpen();
    const warn = vi.fn();
    const opened = openWindow("https://other.example/page", { open, location, warn });
    expect(open).toHaveBeenCalledWith("https://other.example/page", "_blank", "noopener,noreferrer");
    expect(CROSS_ORIGIN_FEATURES).toBe("noopener,noreferrer");
    expect(opened).not.toBeNull();
    expect(opened?.opener).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it("returns null when the browser honours noopener", () => {
    const open = fakeOpen(null);
    expect(openWindow("https://other.example/", { open, location })).toBeNull();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("opens same-origin targets normally", () => {
    const parent = { name: "parent" };
    const open = fakeOpen({ opener: parent });
    const opened = openWindow("/affiliates/fee", { open, location });
    expect(open).toHaveBeenCalledWith("/affiliates/fee", "_blank");
    expect(opened?.opener).toBe(parent);
    openWindow("https://www.example.com/affiliates", { open, location, target: "help" });
    expect(open).toHaveBeenLastCalledWith("https://www.example.com/affiliates", "help");
  });

  it("treats mailto and app schemes as cross-origin", () => {
    const open = fakeOpen();
    openWindow("exchangeapp://coin?symbol=BTC", { open, location });
    expect(open).toHaveBeenLastCalledWith("exchangeapp://coin?symbol=BTC", "_blank", "noopener,noreferrer");
  });

  it.each([
    "javascript:alert(1)",
    "java\tscript:alert(1)",
    "&#106;avascript:alert(1)",
    "data:text/html,<script>1</script>",
    "//evil.example/",
    "/\\evil.example",
    "",
    null,
    42,
  ])("refuses %j with a warning and does not call open", (url) => {
    const open = fakeOpen();
    const warn = vi.fn();
    expect(openWindow(url, { open, location, warn })).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^\[safety\] refused to open unsafe URL/);
  });

  it("survives a read-only opener", () => {
    const readOnly = Object.defineProperty({}, "opener", { get: () => "parent", enumerable: true }) as FakeWindow;
    const open = fakeOpen(readOnly);
    expect(() => openWindow("https://other.example/", { open, location })).not.toThrow();
  });

  it("treats an unknown location as cross-origin", () => {
    const open = fakeOpen();
    openWindow("/x", { open, location: { href: "about:blank", origin: "null" } });
    expect(open).toHaveBeenLastCalledWith("/x", "_blank", "noopener,noreferrer");
  });

  it("does nothing without a window (server rendering)", () => {
    expect(typeof window).toBe("undefined");
    expect(openWindow("https://other.example/")).toBeNull();
  });
});
