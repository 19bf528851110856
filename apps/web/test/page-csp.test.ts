import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A build directory with one pre-rendered page, read the way the proxy reads the real one.
const dist = mkdtempSync(path.join(tmpdir(), "page-csp-"));
const HTML = '<html><head><script src="/affiliates/_next/static/chunks/a.js" async=""></script></head><body><script>self.__next_f.push([0])</script></body></html>';
let saved: string | undefined;

beforeAll(() => {
  mkdirSync(path.join(dist, "server", "app", "en", "w"), { recursive: true });
  writeFileSync(path.join(dist, "server", "app", "en", "w", "affiliates.html"), HTML);
  writeFileSync(path.join(dist, "server", "subresource-integrity-manifest.json"), JSON.stringify({ "static/chunks/a.js": "sha256-AAA=" }));
  saved = process.env.NEXT_DIST_DIR;
  process.env.NEXT_DIST_DIR = path.relative(process.cwd(), dist);
});
afterAll(() => {
  if (saved === undefined) delete process.env.NEXT_DIST_DIR;
  else process.env.NEXT_DIST_DIR = saved;
});

describe("pre-rendered pages get a nonce per response (issue 12)", () => {
  it("each response has a fresh nonce on every script, the policy names exactly that nonce, and the rest is the page", async () => {
    const { prerenderedPage, prerenderedResponse } = await import("../src/lib/page-csp");
    const page = prerenderedPage("/en/w/affiliates");
    expect(page).not.toBeNull();
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { body, policy } = prerenderedResponse(page!);
      const html = new TextDecoder().decode(body);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? "";
      expect(nonce.length).toBeGreaterThanOrEqual(22); // 16 random bytes
      expect(html.split(`<script nonce="${nonce}"`)).toHaveLength(3); // both scripts carry it
      expect(html).toContain('integrity="sha256-AAA="'); // the SRI hash from the manifest
      expect(html.replace(/ nonce="[^"]+"/g, "").replace(' integrity="sha256-AAA="', "")).toBe(HTML);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
  });

  it("a path that was not pre-rendered (or tries to leave the build) is not served from memory", async () => {
    const { prerenderedPage } = await import("../src/lib/page-csp");
    expect(prerenderedPage("/en/w/nothing-here")).toBeNull();
    expect(prerenderedPage("/../../etc/passwd")).toBeNull();
  });
});
