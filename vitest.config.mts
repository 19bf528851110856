import { defineConfig } from "vitest/config";

// One vitest run covers every package and the API; Playwright specs (*.spec.ts under apps/web/e2e) are not vitest's.
export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "apps/api/test/**/*.test.ts", "apps/web/test/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
