"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { FeeLevel, FeeSchedule as FeeScheduleAnswer } from "@affiliates/contracts";
import { http } from "@/lib/http";
import { useApi } from "@/lib/use-api";

export const FEE_SCHEDULE_PATH = "v1/vip/fee-schedule";
/** The seeded schedule's length (VIP0–VIP7): the rows reserved before the answer arrives. */
const PLACEHOLDER_ROWS = 8;

/** The fee schedule by VIP level for spot and futures, from the exchange API. */
export function FeeSchedule() {
  const t = useTranslations("fee");
  const format = useFormatter();
  const { data, loading } = useApi(FEE_SCHEDULE_PATH, () => http.get<FeeScheduleAnswer>(FEE_SCHEDULE_PATH));
  const percent = (rate: number) => format.number(rate, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const rows: FeeLevel[] = data?.levels ?? [];
  // While loading, placeholder rows hold the table's height so nothing below it moves when the figures arrive.
  const placeholders = data ? 0 : PLACEHOLDER_ROWS;
  return (
    <section className="section">
      <div className="table-scroll">
        <table className="data-table" aria-busy={loading} data-testid="fee-table">
          <caption>{t("tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("level")}</th>
              <th scope="col">{t("spotMaker")}</th>
              <th scope="col">{t("spotTaker")}</th>
              <th scope="col">{t("futuresMaker")}</th>
              <th scope="col">{t("futuresTaker")}</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: placeholders }, (_, i) => (
              <tr key={`placeholder-${i}`} aria-hidden="true" className="placeholder-row">
                <td colSpan={5}>{"\u00a0"}</td>
              </tr>
            ))}
            {rows.map((row) => (
              <tr key={row.level}>
                <th scope="row">{row.name}</th>
                <td>{percent(row.spotMaker)}</td>
                <td>{percent(row.spotTaker)}</td>
                <td>{percent(row.futuresMaker)}</td>
                <td>{percent(row.futuresTaker)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
