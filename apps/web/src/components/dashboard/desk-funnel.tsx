"use client";
import { useTranslations } from "next-intl";
import type { AffiliateSummary } from "@affiliates/contracts";
import { useFormat } from "@/lib/format-hook";
import styles from "./dashboard.module.css";

const FUNNEL_ROWS = 5;

/**
 * The period's funnel from clicks to first trades, each step's bar against the first step. Until the period's figures
 * arrive (`funnel` undefined) its rows are laid out empty, so nothing below moves when they fill in.
 */
export function DeskFunnel({ funnel }: { funnel: AffiliateSummary["funnel"] | undefined }) {
  const t = useTranslations("affiliateDashboard");
  const format = useFormat();
  const funnelTop = Math.max(1, funnel?.[0]?.count ?? 1);
  return (
    <section className="section" aria-labelledby="funnel-title">
      <h2 id="funnel-title">{t("funnelTitle")}</h2>
      <ol className="funnel" data-testid="funnel" aria-busy={!funnel}>
        {funnel
          ? funnel.map((step) => (
              <li key={step.step} className={styles.funnelRow}>
                <span className="funnel-label">{t(`funnel.${step.step}`)}</span>
                <span
                  className="funnel-bar"
                  style={{ inlineSize: `${Math.max(2, (step.count / funnelTop) * 100)}%` }}
                  aria-hidden="true"
                />
                <span className="funnel-count">{format.number(step.count, { maximumFractionDigits: 0 })}</span>
              </li>
            ))
          : Array.from({ length: FUNNEL_ROWS }, (_, i) => (
              <li key={i} className={styles.funnelRow} aria-hidden="true" />
            ))}
      </ol>
    </section>
  );
}
