// npm run sdk:minify: writes the served, minified copies of sdk/'s scripts (see served-sdk.ts).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { minifiedSdk, SDK_SCRIPTS, SDK_SERVED_DIR, SDK_SOURCE_DIR } from "./served-sdk";

for (const name of SDK_SCRIPTS) {
  const served = minifiedSdk(name, readFileSync(path.join(SDK_SOURCE_DIR, name), "utf8"));
  writeFileSync(path.join(SDK_SERVED_DIR, name), served);
  console.log(`[sdk] ${name}: ${Buffer.byteLength(served)} bytes`);
}
