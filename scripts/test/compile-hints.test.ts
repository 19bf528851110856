import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT, COMPILE_HINTS_RECORD, entryChunks } from "../lib/compile-hints.mjs";

const json = <T>(text: string) => JSON.parse(text) as T;
const integrity = (body: string) => `sha256-${createHash("sha256").update(body).digest("base64")}`;

/** A build folder shaped like Next 16's (Turbopack): root scripts, a route's entry scripts, a lazy chunk, SRI. */
function fakeBuild() {
  const dist = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), body);
  };
  const chunks = {
    "static/chunks/runtime.js": "(()=>{globalThis.TURBOPACK=[]})();\n//# sourceMappingURL=runtime.js.map",
    "static/chunks/page.js": '"use strict";(globalThis.TURBOPACK.push([1,(e)=>{e.v(1)}]));',
    "static/chunks/lazy.js": "(globalThis.TURBOPACK.push([2,(e)=>{e.v(2)}]));",
  };
  for (const [file, body] of Object.entries(chunks)) write(file, body);
  write("static/chunks/runtime.js.map", JSON.stringify({ version: 3, sources: ["a.ts"], mappings: "AAAA;AACA" }));
  write("build-manifest.json", JSON.stringify({ rootMainFiles: ["static/chunks/runtime.js"] }));
  const route = "/[locale]/affiliates/page";
  write(
    "server/app/[locale]/affiliates/page_client-reference-manifest.js",
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["${route}"] = ${JSON.stringify(
      { entryJSFiles: { "[project]/app/page": ["static/chunks/page.js"], "[project]/app/layout.css": ["x.css"] } },
    )};\n`,
  );
  const sri = Object.fromEntries(Object.entries(chunks).map(([file, body]) => [file, integrity(body)]));
  write("server/subresource-integrity-manifest.json", JSON.stringify(sri));
  const tag = (file: keyof typeof chunks) =>
    `<script src="/affiliates/_next/${file}" integrity="${sri[file]}" async=""></script>`;
  write(
    "server/app/en/affiliates.html",
    `<html><head>${tag("static/chunks/runtime.js")}${tag("static/chunks/page.js")}</head></html>`,
  );
  return { dist, chunks, read: (file: string) => readFileSync(path.join(dist, file), "utf8") };
}

const made: string[] = [];
afterEach(() => {
  for (const dist of made.splice(0)) rmSync(dist, { recursive: true, force: true });
});

describe("V8's compile hint on the entry chunks (scripts/lib/compile-hints.mjs, issue 36's TBT)", () => {
  it("marks the root and route entry scripts only, and every integrity hash that names them follows", () => {
    const { dist, chunks, read } = fakeBuild();
    made.push(dist);
    expect(entryChunks(dist)).toEqual(["static/chunks/page.js", "static/chunks/runtime.js"]);

    const { marked } = addCompileHints(dist);
    expect(marked).toEqual(["static/chunks/page.js", "static/chunks/runtime.js"]);
    expect(read("static/chunks/runtime.js")).toBe(COMPILE_HINT + chunks["static/chunks/runtime.js"]);
    expect(read("static/chunks/page.js").startsWith(`${COMPILE_HINT}"use strict";`)).toBe(true);
    // A chunk loaded later is compiled when it is called, as before.
    expect(read("static/chunks/lazy.js")).toBe(chunks["static/chunks/lazy.js"]);

    // The browser refuses a script whose hash differs: the manifest and the pre-rendered page name the new bodies.
    const sri = json<Record<string, string>>(read("server/subresource-integrity-manifest.json"));
    for (const file of ["static/chunks/runtime.js", "static/chunks/page.js", "static/chunks/lazy.js"])
      expect(sri[file], file).toBe(integrity(read(file)));
    const html = read("server/app/en/affiliates.html");
    expect(html).toContain(`integrity="${integrity(read("static/chunks/runtime.js"))}"`);
    expect(html).toContain(`integrity="${integrity(read("static/chunks/page.js"))}"`);
    expect(html).not.toContain(integrity(chunks["static/chunks/page.js"]));

    // The source map starts one line lower, like its script.
    expect(json<{ mappings: string }>(read("static/chunks/runtime.js.map")).mappings).toBe(";AAAA;AACA");
    expect(json<{ marked: string[] }>(read(COMPILE_HINTS_RECORD)).marked).toEqual(marked);
  });

  it("is idempotent: a second run changes nothing", () => {
    const { dist, read } = fakeBuild();
    made.push(dist);
    addCompileHints(dist);
    const before = [
      read("static/chunks/runtime.js"),
      read("server/app/en/affiliates.html"),
      read("static/chunks/runtime.js.map"),
    ];
    expect(addCompileHints(dist)).toEqual({ marked: [], replaced: 0 });
    expect([
      read("static/chunks/runtime.js"),
      read("server/app/en/affiliates.html"),
      read("static/chunks/runtime.js.map"),
    ]).toEqual(before);
  });
  it("completes a run that stopped after marking the chunks, before it rewrote their hashes", () => {
    const { dist, read } = fakeBuild();
    made.push(dist);
    const page = "server/app/en/affiliates.html";
    const stale = read(page);
    addCompileHints(dist);
    // As if that run had stopped there: the chunks carry the hint, the page still names their old hashes.
    writeFileSync(path.join(dist, page), stale);
    rmSync(path.join(dist, COMPILE_HINTS_RECORD));

    expect(addCompileHints(dist)).toEqual({ marked: [], replaced: 1 });
    expect(read(page)).toContain(`integrity="${integrity(read("static/chunks/page.js"))}"`);
    expect(read("static/chunks/page.js").indexOf(COMPILE_HINT)).toBe(0);
    expect(read("static/chunks/page.js").lastIndexOf(COMPILE_HINT)).toBe(0);
  });
});
