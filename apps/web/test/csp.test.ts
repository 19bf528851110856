import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, FRAME_ANCESTORS, scriptHashes, withIntegrity } from "../src/lib/csp";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const HTML = [
  '<html><head><script src="/affiliates/_next/static/chunks/a.js" async="" integrity="sha256-AAA="></script>',
  '<script src="/affiliates/_next/static/chunks/b.js" async=""></script>',
  '<link rel="preload" as="script" fetchPriority="low" href="/affiliates/_next/static/chunks/c.js"/>',
  '<link rel="stylesheet" href="/affiliates/_next/static/chunks/s.css"/>',
  "</head><body><script>self.__next_f.push([0])</script>",
  '<script id="_R_">(globalThis.TURBOPACK = []).push({})</script>',
  '<script type="application/ld+json">{"@type":"Organization"}</script></body></html>',
].join("");

const manifest: Record<string, string> = { "/affiliates/_next/static/chunks/b.js": "sha256-BBB=", "/affiliates/_next/static/chunks/c.js": "sha256-CCC=" };

describe("page CSP (issue 12)", () => {
  it("adds the manifest's integrity to script files and script preloads that lack it, and to nothing else", () => {
    const fixed = withIntegrity(HTML, (src) => manifest[src]);
    expect(fixed).toContain('<script src="/affiliates/_next/static/chunks/b.js" async="" integrity="sha256-BBB=">');
    expect(fixed).toContain('href="/affiliates/_next/static/chunks/c.js" integrity="sha256-CCC="/>');
    expect(fixed).toContain('integrity="sha256-AAA="></script>'); // already there: unchanged
    expect(fixed).toContain('<link rel="stylesheet" href="/affiliates/_next/static/chunks/s.css"/>');
    expect(fixed.match(/integrity=/g)).toHaveLength(3);
  });

  it("lists the hash of every inline script and the integrity of every script file, and not JSON data blocks", () => {
    const hashes = scriptHashes(withIntegrity(HTML, (src) => manifest[src]));
    expect(hashes).toEqual(["'sha256-AAA='", "'sha256-BBB='", sha("self.__next_f.push([0])"), sha("(globalThis.TURBOPACK = []).push({})")]);
    expect(hashes).not.toContain(sha('{"@type":"Organization"}'));
  });

  it("a script without integrity is left out, so the browser blocks it rather than the policy allowing it by host", () => {
    expect(scriptHashes('<script src="/x.js"></script>')).toEqual([]);
  });

  it("the policy: 'strict-dynamic' with the hashes, never 'unsafe-inline' or 'unsafe-eval' for scripts; own hosts may frame", () => {
    const policy = contentSecurityPolicy(["'sha256-AAA='"]);
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
    expect(scriptSrc).toBe("script-src 'strict-dynamic' 'sha256-AAA=' 'self'");
    expect(policy).toContain(`frame-ancestors ${FRAME_ANCESTORS.join(" ")}`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });
});
