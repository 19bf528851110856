"use client";
import { useEffect } from "react";
import { Form, Input, Segmented, Select } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import type { FeeLevel } from "@affiliates/contracts";
import { FormKit } from "@/components/form/form-kit";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import styles from "@/components/vip/vip.module.css";
import { useVipStatus } from "@/components/vip/use-vip-status";
import { effectiveRate, type FeeColumn } from "./fee-schedule";
import { MAX_VOLUME, parseLocaleNumber, volumeProblem } from "./fee-volume";

/**
 * The fee page's UI-kit part (antd), loaded when it scrolls into view so its first-load JS stays that of a page
 * without a form: the calculator.
 */
type Market = "spot" | "futures";
type Side = "maker" | "taker";
interface CalculatorValues {
  /** As typed, in the page's number format (de: "1.000,50"). */
  volume?: string;
  level: number;
  market: Market;
  side: Side;
}

/** From a billion up a fee is shown compact ("1.2B"): to the cent it would only be long. */
const COMPACT_FROM = 1e9;

const columnOf = (market: Market, side: Side): FeeColumn => `${market}${side === "maker" ? "Maker" : "Taker"}`;

/** A volume in the page's own number format (de: "1.000,5"), as the field shows it once the entry is left. */
const volumeText = (volume: number, intlLocale: string): string =>
  new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 8, useGrouping: true }).format(volume);

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
  const status = useVipStatus();
  const ownLevel = status.data?.level;
  // The field holds the text as typed, read in the page's locale (issue 34): a number the locale cannot mean ("1.5"
  // in German, where "." only groups) is refused with a message rather than guessed.
  const intlLocale = format.intlLocale;
  const read = (text: string | undefined) => parseLocaleNumber(text ?? "", intlLocale);
  const example = format.number(1000.5, { minimumFractionDigits: 2, useGrouping: true });
  const percent = (fraction: number) =>
    format.number(fraction, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 4 });

  // A signed-in user starts from their own level (a visitor from VIP0), unless they have already picked one.
  useEffect(() => {
    if (ownLevel !== undefined && levels.some((l) => l.level === ownLevel) && !form.isFieldTouched("level"))
      form.setFieldValue("level", ownLevel);
  }, [ownLevel, levels, form]);

  const level = levels.find((l) => l.level === values?.level);
  // Only a volume the field accepts gives a result: an entry with a message next to it clears the last one.
  const typedVolume = read(values?.volume);
  const volume =
    typedVolume !== undefined && !Number.isNaN(typedVolume) && volumeProblem(typedVolume) === null ? typedVolume : null;
  // Leaving the field writes an accepted volume in the page's format; anything else stays as typed, with its message.
  const tidy = () => {
    const left = read(form.getFieldValue("volume") as string | undefined);
    if (left !== undefined && !Number.isNaN(left) && volumeProblem(left) === null)
      form.setFieldValue("volume", volumeText(left, intlLocale));
  };
  const rate = level && values ? effectiveRate(level, columnOf(values.market, values.side), discount) : null;
  const fee = rate !== null && volume !== null ? volume * rate : null;
  const money = (amount: number) =>
    format.number(
      amount,
      amount >= COMPACT_FROM
        ? { notation: "compact", maximumFractionDigits: 2 }
        : // A fee under a cent keeps its own digits rather than reading "0.00".
          amount > 0 && amount < 0.01
          ? { maximumSignificantDigits: 2 }
          : MONEY_DIGITS,
    );
  const maxText = format.number(MAX_VOLUME);

  return (
    <>
      {hasLoadProblem(status) && <LoadProblem result={status} failed={t("levelLoadFailed")} />}
      <Form<CalculatorValues>
        form={form}
        layout="vertical"
        className={styles.calc}
        initialValues={{ level: 0, market: "spot", side: "maker" }}
        noValidate
      >
        <Form.Item
          name="volume"
          label={t("volume")}
          extra={t("volumeHelp", { max: maxText })}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const typedValue = read(value);
                if (typedValue !== undefined && Number.isNaN(typedValue))
                  return Promise.reject(new Error(t("volumeFormat", { example })));
                const problem = volumeProblem(typedValue);
                if (problem === null) return Promise.resolve();
                return Promise.reject(
                  new Error(problem === "tooLarge" ? t("volumeTooLarge", { max: maxText }) : t("volumePositive")),
                );
              },
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" onBlur={tidy} data-testid="fee-calc-volume" />
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
      <div aria-live="polite" data-testid="fee-calc-result" data-level={values?.level}>
        <p className="muted">{fee !== null ? t("result") : t("calcPlaceholder")}</p>
        <p className={styles.result}>
          {fee !== null && rate !== null ? (
            <>
              <span data-testid="fee-calc-amount">{t("resultValue", { fee: money(fee) })}</span>{" "}
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
