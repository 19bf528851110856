import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The cluster suite (tests/cluster): nginx, 2 web and 2 API instances on PostgreSQL and Redis, started once by the
// suite through scripts/cluster.mjs. Not part of the default run (the root vitest.config.mts includes no tests/):
// `scripts/test.mjs` runs it after the end-to-end step when TEST_DATABASE_URL, TEST_REDIS_URL and nginx are there,
// or by hand (about 2-4 minutes, plus the web build when its sources changed):
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 \
//     npx vitest run --config tests/cluster/vitest.config.mts
// It lives here rather than at the repository root so that tests/cluster/tsconfig.json types and lints it.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    // One cluster at a time: files and tests run one after the other.
    fileParallelism: false,
    pool: "forks",
    // The web build (when its sources changed) and the cluster's start happen in beforeAll.
    hookTimeout: 600_000,
    testTimeout: 180_000,
  },
});
