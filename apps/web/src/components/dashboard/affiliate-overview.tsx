"use client";
import { useState } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { AffiliateLevelStatus, AffiliateSummary, AffiliateSummaryFigures, MyAffiliateApplication } from "@affiliates/contracts";
import { isLocale, localePath } from "@affiliates/locales";
import { http } from "@/lib/http";
import { useApi } from "@/lib/use-api";
import { PAGES } from "@/lib/pages";
import { useSession } from "@/state/session";
import { MY_APPLICATION_PATH } from "@/components/apply/application-paths";
import { rangeOf } from "@/lib/date-range";
import dynamic from "next/dynamic";

// The tables and the link form (antd Table, Form, QRCode) are below the fold: they load after the figures.
const ReferralLinks = dynamic(() => import("./referral-links").then((m) => m.ReferralLinks), { ssr: false });
const InviteesTable = dynamic(() => import("./invitees-table").then((m) => m.InviteesTable), { ssr: false });
const CommissionRecords = dynamic(() => import("./commission-records").then((m) => m.CommissionRecords), { ssr: false });

export const SUMMARY_PATH = "v1/affiliate/summary";
export const LEVEL_PATH = "v1/affiliate/level";
export const COMMISSIONS_CSV_PATH = "/v1/affiliate/commissions/export.csv";
/** Periods offered (issue 9: 7 days by default, up to 90). */
export const RANGE_DAYS = [7, 30, 90] as const;
const FIGURES = ["clicks", "signups", "kycVerified", "firstDeposits", "firstTrades", "activeTraders", "volumeUsdt", "commissionPendingUsdt", "commissionSettledUsdt"] as const;
const MONEY = new Set<string>(["volumeUsdt", "commissionPendingUsdt", "commissionSettledUsdt"]);

/** An approved affiliate's headline figures, funnel and level (issue 9); others are pointed to the application. */
export function AffiliateOverview() {
  const { complete, isLogin } = useSession();
  const { data } = useApi(MY_APPLICATION_PATH, () => http.get<MyAffiliateApplication>(MY_APPLICATION_PATH), { ready: complete && isLogin });
  if (!data) return null;
  return data.isAffiliate ? <Performance /> : <NotAffiliate />;
}

function NotAffiliate() {
  const t = useTranslations("affiliateDashboard");
  const locale = useLocale();
  return (
    <section className="section card" data-testid="not-affiliate">
      <p>{t("notAffiliate")}</p>
      {isLocale(locale) && (
        <a className="button button-primary" href={localePath(locale, PAGES.apply.path)}>{t("applyNow")}</a>
      )}
    </section>
  );
}

function Performance() {
  const t = useTranslations("affiliateDashboard");
  const format = useFormatter();
  const [days, setDays] = useState<(typeof RANGE_DAYS)[number]>(RANGE_DAYS[0]);
  const range = rangeOf(days);
  const key = `${SUMMARY_PATH}?${range.from}:${range.to}`;
  const { data } = useApi(key, () => http.get<AffiliateSummary>(SUMMARY_PATH, range), { refreshDeps: [key] });
  const value = (name: keyof AffiliateSummaryFigures, figures: AffiliateSummaryFigures) =>
    MONEY.has(name) ? `${format.number(figures[name], { maximumFractionDigits: 2 })} USDT` : format.number(figures[name]);
  const funnelTop = Math.max(1, data?.funnel[0]?.count ?? 1);
  return (
    <>
      <section className="section" aria-labelledby="performance-title">
        <div className="section-head">
          <h2 id="performance-title">{t("performanceTitle")}</h2>
          <div role="group" aria-label={t("range")} className="segmented">
            {RANGE_DAYS.map((option) => (
              <button key={option} type="button" aria-pressed={days === option} onClick={() => setDays(option)}>
                {t("lastDays", { days: option })}
              </button>
            ))}
          </div>
        </div>
        <dl className="figures" aria-busy={!data} data-testid="figures">
          {FIGURES.map((name) => (
            <div key={name} className="card figure" data-figure={name}>
              <dt>{t(`figures.${name}`)}</dt>
              <dd>{data ? value(name, data.totals) : "\u00a0"}</dd>
            </div>
          ))}
        </dl>
        <a className="button button-ghost" href={`${COMMISSIONS_CSV_PATH}?${new URLSearchParams(range).toString()}`} download data-testid="export-csv">
          {t("exportCsv")}
        </a>
      </section>
      <section className="section" aria-labelledby="funnel-title">
        <h2 id="funnel-title">{t("funnelTitle")}</h2>
        <ol className="funnel" data-testid="funnel">
          {(data?.funnel ?? []).map((step) => (
            <li key={step.step}>
              <span className="funnel-label">{t(`funnel.${step.step}`)}</span>
              <span className="funnel-bar" style={{ inlineSize: `${Math.max(2, (step.count / funnelTop) * 100)}%` }} aria-hidden="true" />
              <span className="funnel-count">{format.number(step.count)}</span>
            </li>
          ))}
        </ol>
      </section>
      <CommissionRecords key={range.from} from={range.from} to={range.to} />
      <LevelCard />
      <ReferralLinks />
      <InviteesTable />
    </>
  );
}

function LevelCard() {
  const t = useTranslations("affiliateDashboard");
  const format = useFormatter();
  const { data } = useApi(LEVEL_PATH, () => http.get<AffiliateLevelStatus>(LEVEL_PATH));
  if (!data) return null;
  const percent = (bps: number) => format.number(bps / 10_000, { style: "percent", maximumFractionDigits: 2 });
  return (
    <section className="section card level-card" aria-labelledby="level-title" data-testid="level-card">
      <h2 id="level-title">{t("levelTitle")}</h2>
      <p className="level-name">{data.name}</p>
      <p>{t("rate", { rate: percent(data.rateBps) })}</p>
      {data.next ? (
        <>
          <p>{t("nextLevel", { name: data.next.name })}</p>
          <p>{t("progressTraders", { current: format.number(data.progress.newTraders), target: format.number(data.next.monthlyNewTraders) })}</p>
          <p>
            {t("progressVolume", {
              current: format.number(data.progress.volumeUsdt, { notation: "compact" }),
              target: format.number(data.next.monthlyVolumeUsdt, { notation: "compact" }),
            })}
          </p>
        </>
      ) : (
        <p>{t("topLevel")}</p>
      )}
      <p className="muted">{t("nextReview", { date: format.dateTime(new Date(`${data.nextReviewDate}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }) })}</p>
    </section>
  );
}
