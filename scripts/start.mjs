#!/usr/bin/env node
// @ts-check
// Starts the whole product: the reference exchange API and the web app, as one process tree.
// Builds the web app first when it is not built or its sources are newer than the build (scripts/lib/web-build.mjs).
// Ctrl-C stops both; if either exits on its own, that is reported and the other is stopped too.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { demoAccountLines } from "./lib/demo-accounts.mjs";
import { buildIfNeeded, ROOT as root, WEB_DIR as web } from "./lib/web-build.mjs";

// Settings from `.env` at the repository root when present (see .env.example); the environment wins over it.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const PORT = process.env.PORT ?? "3000";
const API_PORT = process.env.API_PORT ?? "4000";
const env = {
  ...process.env,
  PORT,
  API_PORT,
  APP_ENV: process.env.APP_ENV ?? "test",
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${PORT}`,
  NEXT_TELEMETRY_DISABLED: "1",
};

const children = new Map();
let stopping = false;

/** @param {string} name @param {string} command @param {string[]} args @param {string} cwd */
function run(name, command, args, cwd) {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "inherit", "inherit"] });
  children.set(name, child);
  child.on("exit", (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[start] ${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the rest`);
      stop(code || 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children.values()) child.kill("SIGTERM");
  setTimeout(() => {
    for (const child of children.values()) child.kill("SIGKILL");
    process.exit(code);
  }, 5000).unref();
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

/** @param {string} url @param {number} timeoutMs */
async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

run("api", process.execPath, ["--import", "tsx", "src/server.ts"], path.join(root, "apps/api"));
if (!(await waitFor(`http://127.0.0.1:${API_PORT}/v1/mix/system/getDomainConfigList`, 60_000))) {
  console.error("[start] the API did not come up");
  stop(1);
} else {
  // Built once the API answers: the pages' offers (rates, levels, FAQ) are rendered into their HTML from it.
  buildIfNeeded({ env: { API_ORIGIN: `http://127.0.0.1:${API_PORT}`, ...env } });
  run("web", process.execPath, ["server.mjs"], web);
  if (await waitFor(`http://127.0.0.1:${PORT}/affiliates`, 60_000)) {
    console.log(`\n[start] ready: ${env.PUBLIC_ORIGIN}/affiliates  (API on 127.0.0.1:${API_PORT})`);
    // Run under tsx (see package.json), so the API's TypeScript seed can be read for the demo accounts.
    for (const line of await demoAccountLines()) console.log(`[start] ${line}`);
  }
}
