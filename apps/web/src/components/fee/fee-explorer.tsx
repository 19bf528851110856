"use client";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import styles from "@/components/vip/vip.module.css";
import { Ghost, GHOST_FIGURE } from "@/components/loading/ghost";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { Deferred } from "@/components/loading/deferred";
import { clientLazy } from "@/components/loading/client-lazy";
import { VIP_TRACKING_IDS } from "@/components/vip/vip-tracking-ids";
import { FeeSchedule, useFeeSchedule } from "./fee-schedule";

// The calculator (antd) loads when its card scrolls into view, not with the page: it is below the schedule on a phone,
// and the UI kit's first render was the page's longest task. Until then its box holds the space it takes.
const FeeCalculator = clientLazy(
  () => import("./fee-controls").then((m) => m.FeeCalculator),
  () => <div className={styles.calcBox} aria-hidden="true" />,
);
/** The calculator's card height, reserved before it loads. */
const CALC_MIN_HEIGHT = 150;

/** The fee page's island: the platform-token discount toggle, the schedule and a calculator on the same figures. */
export function FeeExplorer() {
  const t = useTranslations("feeTools");
  const format = useFormat();
  const { data, error, refresh } = useFeeSchedule();
  const [discountOn, setDiscountOn] = useState(false);
  const discount = discountOn && data ? data.platformTokenDiscount : 0;
  // The switch is a native checkbox in the server's HTML: a tap before React takes over flips it there. Its state is
  // read once hydrated, so the table follows what the switch shows (issue 37).
  const switchRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const shown = switchRef.current?.checked;
    if (shown !== undefined) setDiscountOn(shown);
  }, []);
  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <section className="section">
        <LoadProblem result={{ data, error, refresh }} />
      </section>
    );
  }
  return (
    <>
      <section className="section">
        <div className={styles.toolbar}>
          {/* The switch sits inside its label: the whole line is the thumb's target, not only the 44 x 22 px switch. */}
          <label htmlFor="fee-discount" className={styles.switchLabel}>
            {/* A native switch: in the HTML and working from the first paint, no UI kit for one toggle. */}
            <input
              ref={switchRef}
              id="fee-discount"
              type="checkbox"
              role="switch"
              className={styles.switch}
              checked={discountOn}
              onChange={(event) => setDiscountOn(event.target.checked)}
              disabled={!data}
              data-testid="fee-discount-switch"
              data-track-id={VIP_TRACKING_IDS.feeDiscount}
              aria-describedby="fee-discount-hint"
            />
            <span>{t("discountLabel")}</span>
          </label>
          <span className="muted" id="fee-discount-hint">
            {data ? (
              t("discountHint", {
                discount: format.number(data.platformTokenDiscount, { style: "percent", maximumFractionDigits: 2 }),
              })
            ) : (
              <Ghost>{t("discountHint", { discount: GHOST_FIGURE })}</Ghost>
            )}
          </span>
        </div>
        <FeeSchedule discount={discount} />
      </section>
      <section className="section" aria-labelledby="fee-calc-title">
        <h2 id="fee-calc-title">{t("calcTitle")}</h2>
        <p className="muted">{t("calcIntro")}</p>
        <div className={`card ${styles.calcCard}`}>
          {data ? (
            <Deferred name="fee-calculator" minHeight={CALC_MIN_HEIGHT} margin="0px">
              <FeeCalculator levels={data.levels} discount={discount} />
            </Deferred>
          ) : (
            <div className={styles.calcBox} aria-hidden="true" />
          )}
        </div>
      </section>
    </>
  );
}
