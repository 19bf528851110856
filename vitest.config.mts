import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// One vitest run covers every package and the API; Playwright specs (*.spec.ts under apps/web/e2e) are not vitest's.
export default defineConfig({
  // The web's Node-only modules import "server-only", which throws outside a server bundle (Next aliases it to an
  // empty module there): the unit tests, which run them in Node, get the same empty module.
  resolve: {
    alias: { "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)) },
  },
  test: {
    include: [
      "packages/*/test/**/*.test.ts",
      "apps/api/test/**/*.test.ts",
      "apps/web/test/**/*.test.ts",
      "scripts/test/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
