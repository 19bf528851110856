import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { minifiedSdk, SDK_SCRIPTS, SDK_SERVED_DIR, SDK_SOURCE_DIR } from "../sdk/served-sdk";

const read = (dir: string, name: string) => readFileSync(path.join(dir, name), "utf8");

describe("the served SDK scripts (apps/web/public/affiliates/static) are apps/web/sdk's sources, minified", () => {
  it.each(SDK_SCRIPTS)("%s is its source's minified form (run npm run sdk:minify after editing the source)", (name) => {
    expect(read(SDK_SERVED_DIR, name)).toBe(minifiedSdk(name, read(SDK_SOURCE_DIR, name)));
  });

  it.each(SDK_SCRIPTS)("%s is served with under four fifths of its source's gzip bytes", (name) => {
    const gzipBytes = (text: string) => gzipSync(text, { level: 9 }).length;
    expect(gzipBytes(read(SDK_SERVED_DIR, name))).toBeLessThan((gzipBytes(read(SDK_SOURCE_DIR, name)) * 4) / 5);
  });

  it("a changed source no longer matches its served copy", () => {
    const name = "risk-sdk.js";
    const changed = read(SDK_SOURCE_DIR, name).replace('"use strict";', '"use strict"; var added = 1;');
    expect(minifiedSdk(name, changed)).not.toBe(read(SDK_SERVED_DIR, name));
  });
});
