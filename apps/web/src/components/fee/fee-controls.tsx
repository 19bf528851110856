"use client";
import { Form, InputNumber, Segmented, Select, Switch } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import type { FeeLevel } from "@affiliates/contracts";
import { FormKit } from "@/components/form/form-kit";
import styles from "@/components/vip/vip.module.css";
import { VIP_TRACKING_IDS } from "@/components/vip/vip-paths";
import { effectiveRate, type FeeColumn } from "./fee-schedule";

/**
 * The fee page's UI-kit parts (antd), loaded after the page so its first-load JS stays that of a page without a form:
 * the platform-token switch and the calculator.
 */
type Market = "spot" | "futures";
type Side = "maker" | "taker";
interface CalculatorValues {
  volume?: number | null;
  level: number;
  market: Market;
  side: Side;
}

const columnOf = (market: Market, side: Side): FeeColumn => `${market}${side === "maker" ? "Maker" : "Taker"}`;

export function FeeDiscountSwitch({ checked, onChange, disabled }: { checked: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  return (
    <FormKit>
      <Switch
        id="fee-discount"
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        data-testid="fee-discount-switch"
        data-track-id={VIP_TRACKING_IDS.feeDiscount}
        aria-describedby="fee-discount-hint"
      />
    </FormKit>
  );
}

/** Volume, level, market and order type → the fee, from the same rates (and discount) as the table. */
export function FeeCalculator({ levels, discount }: { levels: FeeLevel[]; discount: number }) {
  return (
    <FormKit>
      <Calculator levels={levels} discount={discount} />
    </FormKit>
  );
}

function Calculator({ levels, discount }: { levels: FeeLevel[]; discount: number }) {
  const t = useTranslations("feeTools");
  const format = useFormat();
  const [form] = Form.useForm<CalculatorValues>();
  const values = Form.useWatch([], form) as CalculatorValues | undefined;
  const percent = (fraction: number) => format.number(fraction, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 4 });

  const level = levels.find((l) => l.level === values?.level);
  const volume = typeof values?.volume === "number" && values.volume > 0 ? values.volume : null;
  const rate = level && values ? effectiveRate(level, columnOf(values.market, values.side), discount) : null;
  const fee = rate !== null && volume !== null ? volume * rate : null;

  return (
    <>
      <Form<CalculatorValues> form={form} layout="vertical" className={styles.calc} initialValues={{ level: 0, market: "spot", side: "maker" }}>
        <Form.Item name="volume" label={t("volume")} rules={[{ type: "number", min: 0 }]}>
          <InputNumber<number> min={0} step={1000} style={{ inlineSize: "100%" }} data-testid="fee-calc-volume" />
        </Form.Item>
        <Form.Item name="level" label={t("level")}>
          <Select data-testid="fee-calc-level" options={levels.map((l) => ({ value: l.level, label: l.name }))} />
        </Form.Item>
        <Form.Item name="market" label={t("market")}>
          <Segmented<Market>
            block
            options={[
              { value: "spot", label: t("spot") },
              { value: "futures", label: t("futures") },
            ]}
          />
        </Form.Item>
        <Form.Item name="side" label={t("side")}>
          <Segmented<Side>
            block
            options={[
              { value: "maker", label: t("maker") },
              { value: "taker", label: t("taker") },
            ]}
          />
        </Form.Item>
      </Form>
      <div aria-live="polite" data-testid="fee-calc-result">
        <p className="muted">{fee !== null ? t("result") : t("calcPlaceholder")}</p>
        <p className={styles.result}>
          {fee !== null && rate !== null ? (
            <>
              <span data-testid="fee-calc-amount">{t("resultValue", { fee: format.number(fee, { maximumFractionDigits: 8 }) })}</span>{" "}
              <span className="muted">{t("resultRate", { rate: percent(rate) })}</span>
            </>
          ) : (
            "\u00a0"
          )}
        </p>
      </div>
    </>
  );
}
