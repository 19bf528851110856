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
 *
 * Reading a value (issue 34): a tap, a click or a pointer over the chart picks the nearest day, as do the arrow keys
 * (Home/End: first and last day) once the chart has the focus (it is a slider over the days); the picked day and its
 * value show under the chart and are announced, and uPlot's cursor marks the day on the canvas.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
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
  const plotRef = useRef<uPlot | null>(null);
  const series: Series = summary.series;
  // The day being read (index in the series), null until the reader picks one.
  const [picked, setPicked] = useState<number | null>(null);
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

  const last = series.length - 1;
  const pick = (index: number) => {
    const i = Math.min(Math.max(0, index), last);
    setPicked(i);
    const plot = plotRef.current;
    const x = columns[0][i];
    if (plot && x !== undefined) plot.setCursor({ left: plot.valToPos(x, "x"), top: 0 }, false);
  };
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const plot = plotRef.current;
    if (!plot || last < 0) return;
    const over = plot.over.getBoundingClientRect();
    // The canvas runs left to right in every language (dir="ltr" above).
    pick(plot.posToIdx(event.clientX - over.left));
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: (picked ?? last + 1) - 1,
      ArrowDown: (picked ?? last + 1) - 1,
      ArrowRight: (picked ?? -1) + 1,
      ArrowUp: (picked ?? -1) + 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined || last < 0) return;
    event.preventDefault();
    pick(to);
  };
  const point = picked === null ? undefined : series[picked];
  const reading = point ? t("reading", { day: day(point.day), value: value(point[figure]) }) : t("readHint");

  return (
    <figure className={styles.chartCard} data-trend={figure}>
      <figcaption className={styles.chartHead}>
        <span>{label}</span>
        <strong>{t.rich(isAdditive(figure) ? "total" : "distinctTotal", { total: value(total), ...NUM_TAG })}</strong>
      </figcaption>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t("explore", { figure: label })}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, last)}
        aria-valuenow={picked ?? Math.max(0, last)}
        aria-valuetext={point ? reading : t("readHint")}
        className={styles.chartReader}
        onPointerDown={onPointer}
        onPointerMove={(event) => event.buttons !== 0 && onPointer(event)}
        onKeyDown={onKey}
        data-testid={`trend-reader-${figure}`}
      >
        <div
          ref={box}
          dir="ltr"
          className={styles.chartBox}
          role="img"
          aria-label={summaryText}
          data-testid={`trend-${figure}`}
        />
      </div>
      <p
        className={styles.chartReading}
        aria-live="polite"
        data-testid={`trend-reading-${figure}`}
        data-day={point?.day}
      >
        {reading}
      </p>
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
