"use client";
import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import styles from "@/components/vip/vip.module.css";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";
import { LoadFailed } from "@/components/status/load-failed";
import { FeeSchedule, useFeeSchedule } from "./fee-schedule";

// The antd parts load after the page (their size, not the table's, is what a form costs); until then their boxes hold
// the space they take, so nothing moves.
const FeeDiscountSwitch = dynamic(() => import("./fee-controls").then((m) => m.FeeDiscountSwitch), {
  ssr: false,
  loading: () => <span className={styles.switchBox} aria-hidden="true" />,
});
const FeeCalculator = dynamic(() => import("./fee-controls").then((m) => m.FeeCalculator), {
  ssr: false,
  loading: () => <div className={styles.calcBox} aria-hidden="true" />,
});

/** The fee page's island: the platform-token discount toggle, the schedule and a calculator on the same figures. */
export function FeeExplorer() {
  const t = useTranslations("feeTools");
  const format = useFormat();
  const { data, error, refresh } = useFeeSchedule();
  const [discountOn, setDiscountOn] = useState(false);
  const discount = discountOn && data ? data.platformTokenDiscount : 0;
  if (error && !data) {
    return (
      <section className="section">
        <LoadFailed onRetry={refresh} />
      </section>
    );
  }
  return (
    <>
      <section className="section">
        <div className={styles.toolbar}>
          {/* The switch sits inside its label: the whole line is the thumb's target, not only the 44 x 22 px switch. */}
          <label htmlFor="fee-discount" className={styles.switchLabel}>
            <FeeDiscountSwitch checked={discountOn} onChange={setDiscountOn} disabled={!data} />
            <span>{t("discountLabel")}</span>
          </label>
          <span className="muted" id="fee-discount-hint">
            {data ? t("discountHint", { discount: format.number(data.platformTokenDiscount, { style: "percent", maximumFractionDigits: 2 }) }) : <Ghost>{t("discountHint", { discount: GHOST_FIGURE })}</Ghost>}
          </span>
        </div>
        <FeeSchedule discount={discount} />
      </section>
      <section className="section" aria-labelledby="fee-calc-title">
        <h2 id="fee-calc-title">{t("calcTitle")}</h2>
        <p className="muted">{t("calcIntro")}</p>
        <div className={`card ${styles.calcCard}`}>{data ? <FeeCalculator levels={data.levels} discount={discount} /> : <div className={styles.calcBox} aria-hidden="true" />}</div>
      </section>
    </>
  );
}
