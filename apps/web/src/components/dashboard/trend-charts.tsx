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
import { useMemo, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import type { AffiliateSummary } from "@affiliates/contracts";
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
import { useTrendPlot } from "./trend-plot";
import styles from "./dashboard.module.css";

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

  const { box, plotRef } = useTrendPlot(columns, money);

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
