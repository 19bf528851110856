import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, FRAME_ANCESTORS, nonceAttribute, nonceSlots, withIntegrity } from "../src/lib/csp";

const HTML = [
  '<html><head><script src="/affiliates/_next/static/chunks/a.js" async="" integrity="sha256-AAA="></script>',
  '<script src="/affiliates/_next/static/chunks/b.js" async=""></script>',
  '<link rel="preload" as="script" fetchPriority="low" href="/affiliates/_next/static/chunks/c.js"/>',
  '<link rel="stylesheet" href="/affiliates/_next/static/chunks/s.css"/>',
  "</head><body><script>self.__next_f.push([0])</script>",
  '<script id="_R_">(globalThis.TURBOPACK = []).push({})</script>',
  '<script type="application/ld+json">{"@type":"Organization"}</script></body></html>',
].join("");

const manifest: Record<string, string> = {
  "/affiliates/_next/static/chunks/b.js": "sha256-BBB=",
  "/affiliates/_next/static/chunks/c.js": "sha256-CCC=",
};

describe("page CSP", () => {
  it("adds the manifest's integrity to script files and script preloads that lack it, and to nothing else", () => {
    const fixed = withIntegrity(HTML, (src) => manifest[src]);
    expect(fixed).toContain('<script src="/affiliates/_next/static/chunks/b.js" async="" integrity="sha256-BBB=">');
    expect(fixed).toContain('href="/affiliates/_next/static/chunks/c.js" integrity="sha256-CCC="/>');
    expect(fixed).toContain('integrity="sha256-AAA="></script>'); // already there: unchanged
    expect(fixed).toContain('<link rel="stylesheet" href="/affiliates/_next/static/chunks/s.css"/>');
    expect(fixed.match(/integrity=/g)).toHaveLength(3);
  });

  it("cuts the HTML where nonces go: every script tag and script preload, and no other tag", () => {
    const pieces = nonceSlots(HTML);
    expect(pieces.join("")).toBe(HTML); // nothing lost or added
    const withNonce = pieces.join(nonceAttribute("N0nce"));
    expect(withNonce.match(/<script nonce="N0nce"/g)).toHaveLength(5);
    expect(withNonce).toContain('<link nonce="N0nce" rel="preload" as="script"');
    expect(withNonce).toContain('<link rel="stylesheet"'); // a style sheet is not a script
    expect(withNonce.match(/nonce=/g)).toHaveLength(6);
  });

  it("a page without scripts is one piece", () => {
    expect(nonceSlots("<p>no scripts</p>")).toEqual(["<p>no scripts</p>"]);
  });

  it("the policy: 'strict-dynamic' with the nonce, never 'unsafe-inline' or 'unsafe-eval' for scripts; own hosts may frame", () => {
    const policy = contentSecurityPolicy(["'nonce-N0nce'"]);
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
    expect(scriptSrc).toBe("script-src 'strict-dynamic' 'nonce-N0nce' 'self'");
    expect(policy).toContain(`frame-ancestors ${FRAME_ANCESTORS.join(" ")}`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });
});
