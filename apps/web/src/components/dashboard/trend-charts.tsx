"use client";
/**
 * Trend charts of the dashboard, drawn with uPlot. Why uPlot: ~22 KB gzipped (48 KB minified) with no
 * dependencies, canvas drawing that renders a year of daily points in about a millisecond, and a plain imperative API
 * (no React wrapper needed). Chart.js (~70 KB gz) and ECharts (~300 KB gz) would each cost more than the whole
 * dashboard's budget headroom; hand-drawn SVG would re-implement axis ticks and scaling. This module is loaded lazily
 * (next/dynamic) in its own chunk when the charts come near the viewport, so it is not in the dashboard's first load.
 *
 * Direction: the canvas is laid out left to right in every language (time runs left to right on exchange charts,
 * Arabic ones included); the captions around it follow the page direction. Every chart has a text alternative: a
 * summary as its accessible name and a visually hidden table of the days.
 */
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import type { AffiliateSummary } from "@affiliates/contracts";
import { getLocale, isLocale } from "@affiliates/locales";
import { useTheme } from "@/components/providers/theme-context";
import { NUM_TAG } from "@/lib/bidi";
import {
  isAdditive,
  MONEY_FIGURES,
  seriesColumns,
  seriesPeak,
  TREND_FIGURES,
  type Series,
  type TrendFigure,
} from "@/lib/trend-series";
import styles from "./dashboard.module.css";

const CHART_HEIGHT = 160;
/** Steps of a count axis: whole numbers only (no "2.5 sign-ups"). */
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7,
];
/** At most this many labelled days on the time axis. */
const X_LABELS = 4;

export function TrendCharts({ summary }: { summary: AffiliateSummary }) {
  const t = useTranslations("affiliateDashboard");
  return (
    <div className={styles.charts} data-testid="trend-charts">
      {TREND_FIGURES.map((figure) => (
        <TrendChart key={figure} figure={figure} label={t(`figures.${figure}`)} summary={summary} />
      ))}
    </div>
  );
}

function TrendChart({ figure, label, summary }: { figure: TrendFigure; label: string; summary: AffiliateSummary }) {
  const t = useTranslations("affiliateDashboard.trends");
  const format = useFormat();
  const locale = useLocale();
  const { theme } = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const series: Series = summary.series;
  const money = MONEY_FIGURES.has(figure);
  const value = (n: number) =>
    money ? format.number(n, MONEY_DIGITS) : format.number(n, { maximumFractionDigits: 0 });
  const day = (iso: string) => format.dateTime(new Date(`${iso}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  const total = summary.totals[figure];
  const peak = seriesPeak(series, figure);
  const summaryText = t("summary", {
    figure: label,
    total: value(total),
    from: day(summary.from),
    to: day(summary.to),
    peakDay: peak ? day(peak.day) : "—",
    peak: value(peak?.value ?? 0),
  });
  const columns = useMemo(() => seriesColumns(series, figure), [series, figure]);

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
        cursor: { show: false },
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
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, element.clientWidth), height: CHART_HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [columns, locale, money, theme]);

  return (
    <figure className={styles.chartCard} data-trend={figure}>
      <figcaption className={styles.chartHead}>
        <span>{label}</span>
        <strong>{t.rich(isAdditive(figure) ? "total" : "distinctTotal", { total: value(total), ...NUM_TAG })}</strong>
      </figcaption>
      <div
        ref={box}
        dir="ltr"
        className={styles.chartBox}
        role="img"
        aria-label={summaryText}
        data-testid={`trend-${figure}`}
      />
      <table className={styles.visuallyHidden} data-testid={`trend-table-${figure}`}>
        <caption>{t("tableCaption", { figure: label })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("day")}</th>
            <th scope="col">{t("value")}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((d) => (
            <tr key={d.day} data-day={d.day} data-value={d[figure]}>
              <th scope="row">{day(d.day)}</th>
              <td>{value(d[figure])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
