import { useLocaleFormat } from "@/lib/format-hook";
import type { Format } from "@/lib/format";

function vipFormatOf(format: Format) {
  return {
    rate: (fraction: number) =>
      format.number(fraction, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 4 }),
    percent: (fraction: number) => format.number(fraction, { style: "percent", maximumFractionDigits: 2 }),
    // minimumFractionDigits said outright: Node's ICU (server render) otherwise keeps the currency's 2 ("$2.50M") where
    // the browser's drops them ("$2.5M"), and the page would not hydrate as rendered.
    usdCompact: (amount: number) =>
      format.number(amount, {
        style: "currency",
        currency: "USD",
        notation: "compact",
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }),
    usd: (amount: number) => format.number(amount, { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
    amount: (value: number) => format.number(value, { maximumFractionDigits: 0 }),
    date: (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" }),
    dateTime: (iso: string) =>
      format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
  };
}

/**
 * Number formats of the VIP pages: fee rates as percentages, USD amounts compact ($2M) or in full, dates in UTC. The
 * page's locale alone (no viewer clock), so the views that use them render on the server too (the programme, the
 * guide).
 */
export const useVipFormat = () => vipFormatOf(useLocaleFormat());
