"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { localePath, type Locale } from "@affiliates/locales";
import { DAY_MS, type VipStatus as VipStatusAnswer } from "@affiliates/contracts";
import { PAGES } from "@/lib/pages";
import { hasLoadProblem, LoadProblem, LoginRequired } from "@/components/status/loaded";
import { useSession } from "@/state/session";
import { useVipFormat } from "./vip-format";
import { useVipStatus } from "./use-vip-status";
import { VipLinks } from "./vip-links";
import styles from "./vip.module.css";
import { useIsolate } from "@/lib/use-isolate";

/** The signed-in user's VIP level (login required; the page's guard sends a visitor to log in). */
export function VipStatus({ locale }: { locale: Locale }) {
  const tc = useTranslations("vipCommon");
  const { data, error, refresh } = useVipStatus();
  const { complete, isLogin } = useSession();
  if (complete && !isLogin) {
    return (
      <div className="section">
        <LoginRequired />
      </div>
    );
  }
  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <div className="section">
        <LoadProblem result={{ data, error, refresh }} failed={tc("loadFailed")} />
      </div>
    );
  }
  if (!data) return <div className={`section ${styles.skeleton}`} aria-busy="true" />;
  return (
    <>
      <section className={`section ${styles.grid}`} aria-label={data.name}>
        <LevelCard status={data} />
        {data.grace && <GraceCard status={data} grace={data.grace} />}
        <ProgressCard status={data} />
      </section>
      <MyFees status={data} locale={locale} />
    </>
  );
}

function LevelCard({ status }: { status: VipStatusAnswer }) {
  const t = useTranslations("vipStatus");
  const tc = useTranslations("vipCommon");
  const f = useVipFormat();
  return (
    <div className={`card ${styles.levelCard}`}>
      <h2>{t("currentLevel")}</h2>
      <p className={styles.levelName} data-testid="vip-level">
        {status.name}
      </p>
      <p data-testid="vip-qualified-by">
        {status.grace
          ? t("heldByGrace")
          : status.qualifiedBy
            ? t("qualifiedBy", { metric: tc(`metrics.${status.qualifiedBy}`) })
            : t("notQualified")}
      </p>
      <p className="muted">{t("reviewed", { date: f.date(status.reviewedAt) })}</p>
    </div>
  );
}

function GraceCard({ status, grace }: { status: VipStatusAnswer; grace: NonNullable<VipStatusAnswer["grace"]> }) {
  const t = useTranslations("vipStatus");
  const f = useVipFormat();
  const [now] = useState(Date.now); // read once, not on every render (a render stays pure)
  const daysLeft = Math.max(0, Math.ceil((Date.parse(grace.endsAt) - now) / DAY_MS));
  return (
    <div className={`card ${styles.graceCard}`} data-testid="vip-grace" role="status">
      <h2>{t("graceTitle")}</h2>
      <p>
        {t("graceBody", { level: `VIP${grace.level}`, date: f.date(grace.endsAt), earned: `VIP${status.metricLevel}` })}
      </p>
      <p className={styles.timer} suppressHydrationWarning>
        {t("graceDaysLeft", { days: daysLeft })}
      </p>
    </div>
  );
}

function ProgressCard({ status }: { status: VipStatusAnswer }) {
  const t = useTranslations("vipStatus");
  const isolate = useIsolate();
  const tc = useTranslations("vipCommon");
  const f = useVipFormat();
  const target = status.target;
  if (!target) {
    return (
      <div className="card">
        <p>{t("topLevel")}</p>
      </div>
    );
  }
  return (
    <div className="card" data-testid="vip-progress">
      <h2>
        {target.reason === "keep"
          ? t("progressKeep", { level: target.name })
          : t("progressNext", { level: target.name })}
      </h2>
      <p className="muted">{t("progressHint")}</p>
      <ul className={styles.progressList}>
        {target.progress.map((p) => {
          const label = tc(`metrics.${p.metric}`);
          return (
            <li key={p.metric} data-metric={p.metric}>
              <div className={styles.progressHead}>
                <strong>{label}</strong>
                <span>
                  {p.ratio >= 1
                    ? t("progressDone")
                    : t("progressValue", {
                        current: isolate(f.usdCompact(p.current)),
                        target: isolate(f.usdCompact(p.target)),
                      })}
                </span>
              </div>
              <div
                className={styles.bar}
                role="progressbar"
                aria-label={label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(p.ratio * 100)}
                aria-valuetext={f.percent(p.ratio)}
              >
                <div className={styles.barFill} style={{ inlineSize: `${Math.round(p.ratio * 100)}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function MyFees({ status, locale }: { status: VipStatusAnswer; locale: Locale }) {
  const t = useTranslations("vipStatus");
  const f = useVipFormat();
  const rows = [
    ["spot", status.fees.spotMaker, status.fees.spotTaker],
    ["futures", status.fees.futuresMaker, status.fees.futuresTaker],
  ] as const;
  const maker = t("maker");
  const taker = t("taker");
  return (
    <section className="section" aria-labelledby="vip-my-fees">
      <h2 id="vip-my-fees">{t("feesTitle")}</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="vip-my-fees">
          <caption>{t("feesCaption", { level: status.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("market")}</th>
              <th scope="col">{maker}</th>
              <th scope="col">{taker}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([market, makerRate, takerRate]) => (
              <tr key={market}>
                <th scope="row">{t(market)}</th>
                <td data-label={maker}>{f.rate(makerRate)}</td>
                <td data-label={taker}>{f.rate(takerRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>{t("withdrawalLimit", { amount: f.usdCompact(status.withdrawalLimit24h) })}</p>
      <div className={styles.actions}>
        <a className={`button button-ghost ${styles.thumb}`} href={localePath(locale, PAGES.fee.path)}>
          {t("allFees")}
        </a>
      </div>
      <VipLinks names={["futures", "spot", "deposit", "coupons"]} />
    </section>
  );
}
