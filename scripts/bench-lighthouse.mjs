// The Lighthouse runs of `npm run bench` (BENCH_ONLY=lighthouse): each page measured `runs` times in one shared
// Chromium, summarised by the median of every score and timing.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";

/** The middle value of a list (the upper one of an even count): how repeated runs are summarised. */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * One Chromium for every Lighthouse run, not one launched per run: the bench has to finish within 15 minutes.
 * Public pages run first with Lighthouse's storage reset; then the session's cookies go into the browser, for the
 * pages that need a login, and are kept through the runs (disableStorageReset). `origin`: the product's, whose
 * session cookie is set. `close()` ends the browser.
 */
export function createLighthouse({ runs: runCount, origin }) {
  let lighthouseChrome = null;
  let chromeHasSession = false;
  async function lighthouseBrowser(cookie) {
    lighthouseChrome ??= await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    if (cookie && !chromeHasSession) {
      // A logged-in page reads its session hint from document.cookie: put the cookies into the browser itself
      // (an extra request header would not be visible to page scripts).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${lighthouseChrome.port}`);
      await browser.contexts()[0].addCookies(
        cookie.split("; ").map((pair) => {
          const [name, ...value] = pair.split("=");
          return { name, value: value.join("="), url: origin };
        }),
      );
      await browser.close();
      chromeHasSession = true;
    }
    return lighthouseChrome;
  }

  /** `runCount` Lighthouse runs of `url` (logged in when `cookie` is given): the median of each measure. */
  async function lighthouseRuns(url, cookie) {
    const runs = [];
    const chrome = await lighthouseBrowser(cookie);
    for (let i = 0; i < runCount; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        disableStorageReset: Boolean(cookie),
      });
      const lhr = result.lhr;
      runs.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories["best-practices"].score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue ?? 0),
        cls: Number((lhr.audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3)),
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
          .map((a) => a.id),
      });
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    return {
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      lcpMs: pick("lcpMs"),
      tbtMs: pick("tbtMs"),
      cls: pick("cls"),
      failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
      runs: runs.length,
    };
  }

  return {
    runs: lighthouseRuns,
    close: async () => {
      await lighthouseChrome?.kill();
    },
  };
}
