"use client";
import { useTranslations } from "next-intl";
import { useEndpoint } from "@/lib/use-endpoint";
import { useFormat } from "@/lib/format-hook";
import { zoneName } from "@/lib/viewer-zone";
import { useDeskLive } from "./desk-refresh";
import styles from "./dashboard.module.css";

/** The first page of the statement at the default size: the balance section and the desk's summary share this answer. */
export const STATEMENT_FIRST_PAGE = { page: 1, pageSize: 10 } as const;

/**
 * The statement's answer for a page (the first page's is shared by every section that shows a balance or pending);
 * `ready` false: not asked yet (the user is not yet known to be an affiliate).
 */
export function useStatement(
  page: number = STATEMENT_FIRST_PAGE.page,
  pageSize: number = STATEMENT_FIRST_PAGE.pageSize,
  ready = true,
) {
  return useEndpoint("statement", { page, pageSize }, { ...useDeskLive([]), ready });
}

/** A moment with its zone named, on a 24-hour clock: "28 Nov 2026, 08:00 GMT+8" (settlement reads "00:00 UTC"). */
export const MOMENT_WITH_ZONE: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
};

/** "Times are in GMT+8 (Asia/Shanghai)": said once above a table whose times are the viewer's. */
export function ZoneNote() {
  const t = useTranslations("affiliateDashboard.desk");
  const format = useFormat();
  return (
    <p className={`muted ${styles.zoneNote}`} data-testid="zone-note" data-zone={format.timeZone}>
      {t("zoneNote", { zone: zoneName(format.intlLocale, format.timeZone), name: format.timeZone })}
    </p>
  );
}
