"use client";
import type { MouseEvent } from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import type { AffiliateApplication, AffiliateSummaryFigures } from "@affiliates/contracts";
import { isLocale, localePath } from "@affiliates/locales";
import { apiHref } from "@/lib/api-href";
import { useEndpoint } from "@/lib/use-endpoint";
import { PAGES } from "@/lib/pages";
import { useSession } from "@/state/session";
import { useMyApplication } from "@/lib/use-my-application";
import { hasLoadProblem, LoadProblem, LoginRequired } from "@/components/status/loaded";
import { DeskRefreshProvider, useDeskLive } from "./desk-refresh";
import { DeskSummary, deskSectionId } from "./desk-summary";
import { useCsvExport } from "@/lib/use-csv-export";
import { csvQuery, DEFAULT_PRESET, MAX_REPORT_DAYS, RANGE_PRESETS, todayUtc } from "@/lib/report-range";
import { MONEY_FIGURES, TREND_FIGURES } from "@/lib/trend-series";
import { withDashboardKit } from "./dashboard-island";
import { Deferred } from "@/components/loading/deferred";
import { notReadyProps, useHydrated } from "@/lib/use-hydrated";
import { AffiliateSections } from "./affiliate-sections";
import { DeskFunnel } from "./desk-funnel";
import { TrendChartsFrame } from "./trend-charts-frame";
import { useReportPeriod } from "./use-report-period";
import styles from "./dashboard.module.css";

// Below the fold (DatePicker, uPlot; the desk's sections in affiliate-sections.tsx): each loads in its own chunk when it
// is needed, the antd ones with antd's providers around them (dashboard-island.ts).
const TrendCharts = dynamic(() => import("./trend-charts").then((m) => m.TrendCharts), {
  ssr: false,
  loading: () => <TrendChartsFrame />,
});
const PeriodPicker = dynamic(() => withDashboardKit(import("./period-picker").then((m) => m.PeriodPicker)), {
  ssr: false,
  loading: () => <span className={styles.picker} />,
});
/**
 * An approved affiliate's headline figures, trends, funnel and level; others are pointed to the application.
 * Until the application status arrives the figures' frame is already laid out (no layout shift for the affiliates this
 * page is for); it asks for data only once the user is known to be an affiliate.
 */
export function AffiliateOverview() {
  const { complete, isLogin } = useSession();
  const { data, error, refresh } = useMyApplication(complete && isLogin);
  // Known not to be logged in (in the app after a cancelled login; the web has gone to its login page): a way in.
  if (complete && !isLogin) {
    return (
      <section className="section">
        <LoginRequired />
      </section>
    );
  }
  if (data && !data.isAffiliate) return <NotAffiliate application={data.application} />;
  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <section className="section">
        <LoadProblem result={{ data, error, refresh }} />
      </section>
    );
  }
  return (
    <DeskRefreshProvider>
      <Performance affiliate={data?.isAffiliate === true} known={data !== undefined} />
    </DeskRefreshProvider>
  );
}

/** A user who is not an affiliate: their application's state when they have one under review or refused, else the call to apply. */
function NotAffiliate({ application }: { application: AffiliateApplication | null }) {
  const t = useTranslations("affiliateDashboard");
  const format = useFormat();
  const locale = useLocale();
  const applyHref = localePath(isLocale(locale) ? locale : "en", PAGES.apply.path);
  const status = application?.status;
  if (application && (status === "pending" || status === "rejected")) {
    return (
      <section className="section card" data-testid="not-affiliate" aria-labelledby="applicant-title">
        <div data-testid="applicant-status" data-status={status} className={styles.applicant}>
          <h2 id="applicant-title">{t(`applicant.${status}Title`)}</h2>
          <p>{t(`applicant.${status}Body`)}</p>
          <p className="muted">
            {t("applicant.submittedOn", { date: format.dateTime(application.createdAt, { dateStyle: "medium" }) })}
          </p>
          {status === "rejected" && (
            <a className="button button-primary" href={applyHref}>
              {t("applicant.applyAgain")}
            </a>
          )}
        </div>
      </section>
    );
  }
  return (
    <section className="section card" data-testid="not-affiliate">
      <p>{t("notAffiliate")}</p>
      <a className="button button-primary" href={applyHref}>
        {t("applyNow")}
      </a>
    </section>
  );
}

/**
 * `affiliate`: known to be an approved affiliate (data is asked for); `known`: the application status has arrived. Until
 * it has, the affiliate's frame (summary, balance) is laid out empty, so nothing below moves when it fills in.
 */
function Performance({ affiliate, known }: { affiliate: boolean; known: boolean }) {
  const t = useTranslations("affiliateDashboard");
  const tp = useTranslations("affiliateDashboard.period");
  const format = useFormat();
  const { mode, range, problem, choose, custom, pick } = useReportPeriod();
  // The period is the affiliate's: its buttons are ready once React has the page and the user is known to be one.
  const periodReady = useHydrated() && affiliate;
  const { data, error, refresh } = useEndpoint(
    "affiliateSummary",
    { ...range },
    { ...useDeskLive([]), ready: affiliate },
  );
  const csv = useCsvExport("commissions");
  const shown = data && data.from === range.from && data.to === range.to ? data : undefined;
  // The period's figures could not be loaded: one retry in their place, no empty trends and funnel below.
  const failed = affiliate && !shown && error !== undefined;
  // Money: the unit after a breakable space, so a long amount wraps before its unit instead of being clipped.
  const value = (name: keyof AffiliateSummaryFigures, figures: AffiliateSummaryFigures) =>
    MONEY_FIGURES.has(name) ? (
      <bdi>
        {format.number(figures[name], MONEY_DIGITS)} <span className={styles.unit}>USDT</span>
      </bdi>
    ) : (
      format.number(figures[name], { maximumFractionDigits: 0 })
    );
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

  // The default period is the API's own default (the last 7 days, today included): no dates in the pre-rendered href.
  // The href stays for a page whose script has not run; a click downloads the file with its header row translated.
  const csvHref =
    mode === DEFAULT_PRESET ? apiHref("commissionsCsv") : `${apiHref("commissionsCsv")}?${csvQuery(range)}`;
  const exportCsv = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    csv.download("commissionsCsv", { ...range }, `commissions-${range.from}-to-${range.to}.csv`);
  };

  return (
    <>
      {(affiliate || !known) && <DeskSummary period={shown?.totals} ready={affiliate} />}
      <section className="section" aria-labelledby="performance-title">
        <div className="section-head">
          <h2 id="performance-title">{t("performanceTitle")}</h2>
          <div className={styles.periodBar}>
            <div role="group" aria-label={t("range")} className={`segmented ${styles.segmented}`}>
              {RANGE_PRESETS.map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={mode === option}
                  onClick={() => choose(option)}
                  {...notReadyProps(periodReady)}
                >
                  {t("lastDays", { days: option })}
                </button>
              ))}
              <button
                type="button"
                aria-pressed={mode === "custom"}
                onClick={custom}
                data-testid="period-custom"
                {...notReadyProps(periodReady)}
              >
                {tp("custom")}
              </button>
            </div>
            {mode === "custom" && <PeriodPicker value={range} today={todayUtc()} onPick={pick} />}
          </div>
        </div>
        {/* Dates only on the client: the page is pre-rendered at build time, and "today" is the visitor's. */}
        <p
          className={styles.periodShown}
          data-testid="period-shown"
          data-from={affiliate ? range.from : undefined}
          data-to={affiliate ? range.to : undefined}
        >
          {affiliate
            ? tp("showing", {
                range: format.dateTimeRange(day(range.from), day(range.to), { dateStyle: "medium", timeZone: "UTC" }),
              })
            : "\u00a0"}
        </p>
        <p className={styles.problem} role="alert" data-testid="period-problem">
          {problem ? tp(`problems.${problem}`, { days: MAX_REPORT_DAYS }) : null}
        </p>
        {failed ? (
          <LoadProblem result={{ data, error, refresh }} />
        ) : (
          <dl className={`figures ${styles.figures}`} aria-busy={!shown} data-testid="figures">
            {TREND_FIGURES.map((name) => (
              <div key={name} className="card figure" data-figure={name}>
                <dt>{t(`figures.${name}`)}</dt>
                <dd>{shown ? value(name, shown.totals) : <span className="loading-figure" aria-hidden="true" />}</dd>
              </div>
            ))}
          </dl>
        )}
        <a
          className={`button button-ghost ${styles.exportButton}`}
          href={csvHref}
          download
          onClick={exportCsv}
          aria-busy={csv.loading}
          data-testid="export-csv"
        >
          {t("exportCsv")}
        </a>
      </section>
      {!failed && (
        <>
          <section
            id={deskSectionId("trends")}
            className={`section ${styles.deskAnchor}`}
            aria-labelledby="trends-title"
          >
            <h2 id="trends-title">{t("trends.title")}</h2>
            <p className="muted">{t("trends.caption")}</p>
            <Deferred name="trends" placeholder={<TrendChartsFrame />}>
              {shown ? <TrendCharts summary={shown} /> : <TrendChartsFrame />}
            </Deferred>
          </section>
          <DeskFunnel funnel={shown?.funnel} />
        </>
      )}
      {affiliate && <AffiliateSections from={range.from} to={range.to} />}
    </>
  );
}
