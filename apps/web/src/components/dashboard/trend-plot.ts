"use client";
import { useEffect, useRef, type RefObject } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { useLocale } from "next-intl";
import { getLocale, isLocale } from "@affiliates/locales";
import { useTheme } from "@/components/providers/theme-context";

const CHART_HEIGHT = 160;
/** Steps of a count axis: whole numbers only (no "2.5 sign-ups"). */
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7,
];
/** At most this many labelled days on the time axis. */
const X_LABELS = 4;

/**
 * One trend's uPlot chart in the element `box` goes on, drawn from `columns` (days as seconds, values) in the theme's colours and the
 * locale's day and number formats, redrawn when any of them changes and sized to the box as it resizes. `money`: an
 * amount axis (any step), else a count (whole steps). `plotRef`: the plot, for picking a day on it (null while there is
 * none).
 */
export function useTrendPlot(
  columns: [number[], number[]],
  money: boolean,
): { box: RefObject<HTMLDivElement | null>; plotRef: RefObject<uPlot | null> } {
  const locale = useLocale();
  const { theme } = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const css = getComputedStyle(element);
    const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    const text = color("--text-muted", "#4b5565");
    const grid = color("--border", "#d9dee7");
    const line = color("--link", "#026b7e");
    const font = `11px ${css.fontFamily}`;
    // Intl gets the locale table's BCP 47 tag (`ph` → `fil`, `zh-TC` → `zh-Hant`).
    const intlLocale = isLocale(locale) ? getLocale(locale).htmlLang : "en";
    const dayLabel = new Intl.DateTimeFormat(intlLocale, { month: "short", day: "numeric", timeZone: "UTC" });
    const compact = new Intl.NumberFormat(intlLocale, { notation: "compact", maximumFractionDigits: 1 });
    const xs = columns[0];
    const step = Math.max(1, Math.ceil((xs.length - 1) / (X_LABELS - 1)));
    const xSplits = xs.filter((_, i) => i % step === 0);
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: CHART_HEIGHT,
        legend: { show: false },
        // The cursor only marks the day picked by tap or key (pick() below), not wherever a mouse passes.
        cursor: {
          show: true,
          x: true,
          y: false,
          points: { show: false },
          drag: { x: false, y: false },
          bind: {
            mousemove: () => null,
            mouseleave: () => null,
            mousedown: () => null,
            mouseup: () => null,
            dblclick: () => null,
          },
        },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          {
            stroke: text,
            font,
            grid: { show: false },
            ticks: { stroke: grid, width: 1 },
            splits: () => xSplits,
            values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))),
          },
          {
            stroke: text,
            font,
            size: 48,
            ...(money ? {} : { incrs: COUNT_STEPS }),
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            values: (_u, splits) => splits.map((s) => compact.format(s)),
          },
        ],
        series: [{}, { stroke: line, width: 2, fill: `${line}22`, points: { show: xs.length <= 31, size: 4 } }],
      },
      columns,
      element,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, element.clientWidth), height: CHART_HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plotRef.current = null;
      plot.destroy();
    };
  }, [columns, locale, money, theme]);
  return { box, plotRef };
}
