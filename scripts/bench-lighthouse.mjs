// @ts-check
// The Lighthouse runs of `npm run bench` (BENCH_ONLY=lighthouse): each page measured `runs` times in one shared
// Chromium, summarised by the median of every score and timing.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";

/**
 * One Lighthouse run's scores and timings.
 * @typedef {{ performance: number, accessibility: number, bestPractices: number, seo: number, lcpMs: number, tbtMs: number, cls: number, failedAudits: string[] }} LighthouseRun
 * @typedef {ReturnType<typeof summarise>} LighthouseSummary
 */

/**
 * The middle value of a list, or the mean of the two middle ones for an even count: how repeated runs are summarised.
 * @param {number[]} values
 */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => /** @type {number} */ (sorted[i]);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

/** The [name, value] pairs of a `Cookie` header's value. @param {string} cookie @returns {[string, string][]} */
const cookiePairs = (cookie) =>
  cookie.split("; ").map((pair) => {
    const [name = "", ...value] = pair.split("=");
    return [name, value.join("=")];
  });

/**
 * The median of each measure over Lighthouse runs (`failedAudits`: every audit that failed in any of them).
 * @param {LighthouseRun[]} runs
 */
export function summarise(runs) {
  /** @param {Exclude<keyof LighthouseRun, "failedAudits">} key */
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: Math.round(pick("lcpMs")),
    tbtMs: Math.round(pick("tbtMs")),
    cls: Number(pick("cls").toFixed(3)),
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
    runs: runs.length,
    samples: runs,
  };
}

/**
 * One Chromium for every Lighthouse run, not one launched per run: the bench has to finish within 15 minutes.
 * Every run starts with Lighthouse's storage reset, logged-in pages too: it empties the HTTP cache (and with it V8's
 * code cache), so each run is a visit with nothing cached, as the bare page's are. Lighthouse 12's reset leaves
 * cookies alone (`clearStorageTypes`), so the session's cookies, put into the browser once, last through the runs;
 * `runs` checks that they did. `origin`: the product's, whose session cookie is set. `close()` ends the browser.
 */
/**
 * The default context of a browser reached over CDP (Chromium always has one).
 * @param {import("@playwright/test").Browser} browser
 */
const defaultContext = (browser) => /** @type {import("@playwright/test").BrowserContext} */ (browser.contexts()[0]);

/** @param {{ runs: number, origin: string }} options */
export function createLighthouse({ runs: runCount, origin }) {
  /** @type {chromeLauncher.LaunchedChrome | null} */
  let lighthouseChrome = null;
  let chromeHasSession = false;
  /** @param {string | undefined} cookie */
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
      await defaultContext(browser).addCookies(
        cookiePairs(cookie).map(([name, value]) => ({ name, value, url: origin })),
      );
      await browser.close();
      chromeHasSession = true;
    }
    return lighthouseChrome;
  }

  /** The names of the browser's cookies for `origin`: a logged-in page's runs must end with the session's cookies. */
  async function cookieNames() {
    const chrome = /** @type {chromeLauncher.LaunchedChrome} */ (lighthouseChrome); // launched by the runs before
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const cookies = await defaultContext(browser).cookies(origin);
    await browser.close();
    return new Set(cookies.map((c) => c.name));
  }

  /** `runCount` Lighthouse runs of `url` (logged in when `cookie` is given): the median of each measure. */
  /** @param {string} url @param {string} [cookie] */
  async function lighthouseRuns(url, cookie) {
    /** @type {LighthouseRun[]} */
    const runs = [];
    const chrome = await lighthouseBrowser(cookie);
    for (let i = 0; i < runCount; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
      // A run that answers (it throws otherwise) has these categories and audits: the mobile preset asks for them.
      const lhr = /** @type {NonNullable<typeof result>} */ (result).lhr;
      const categories =
        /** @type {Record<"performance" | "accessibility" | "best-practices" | "seo", { score: number | null }>} */ (
          lhr.categories
        );
      const audit = (/** @type {string} */ id) => /** @type {{ numericValue?: number }} */ (lhr.audits[id]);
      runs.push({
        performance: Math.round((categories.performance.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
        bestPractices: Math.round((categories["best-practices"].score ?? 0) * 100),
        seo: Math.round((categories.seo.score ?? 0) * 100),
        lcpMs: Math.round(audit("largest-contentful-paint").numericValue ?? 0),
        tbtMs: Math.round(audit("total-blocking-time").numericValue ?? 0),
        cls: Number((audit("cumulative-layout-shift").numericValue ?? 0).toFixed(3)),
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
          .map((a) => a.id),
      });
    }
    if (cookie) {
      const kept = await cookieNames();
      const lost = cookiePairs(cookie)
        .map(([name]) => name)
        .filter((name) => !kept.has(name));
      if (lost.length) throw new Error(`${url}: the session's cookies ${lost.join(", ")} did not last the runs`);
    }
    return summarise(runs);
  }

  return {
    runs: lighthouseRuns,
    close: async () => {
      await lighthouseChrome?.kill();
    },
  };
}
