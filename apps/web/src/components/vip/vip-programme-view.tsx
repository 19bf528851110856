import { useTranslations } from "next-intl";
import {
  VIP_METRICS,
  type FeeLevel,
  type VipLevelBenefits,
  type VipProgramme as VipProgrammeAnswer,
} from "@affiliates/contracts";
import { TierTable, type TierColumn } from "@/components/programme/tier-table";
import { useVipFormat } from "./vip-format";
import { VipLink } from "./vip-links";
import { VipRulesList } from "./vip-rules-list";
import styles from "./vip.module.css";

/** The seeded levels (VIP0–VIP7): the rows each table holds while the answer is on its way. */
const PLACEHOLDER_ROWS = 8;
const FEE_COLUMNS = ["spotMaker", "spotTaker", "futuresMaker", "futuresTaker"] as const;

/**
 * VIP0–VIP7 from the exchange API: qualification, fees, limits and benefits, the trial and the review rules (none
 * yet: ghost rows). It renders on the server (vip-programme.tsx) as in the browser.
 */
export function VipProgrammeView({ data }: { data: VipProgrammeAnswer | undefined }) {
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

/**
 * A table of the VIP levels (one row each, named by the level): what the three tables of the page share; a column's
 * label is also its cells' label in the phone card view.
 */
function VipLevelTable({
  testId,
  caption,
  levels,
  busy,
  columns,
}: {
  testId: string;
  caption: string;
  levels: FeeLevel[];
  busy: boolean;
  columns: TierColumn<FeeLevel>[];
}) {
  const tc = useTranslations("vipCommon");
  return (
    <div className="table-scroll">
      <TierTable
        attributes={{ "data-testid": testId }}
        caption={caption}
        rowHeader={tc("level")}
        loading={busy}
        placeholderRows={PLACEHOLDER_ROWS}
        rows={levels}
        rowKey={(level) => level.level}
        rowName={(level) => level.name}
        columns={columns}
      />
    </div>
  );
}

function Qualification({ levels, busy }: { levels: FeeLevel[]; busy: boolean }) {
  const t = useTranslations("vipProgramme");
  const tc = useTranslations("vipCommon");
  const f = useVipFormat();
  const threshold = (value: number | undefined) =>
    value ? tc("atLeast", { value: f.usdCompact(value) }) : <span className={styles.dash}>{tc("notRequired")}</span>;
  return (
    <section className="section" aria-labelledby="vip-qualify-title">
      <h2 id="vip-qualify-title">{t("qualifyTitle")}</h2>
      <VipLevelTable
        testId="vip-qualify-table"
        caption={t("qualifyCaption")}
        levels={levels}
        busy={busy}
        columns={VIP_METRICS.map((metric) => ({
          key: metric,
          label: tc(`metrics.${metric}`),
          cell: (level) => threshold(level[metric]),
        }))}
      />
    </section>
  );
}

function Fees({ levels, discount, busy }: { levels: FeeLevel[]; discount: number | undefined; busy: boolean }) {
  const t = useTranslations("vipProgramme");
  const f = useVipFormat();
  return (
    <section className="section" aria-labelledby="vip-fees-title">
      <h2 id="vip-fees-title">{t("feesTitle")}</h2>
      <VipLevelTable
        testId="vip-fees-table"
        caption={t("feesCaption")}
        levels={levels}
        busy={busy}
        columns={FEE_COLUMNS.map((column) => ({
          key: column,
          label: t(column),
          cell: (level) => f.rate(level[column]),
        }))}
      />
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
  return (
    <section className="section" aria-labelledby="vip-benefits-title">
      <h2 id="vip-benefits-title">{t("benefitsTitle")}</h2>
      <VipLevelTable
        testId="vip-benefits-table"
        caption={t("benefitsCaption")}
        levels={levels}
        busy={busy}
        columns={[
          {
            key: "withdrawalLimit",
            label: t("withdrawalLimit"),
            cell: (level) => (level.withdrawalLimit24h ? f.usdCompact(level.withdrawalLimit24h) : ""),
          },
          {
            key: "dedicatedManager",
            label: t("dedicatedManager"),
            cell: (level) => flag(byLevel.get(level.level)?.dedicatedManager),
          },
          { key: "airdrops", label: t("airdrops"), cell: (level) => flag(byLevel.get(level.level)?.airdrops) },
          { key: "vipEarn", label: t("vipEarn"), cell: (level) => flag(byLevel.get(level.level)?.vipEarn) },
          {
            key: "apiLimit",
            label: t("apiLimit"),
            cell: (level) => {
              const b = byLevel.get(level.level);
              return b ? tc("perSecond", { count: b.apiRequestsPerSecond }) : "";
            },
          },
          {
            key: "subAccounts",
            label: t("subAccounts"),
            cell: (level) => {
              const b = byLevel.get(level.level);
              return b ? f.amount(b.subAccounts) : "";
            },
          },
        ]}
      />
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
