import { describe, expect, it } from "vitest";
import { withHttps } from "../src/lib/web-address";

describe("withHttps: a bare domain is a web address", () => {
  it("adds https:// to a bare domain or a protocol-relative address", () => {
    expect(withHttps("example.com")).toBe("https://example.com");
    expect(withHttps("  youtube.com/@nadia ")).toBe("https://youtube.com/@nadia");
    expect(withHttps("//cdn.example.com/x")).toBe("https://cdn.example.com/x");
  });
  it("leaves an address with a scheme (for the check to judge), an empty value and non-strings alone", () => {
    expect(withHttps("http://example.com")).toBe("http://example.com");
    expect(withHttps("javascript:alert(1)")).toBe("javascript:alert(1)");
    expect(withHttps("   ")).toBe("");
    expect(withHttps(undefined)).toBeUndefined();
  });
});
