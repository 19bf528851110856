"use client";
import { useTranslations } from "next-intl";
import { TREND_FIGURES } from "@/lib/trend-series";
import styles from "./dashboard.module.css";

/**
 * The trend charts' place before they arrive (their data, their chunk, or the page's scroll to them): the same grid of
 * cards (a label, the 160 px chart box, the reading hint) as trend-charts.tsx draws, so the funnel and everything
 * below stay where they are at every width (a fixed height reserved 640 px where three rows of cards take ~716).
 */
export function TrendChartsFrame() {
  const t = useTranslations("affiliateDashboard");
  return (
    <div className={styles.charts} aria-hidden="true" data-testid="trend-charts-frame">
      {TREND_FIGURES.map((figure) => (
        <div key={figure} className={styles.chartCard}>
          <div className={styles.chartHead}>
            <span>{t(`figures.${figure}`)}</span>
            <strong>{"\u00a0"}</strong>
          </div>
          <div className={styles.chartBox} />
          <p className={styles.chartReading}>{t("trends.readHint")}</p>
        </div>
      ))}
    </div>
  );
}
