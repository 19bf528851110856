/** UTC calendar days as `YYYY-MM-DD` text (they compare in order as strings on both dialects). */
import { DAY_MS } from "@affiliates/contracts";

export { DAY_MS };
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
export const dayStart = (day: string): string => `${day}T00:00:00.000Z`;
/** `2026-03-15` → `2026-04-01`. */
export const firstOfNextMonth = (day: string): string => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return dayOf(d.getTime());
};
/** `2026-03` → `2026-02`. */
export const previousMonth = (month: string): string => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
};
