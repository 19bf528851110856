import { expect, test } from "@playwright/test";
import { waitForHydration, watchErrors } from "./fixtures";

/**
 * Issue 20: a pre-rendered page paints its content before any of Next's chunk scripts is requested (lib/after-paint.ts),
 * then hydrates as before: every chunk loaded once, no error, the page interactive. Meanwhile a worker has formatted
 * once in the page's language, so the page's own first formatter finds ICU ready (lib/intl-warmup.ts).
 */
const PAGES = ["/affiliates", "/affiliates/fee", "/ar/affiliates/vip/vipIntroduce", "/ja/affiliates/broker"];

for (const path of PAGES) {
  test(`${path}: the chunk scripts are requested after the first contentful paint, and the page hydrates`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    await page.goto(path);
    await waitForHydration(page, "header a");
    const { fcp, chunks } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      chunks: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));
    expect(fcp).toBeGreaterThan(0);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.filter((chunk) => chunk.startTime < fcp!)).toEqual([]);
    const names = chunks.map((chunk) => chunk.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]); // none loaded twice
    expect(errors).toEqual([]);
    // The formatters' warm-up (lib/intl-warmup.ts) ran as a blob worker the page's policy allows (a refusal is an error).
    expect(workers.filter((url) => url.startsWith("blob:"))).toHaveLength(1);
  });
}
