// @ts-check
// The web app's production build, made only when it is missing, unfinished or older than its sources. Settings
// that differ per deployment (origin, environment, DSN) are read at run time, so one build serves every instance.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addCompileHints, COMPILE_HINTS_RECORD } from "./compile-hints.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const WEB_DIR = path.join(ROOT, "apps/web");

const SOURCES = ["apps/web/src", "apps/web/messages", "apps/web/public", "apps/web/next.config.ts", "packages"];

/** @param {string} target a file or folder @returns {number} the newest mtime under it (0 when absent) */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "test") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when `distDir` holds a finished `next build` at least as new as every source. */
export function isBuildCurrent(distDir = process.env.NEXT_DIST_DIR ?? ".next") {
  const buildId = path.join(WEB_DIR, distDir, "BUILD_ID");
  // Next writes BUILD_ID early and the prerender manifest at the end: a build that was stopped half-way has the
  // first without the second, and must be built again rather than started.
  const complete = existsSync(buildId) && existsSync(path.join(WEB_DIR, distDir, "prerender-manifest.json"));
  if (!complete) return false;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return statSync(buildId).mtimeMs >= changedAt;
}

/**
 * Builds the web app when needed, then puts V8's compile hint on its entry chunks unless that step has finished on
 * this build (a build made by `next build` alone has not been through it); exits the process when the build fails.
 */
export function buildIfNeeded({ env = process.env, log = console.log } = {}) {
  const distDir = env.NEXT_DIST_DIR ?? ".next";
  if (!isBuildCurrent(distDir)) {
    log("[build] building the web app…");
    const result = spawnSync("npx", ["next", "build"], {
      cwd: WEB_DIR,
      env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: "inherit",
    });
    if (result.status !== 0) {
      console.error("[build] the web build failed");
      process.exit(result.status ?? 1);
    }
  }
  const dist = path.join(WEB_DIR, distDir);
  if (existsSync(path.join(dist, COMPILE_HINTS_RECORD))) return;
  const { marked } = addCompileHints(dist);
  log(`[build] V8's compile hint on ${marked.length} entry chunks (scripts/lib/compile-hints.mjs)`);
}
