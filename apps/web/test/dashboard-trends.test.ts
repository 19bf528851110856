import { describe, expect, it } from "vitest";
import { createElement, isValidElement } from "react";
import { AFFILIATE_MAX_RANGE_DAYS, affiliateRangeCheck, affiliateRangeProblem } from "@affiliates/contracts";
import { csvQuery, presetRange, rangeLength, RANGE_PRESETS, todayUtc } from "../src/lib/report-range";
import { isAdditive, seriesColumns, seriesPeak, seriesSum, TREND_FIGURES, type Series } from "../src/lib/trend-series";
import { pagerItemWithoutAnchor, serverTablePagination, TABLE_PAGE_SIZE } from "../src/lib/table-pagination";
import { contrastRatio, DASHBOARD_SURFACES, DASHBOARD_TOKENS } from "../src/lib/dashboard-tokens";
import { formatBps } from "../src/lib/bps";
import { createFormat } from "../src/lib/format";
import { isolate, NUM_TAG } from "../src/lib/bidi";
import { drawPoster, fittingSize, POSTER, posterFileName } from "../src/lib/poster";

const TODAY = "2026-11-25";

describe("report ranges", () => {
  it("presets end today (UTC) and count today", () => {
    const now = new Date("2026-11-25T23:59:00Z");
    expect(todayUtc(now)).toBe(TODAY);
    expect(RANGE_PRESETS).toEqual([7, 30, 90]);
    expect(presetRange(30, now)).toEqual({ from: "2026-10-27", to: TODAY });
    expect(rangeLength(presetRange(90, now))).toBe(90);
  });

  it("accepts one day to one year, refuses what the API refuses, with a reason", () => {
    expect(affiliateRangeCheck({ from: TODAY, to: TODAY }, TODAY)).toBeNull();
    expect(affiliateRangeCheck({ from: "2025-11-25", to: TODAY }, TODAY)).toBeNull(); // 366 days
    expect(affiliateRangeCheck({ from: "2025-11-24", to: TODAY }, TODAY)).toBe("tooLong");
    expect(affiliateRangeCheck({ from: "2026-11-20", to: "2026-11-10" }, TODAY)).toBe("order");
    expect(affiliateRangeCheck({ from: "2026-11-20", to: "2026-11-26" }, TODAY)).toBe("future");
    expect(affiliateRangeCheck({ from: "", to: TODAY }, TODAY)).toBe("invalid");
    expect(affiliateRangeCheck({ from: "2026-02-30", to: TODAY }, TODAY)).toBe("invalid");
    // the API answers the same verdicts with a message naming the field
    expect(affiliateRangeProblem("2025-11-25", TODAY, TODAY)).toBeNull();
    expect(affiliateRangeProblem("2026-11-20", "2026-11-10", TODAY)).toBe("from: must be on or before to");
    expect(AFFILIATE_MAX_RANGE_DAYS).toBe(366);
    expect(csvQuery({ from: "2026-01-01", to: "2026-01-31" })).toBe("from=2026-01-01&to=2026-01-31");
  });
});

const day = (d: string, over: Partial<Series[number]> = {}): Series[number] => ({
  day: d,
  clicks: 0,
  signups: 0,
  kycVerified: 0,
  firstDeposits: 0,
  firstTrades: 0,
  activeTraders: 0,
  volumeUsdt: 0,
  commissionPendingUsdt: 0,
  commissionSettledUsdt: 0,
  ...over,
});

describe("trend series", () => {
  const series: Series = [
    day("2026-11-23", { clicks: 5, volumeUsdt: 0.1 }),
    day("2026-11-24", { clicks: 9, volumeUsdt: 0.2 }),
    day("2026-11-25", { clicks: 9 }),
  ];

  it("gives uPlot the days as UTC seconds and the figure's values", () => {
    expect(seriesColumns(series, "clicks")).toEqual([
      [Date.UTC(2026, 10, 23) / 1000, Date.UTC(2026, 10, 24) / 1000, Date.UTC(2026, 10, 25) / 1000],
      [5, 9, 9],
    ]);
  });

  it("sums to cents and finds the first highest day", () => {
    expect(seriesSum(series, "clicks")).toBe(23);
    expect(seriesSum(series, "volumeUsdt")).toBe(0.3); // not 0.30000000000000004
    expect(seriesPeak(series, "clicks")).toEqual({ day: "2026-11-24", value: 9 });
    expect(seriesPeak([], "clicks")).toBeNull();
  });

  it("has a chart for every headline figure; active traders are distinct, not summed", () => {
    expect(TREND_FIGURES).toHaveLength(9);
    expect(TREND_FIGURES.filter((f) => !isAdditive(f))).toEqual(["activeTraders"]);
  });
});

describe("table pagination", () => {
  it("is one setup for both tables, with page changes reported", () => {
    const pages: number[] = [];
    const config = serverTablePagination(3, 120, (page) => pages.push(page));
    expect(config).toMatchObject({ current: 3, total: 120, pageSize: TABLE_PAGE_SIZE, showSizeChanger: false });
    config.onChange?.(4, TABLE_PAGE_SIZE);
    expect(pages).toEqual([4]);
    expect(serverTablePagination(1, 0).onChange).toBeUndefined();
  });

  it("offers 10, 20, 50 and 100 a page when asked; a new size is reported instead of a page (issue 34)", () => {
    const pages: number[] = [];
    const sizes: number[] = [];
    const config = serverTablePagination(3, 500, (page) => pages.push(page), {
      pageSize: 20,
      onSize: (size) => sizes.push(size),
    });
    expect(config).toMatchObject({ pageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] });
    config.onChange?.(4, 20);
    config.onChange?.(1, 100);
    expect(pages).toEqual([4]);
    expect(sizes).toEqual([100]);
  });

  it("renders page items without href-less anchors", () => {
    const item = pagerItemWithoutAnchor(2, "page", createElement("a", { rel: "nofollow", className: "x" }, 2));
    expect(isValidElement(item) && item.type).toBe("span");
    expect(isValidElement<{ rel?: string; className?: string; children?: unknown }>(item) && item.props).toEqual({
      className: "x",
      children: 2,
    });
    const button = createElement("button", { type: "button" });
    expect(pagerItemWithoutAnchor(1, "prev", button)).toBe(button);
  });
});

describe("dashboard colours", () => {
  it("keep every overridden text colour at WCAG AA (4.5:1) on its surface", () => {
    for (const theme of ["White", "Black"] as const) {
      const tokens: Record<string, string> = DASHBOARD_TOKENS[theme];
      const surface = DASHBOARD_SURFACES[theme];
      for (const key of ["colorLink", "colorTextPlaceholder", "colorTextDescription", "colorTextTertiary"]) {
        expect(contrastRatio(tokens[key] ?? "", surface), `${theme} ${key}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    // button text on the primary colour
    expect(contrastRatio("#ffffff", DASHBOARD_TOKENS.White.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(
      contrastRatio(DASHBOARD_TOKENS.Black.colorTextLightSolid, DASHBOARD_TOKENS.Black.colorPrimary),
    ).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
});

describe("percentages and bidi", () => {
  it("formats basis points as Intl percentages", () => {
    const percent = (bps: number, locale: "en" | "de") => formatBps(createFormat(locale, { timeZone: "UTC" }), bps);
    expect(percent(4500, "en")).toBe("45%");
    expect(percent(1250, "en")).toBe("12.5%");
    expect(percent(1, "en")).toBe("0.01%");
    expect(percent(4500, "de")).toBe("45\u00a0%");
  });

  it("isolates numbers: <bdi> in rich messages, FSI/PDI in plain text", () => {
    const node = NUM_TAG.num("45%");
    expect(isValidElement(node) && node.type).toBe("bdi");
    expect(isolate("45%")).toBe("\u206845%\u2069");
  });
});

describe("poster", () => {
  it("names the file after the code and shrinks long lines to fit", () => {
    expect(posterFileName("AB12cd")).toBe("referral-AB12cd.png");
    expect(posterFileName("../x")).toBe("referral-x.png");
    expect(fittingSize((size) => size * 10, 40, 300)).toBe(30);
    expect(fittingSize((size) => size * 100, 40, 10)).toBe(12);
  });

  it("draws every text and the QR code inside the poster", () => {
    const texts: string[] = [];
    const images: number[][] = [];
    const ctx = {
      fillStyle: "",
      font: "",
      textAlign: "start",
      textBaseline: "alphabetic",
      direction: "inherit",
      fillRect: () => undefined,
      fillText: (text: string) => texts.push(text),
      measureText: () => ({ width: 100 }),
      createLinearGradient: () => ({ addColorStop: () => undefined }),
      drawImage: (_image: unknown, x: number, y: number, w: number, h: number) => images.push([x, y, w, h]),
      beginPath: () => undefined,
      roundRect: () => undefined,
      fill: () => undefined,
    } as unknown as Parameters<typeof drawPoster>[0];
    const text = {
      brand: "B",
      headline: "H",
      code: "C",
      rebate: "R",
      scan: "S",
      url: "U",
      direction: "rtl" as const,
      font: "sans-serif",
    };
    drawPoster(ctx, text, {} as CanvasImageSource);
    expect(texts).toEqual(["B", "H", "R", "C", "S", "U"]);
    expect(images).toEqual([[POSTER.qr.x, POSTER.qr.y, POSTER.qr.size, POSTER.qr.size]]);
    expect(POSTER.qr.x + POSTER.qr.size).toBeLessThanOrEqual(POSTER.width);
    expect(ctx.direction).toBe("rtl");
  });
});
