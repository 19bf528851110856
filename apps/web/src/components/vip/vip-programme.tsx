"use client";
import { useTranslations } from "next-intl";
import {
  VIP_METRICS,
  type FeeLevel,
  type VipLevelBenefits,
  type VipProgramme as VipProgrammeAnswer,
} from "@affiliates/contracts";
import { useEndpoint } from "@/lib/use-endpoint";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { TierTable } from "@/components/programme/tier-table";
import { useVipFormat } from "./use-vip-format";
import { VipLink } from "./vip-links";
import styles from "./vip.module.css";

/** The seeded levels (VIP0–VIP7): the rows each table holds while the answer is on its way. */
const PLACEHOLDER_ROWS = 8;
const FEE_COLUMNS = ["spotMaker", "spotTaker", "futuresMaker", "futuresTaker"] as const;

/** The programme's answer, shared (one request, one cache entry) by every component of a page that shows it. */
export function useVipProgramme() {
  return useEndpoint("vipProgramme", {});
}

/** VIP0–VIP7 from the exchange API: qualification, fees, limits and benefits, the trial and the review rules. */
export function VipProgramme() {
  const tc = useTranslations("vipCommon");
  const { data, error, refresh } = useVipProgramme();
  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <div className="section">
        <LoadProblem result={{ data, error, refresh }} failed={tc("loadFailed")} />
      </div>
    );
  }
  const levels = data?.levels ?? [];
  return (
    <>
      <Qualification levels={levels} busy={!data} />
      <Fees levels={levels} discount={data?.platformTokenDiscount} busy={!data} />
      <Benefits levels={levels} benefits={data?.benefits ?? []} busy={!data} />
      {data && <TrialAndRules programme={data} />}
    </>
  );
}

function Qualification({ levels, busy }: { levels: FeeLevel[]; busy: boolean }) {
  const t = useTranslations("vipProgramme");
  const tc = useTranslations("vipCommon");
  const f = useVipFormat();
  const threshold = (value: number | undefined) =>
    value ? tc("atLeast", { value: f.usdCompact(value) }) : <span className={styles.dash}>{tc("notRequired")}</span>;
  // Column names, also each cell's label in the phone card view.
  const labels = VIP_METRICS.map((metric) => tc(`metrics.${metric}`));
  return (
    <section className="section" aria-labelledby="vip-qualify-title">
      <h2 id="vip-qualify-title">{t("qualifyTitle")}</h2>
      <div className="table-scroll">
        <TierTable
          attributes={{ "data-testid": "vip-qualify-table" }}
          caption={t("qualifyCaption")}
          rowHeader={tc("level")}
          loading={busy}
          placeholderRows={PLACEHOLDER_ROWS}
          rows={levels}
          rowKey={(level) => level.level}
          rowName={(level) => level.name}
          columns={VIP_METRICS.map((metric, index) => ({
            key: metric,
            label: labels[index]!,
            cell: (level: (typeof levels)[number]) => threshold(level[metric]),
          }))}
        />
      </div>
    </section>
  );
}

function Fees({ levels, discount, busy }: { levels: FeeLevel[]; discount: number | undefined; busy: boolean }) {
  const t = useTranslations("vipProgramme");
  const tc = useTranslations("vipCommon");
  const f = useVipFormat();
  const labels = FEE_COLUMNS.map((column) => t(column));
  return (
    <section className="section" aria-labelledby="vip-fees-title">
      <h2 id="vip-fees-title">{t("feesTitle")}</h2>
      <div className="table-scroll">
        <TierTable
          attributes={{ "data-testid": "vip-fees-table" }}
          caption={t("feesCaption")}
          rowHeader={tc("level")}
          loading={busy}
          placeholderRows={PLACEHOLDER_ROWS}
          rows={levels}
          rowKey={(level) => level.level}
          rowName={(level) => level.name}
          columns={FEE_COLUMNS.map((c, index) => ({
            key: c,
            label: labels[index]!,
            cell: (level: FeeLevel) => f.rate(level[c]),
          }))}
        />
      </div>
      <p className={styles.note} data-testid="vip-discount-note">
        {discount !== undefined ? t("discountNote", { discount: f.percent(discount) }) : "\u00a0"}
      </p>
    </section>
  );
}

function Benefits({ levels, benefits, busy }: { levels: FeeLevel[]; benefits: VipLevelBenefits[]; busy: boolean }) {
  const t = useTranslations("vipProgramme");
  const tc = useTranslations("vipCommon");
  const f = useVipFormat();
  const byLevel = new Map(benefits.map((b) => [b.level, b]));
  const flag = (on: boolean | undefined) =>
    on ? <span className={styles.check}>{tc("yes")}</span> : <span className={styles.dash}>{tc("no")}</span>;
  const labels = {
    withdrawalLimit: t("withdrawalLimit"),
    dedicatedManager: t("dedicatedManager"),
    airdrops: t("airdrops"),
    vipEarn: t("vipEarn"),
    apiLimit: t("apiLimit"),
    subAccounts: t("subAccounts"),
  };
  return (
    <section className="section" aria-labelledby="vip-benefits-title">
      <h2 id="vip-benefits-title">{t("benefitsTitle")}</h2>
      <div className="table-scroll">
        <TierTable
          attributes={{ "data-testid": "vip-benefits-table" }}
          caption={t("benefitsCaption")}
          rowHeader={tc("level")}
          loading={busy}
          placeholderRows={PLACEHOLDER_ROWS}
          rows={levels}
          rowKey={(level) => level.level}
          rowName={(level) => level.name}
          columns={[
            {
              key: "withdrawalLimit",
              label: labels.withdrawalLimit,
              cell: (level) => (level.withdrawalLimit24h ? f.usdCompact(level.withdrawalLimit24h) : ""),
            },
            {
              key: "dedicatedManager",
              label: labels.dedicatedManager,
              cell: (level) => flag(byLevel.get(level.level)?.dedicatedManager),
            },
            { key: "airdrops", label: labels.airdrops, cell: (level) => flag(byLevel.get(level.level)?.airdrops) },
            { key: "vipEarn", label: labels.vipEarn, cell: (level) => flag(byLevel.get(level.level)?.vipEarn) },
            {
              key: "apiLimit",
              label: labels.apiLimit,
              cell: (level) => {
                const b = byLevel.get(level.level);
                return b ? tc("perSecond", { count: b.apiRequestsPerSecond }) : "";
              },
            },
            {
              key: "subAccounts",
              label: labels.subAccounts,
              cell: (level) => {
                const b = byLevel.get(level.level);
                return b ? f.amount(b.subAccounts) : "";
              },
            },
          ]}
        />
      </div>
    </section>
  );
}

function TrialAndRules({ programme }: { programme: VipProgrammeAnswer }) {
  const t = useTranslations("vipProgramme");
  const f = useVipFormat();
  const { trial, rules } = programme;
  const trialLevel = programme.levels.find((l) => l.level === trial.level)?.name ?? `VIP${trial.level}`;
  return (
    <section className={`section ${styles.grid}`}>
      <div className="card" data-testid="vip-trial">
        <h2>{t("trialTitle")}</h2>
        <p>
          {t("trialBody", {
            deposit: f.usd(trial.depositUsd),
            spot: f.usdCompact(trial.spotVolume30d),
            futures: f.usdCompact(trial.futuresVolume30d),
            level: trialLevel,
            days: trial.days,
          })}
        </p>
        <VipLink name="deposit" className="button button-primary" label={t("trialCta")} />
      </div>
      <div className="card" data-testid="vip-rules">
        <h2>{t("rulesTitle")}</h2>
        <VipRulesList rules={rules} />
      </div>
    </section>
  );
}

/** The review, protection and grace rules with the API's figures (also shown by the guide). */
export function VipRulesList({ rules }: { rules: VipProgrammeAnswer["rules"] }) {
  const t = useTranslations("vipProgramme");
  const hour = `${String(rules.reviewHourUtc).padStart(2, "0")}:00`;
  return (
    <ul className={styles.rules}>
      <li>{t("rulesReview", { hour })}</li>
      <li>{t("rulesProtection", { days: rules.protectionDays })}</li>
      <li>{t("rulesGrace", { days: rules.graceDays })}</li>
    </ul>
  );
}
