"use client";
import { useTranslations } from "next-intl";
import type { AffiliateSummaryFigures } from "@affiliates/contracts";
import { useEndpoint } from "@/lib/use-endpoint";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { todayUtc } from "@/lib/report-range";
import { Freshness, useDeskLive } from "./desk-refresh";
import { useStatement } from "./statement-data";
import styles from "./dashboard.module.css";

/** The sections the summary's jump links lead to (their wrappers' ids in affiliate-overview.tsx). */
export const DESK_SECTIONS = ["balance", "records", "trends", "links", "invitees"] as const;
export const deskSectionId = (name: (typeof DESK_SECTIONS)[number]) => `desk-${name}`;

const commissionOf = (figures: AffiliateSummaryFigures | undefined) =>
  figures === undefined ? undefined : figures.commissionPendingUsdt + figures.commissionSettledUsdt;

/**
 * What a partner looks at first, above everything else on a phone (issue 34): the balance and the pending commission
 * (the statement's one answer, the same the balance section shows), today's commission and the period's, when they
 * were last updated (with a refresh), and links to jump to each section of the long page. Laid out (empty, asking
 * nothing: `ready` false) while the user is not yet known to be an affiliate, so the page below does not move.
 */
export function DeskSummary({ period, ready }: { period: AffiliateSummaryFigures | undefined; ready: boolean }) {
  const t = useTranslations("affiliateDashboard.desk");
  const format = useFormat();
  const statement = useStatement(undefined, undefined, ready);
  const today = todayUtc();
  // The same call and cache entry as the period's figures when the period is today (useEndpoint's key).
  const todays = useEndpoint("affiliateSummary", { from: today, to: today }, { ...useDeskLive([]), ready });
  const figures = [
    ["balance", statement.data?.balanceUsdt],
    ["pending", statement.data?.pendingUsdt],
    ["today", commissionOf(todays.data?.totals)],
    ["period", commissionOf(period)],
  ] as const;
  return (
    <section
      className={`section ${styles.deskSummary}`}
      aria-labelledby="desk-summary-title"
      data-testid="desk-summary"
    >
      <h2 id="desk-summary-title" className={styles.deskSummaryTitle}>
        {t("summaryTitle")}
      </h2>
      <dl className={styles.deskFigures}>
        {figures.map(([name, value]) => (
          <div key={name} className="card figure" data-testid={`desk-${name}`}>
            <dt>{t(name)}</dt>
            <dd>
              {value === undefined ? (
                "\u00a0"
              ) : (
                <>
                  {format.number(value, MONEY_DIGITS)} <span className={styles.unit}>USDT</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Freshness />
      <nav aria-label={t("jumpLabel")} className={styles.deskJump} data-testid="desk-jump">
        {DESK_SECTIONS.map((name) => (
          <a key={name} href={`#${deskSectionId(name)}`}>
            {t(`jump.${name}`)}
          </a>
        ))}
      </nav>
    </section>
  );
}
