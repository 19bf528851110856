"use client";
import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslations } from "next-intl";
import type { ReportRange } from "@/lib/report-range";
import styles from "./dashboard.module.css";

const DAY = "YYYY-MM-DD";

/**
 * The custom period (antd RangePicker, loaded only when "Custom" is chosen). Days after `today` cannot be picked; the
 * range's other limits are checked by the caller, which shows the translated reason of a refusal.
 */
export function PeriodPicker({
  value,
  today,
  onPick,
}: {
  value: ReportRange;
  today: string;
  onPick: (range: ReportRange) => void;
}) {
  const t = useTranslations("affiliateDashboard.period");
  const end = dayjs(today);
  return (
    <span className={styles.picker}>
      <DatePicker.RangePicker
        aria-label={t("pickerLabel")}
        placeholder={[t("start"), t("end")]}
        format={DAY}
        allowClear={false}
        defaultValue={[dayjs(value.from), dayjs(value.to)]}
        disabledDate={(date: Dayjs) => date.isAfter(end, "day")}
        order={false}
        classNames={{ popup: styles.pickerPopup }}
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          onPick({ from: from ? from.format(DAY) : "", to: to ? to.format(DAY) : "" });
        }}
        data-testid="period-picker"
      />
    </span>
  );
}
