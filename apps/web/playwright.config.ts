import { defineConfig, devices } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";

/** End-to-end tests: the production build and the real API, started by the README's own start script, in Debian's Chromium. */
const PORT = process.env.E2E_PORT ?? "3100";
const API_PORT = process.env.E2E_API_PORT ?? "4100";
export const E2E_DATA_DIR = path.resolve(__dirname, "../../", process.env.E2E_DATA_DIR ?? ".e2e-data");
export const BASE_URL = `http://localhost:${PORT}`;
if (!process.env.E2E_REUSE) rmSync(E2E_DATA_DIR, { recursive: true, force: true });

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "../../test-results",
  use: {
    baseURL: BASE_URL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // Chromium 156's new headless mode gives every context's window the omnibox's WebUI popups (a renderer of
        // their own, chrome://omnibox-popup.top-chrome), which no test can see: about 170 ms of CPU per context.
        "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node --import tsx ../../scripts/start.mjs",
    url: `${BASE_URL}/affiliates`,
    reuseExistingServer: !!process.env.E2E_REUSE,
    timeout: 900_000, // the first run builds every pre-rendered variant (pages × 31 locales × 4 variants)
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT,
      API_PORT,
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_TOKEN: "e2e-admin-token",
      ENABLE_TEST_ROUTES: "1",
      APP_ENV: "test",
      PUBLIC_ORIGIN: BASE_URL,
      // The demo market trades for the partner's invitees, so the main demo affiliate's figures hold still while the
      // suites compare them with the API's (referral-loop.spec watches the partner's dashboard move).
      DEMO_MARKET_AFFILIATE: "8012345680",
      // The suites register hundreds of accounts from this one machine's address: the per-IP sign-up limits (20 and 5
      // an hour) would refuse them. The limits themselves are tested in the API and cluster suites.
      REGISTER_RATE_LIMIT_MAX: "100000",
      REFERRAL_SIGNUP_RATE_LIMIT_MAX: "100000",
    },
  },
});
